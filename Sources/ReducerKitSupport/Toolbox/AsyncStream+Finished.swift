extension AsyncStream {
  /// A stream that ends at once, with no element: a test value for an endpoint that streams.
  ///
  /// ```swift
  /// $0.speechClient.startTask = { _ in .finished }
  /// ```
  public static var finished: Self {
    Self { $0.finish() }
  }
}

extension AsyncThrowingStream where Failure == any Error {
  /// A stream that ends at once, with no element — or with `error`.
  ///
  /// ```swift
  /// var startTask: @Sendable () async -> AsyncThrowingStream<Result, any Error> = { .finished() }
  /// ```
  /// - Parameter error: The error it ends with, or `nil` to end normally.
  /// - Returns: The stream.
  public static func finished(throwing error: Failure? = nil) -> Self {
    Self { $0.finish(throwing: error) }
  }
}
