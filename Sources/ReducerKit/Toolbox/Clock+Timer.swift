extension Clock where Duration == Swift.Duration {
  /// The instants of a timer that fires every `interval`, until the task is cancelled.
  ///
  /// ```swift
  /// return .run { [clock] send in
  ///   for await _ in clock.timer(interval: .seconds(1)) {
  ///     await send(.timerTicked)
  ///   }
  /// }
  /// ```
  ///
  /// It sleeps on this clock, so a ``TestClock`` drives it: each `advance(by: interval)` fires
  /// it once.
  /// - Parameter interval: The time between two ticks.
  /// - Returns: An endless sequence of the instants the timer fired at.
  public func timer(interval: Duration) -> AsyncStream<Instant> {
    AsyncStream { continuation in
      let task = Task {
        var next = now.advanced(by: interval)
        while !Task.isCancelled {
          do {
            try await sleep(until: next, tolerance: nil)
          } catch {
            break
          }
          continuation.yield(next)
          next = next.advanced(by: interval)
        }
        continuation.finish()
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }
}
