extension Result where Failure == any Error {
  /// The result of an async throwing operation: its value, or the error it threw.
  ///
  /// ```swift
  /// await send(.response(Result { try await client.fetch() }))
  /// ```
  /// - Parameters:
  ///   - isolation: The actor the operation runs on; leave the default (the caller's).
  ///   - body: The operation.
  public init(
    isolation: isolated (any Actor)? = #isolation,
    catching body: () async throws -> Success
  ) async {
    do {
      self = .success(try await body())
    } catch {
      self = .failure(error)
    }
  }
}
