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
    timer(interval: interval) { $0 }
  }

  // NB: disfavoured, so that a clock of known type gets its own `Instant`s; on an existential
  // the other overload cannot be called (its result type depends on the clock's type).
  /// The instants of a timer that fires every `interval`, for a clock of unknown type — the
  /// clock dependency (`@Dependency(\.continuousClock) var clock`, an `any Clock<Duration>`):
  /// ``timer(interval:)-(Duration)`` with its instants as `any InstantProtocol`.
  ///
  /// ```swift
  /// @Dependency(\.continuousClock) var clock
  /// …
  /// for await _ in clock.timer(interval: .seconds(1)) { await send(.timerTicked) }
  /// ```
  /// - Parameter interval: The time between two ticks.
  /// - Returns: An endless sequence of the instants the timer fired at.
  @_disfavoredOverload
  public func timer(
    interval: Duration
  ) -> AsyncStream<any InstantProtocol<Swift.Duration>> {
    timer(interval: interval) { $0 }
  }

  private func timer<Element>(
    interval: Duration, _ element: @escaping @Sendable (Instant) -> Element
  ) -> AsyncStream<Element> {
    AsyncStream { continuation in
      let task = Task {
        var next = now.advanced(by: interval)
        while !Task.isCancelled {
          do {
            try await sleep(until: next, tolerance: nil)
          } catch {
            break
          }
          continuation.yield(element(next))
          next = next.advanced(by: interval)
        }
        continuation.finish()
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }
}
