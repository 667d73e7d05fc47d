extension Effect {
  /// Delays this effect until `duration` has passed with no newer effect for the same `id`.
  ///
  /// Each new debounced effect with the same id (in the same feature instance) cancels the
  /// waiting one, so only the last request in a burst runs — search-as-you-type:
  ///
  /// ```swift
  /// case .queryChanged(let query):
  ///   state.query = query
  ///   return .run { send in await send(.results(try await api.search(query))) }
  ///     .debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
  /// ```
  ///
  /// Inject the clock as a dependency (`@Dependency(\.continuousClock)`) so that tests drive it
  /// with a `TestClock`; any clock measuring `Duration` fits.
  /// - Parameters:
  ///   - id: Identifies the stream of requests; also cancels the work once it started.
  ///   - duration: The quiet time required before the effect runs.
  ///   - clock: The clock that measures the quiet time.
  /// - Returns: The debounced effect.
  public func debounce(
    id: some Hashable & Sendable,
    for duration: Duration,
    clock: any Clock<Duration>
  ) -> Self {
    // NB: built from the primitives: a wait, then the work, in one cancellable sequence that a
    // newer debounced effect with the same id cancels.
    Self.concatenate(
      Self(.run(priority: nil) { _ in try? await clock.sleep(for: duration) }),
      self
    )
    .cancellable(id: id, cancelInFlight: true)
  }
}
