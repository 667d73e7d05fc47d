extension Task where Success == Never, Failure == Never {
  /// Suspends until the task is cancelled, then throws `CancellationError`: an effect that
  /// lives as long as its feature.
  ///
  /// ```swift
  /// return .run { _ in
  ///   defer { analytics.screenClosed() }
  ///   try await Task.never()
  /// }
  /// .cancellable(id: CancelID.screen)
  /// ```
  public static func never() async throws -> Never {
    let stream = AsyncStream<Never> { _ in }
    for await _ in stream {}
    throw Swift.CancellationError()
  }
}
