extension Effect {
  /// Runs at most one effect with `id` per `duration`, in this feature instance.
  ///
  /// An effect that arrives when no window is open runs at once and opens a window of
  /// `duration`. Effects that arrive while it is open are held: when it ends, the latest one
  /// (or, with `latest: false`, the first one) runs and opens the next window; the others are
  /// dropped. Each throttled effect cancels the work of the previous one with the same id, as
  /// `cancellable(id:cancelInFlight: true)` does.
  ///
  /// ```swift
  /// case .scrolled(let offset):
  ///   return .send(.loadVisibleRows(offset))
  ///     .throttle(id: CancelID.scroll, for: .milliseconds(250), clock: clock)
  /// ```
  ///
  /// Once the last held effect ran, nothing is left running: a test store that asserted it sees
  /// no effect in flight. `.cancel(id:)` drops a held effect and closes the window.
  /// - Parameters:
  ///   - id: Identifies the stream of effects.
  ///   - duration: The window.
  ///   - clock: The clock that measures the window; any clock measuring `Duration` fits.
  ///   - latest: Whether to keep the latest held effect rather than the first.
  /// - Returns: The throttled effect.
  public func throttle(
    id: some Hashable & Sendable,
    for duration: Duration,
    clock: any Clock<Duration>,
    latest: Bool = true
  ) -> Self {
    Self(
      .throttle(
        self, id: CancelID(id), latest: latest,
        window: ThrottleWindow(clock: clock, duration: duration)))
  }
}
