/// The state of one throttled stream of effects (one id in one feature instance), as a state
/// machine that says what to do next rather than doing it.
///
/// A window opens when an effect runs; effects arriving while it is open are held (the latest,
/// or the first); when the window closes the held effect runs and opens the next window, or the
/// stream goes idle. Each window carries a generation, so that a closing that belongs to a
/// cancelled stream can never clear the window of the stream that replaced it.
struct ThrottleStateMachine<Held> {
  private(set) var generation: Int
  private var held: Held?

  /// What to do with an effect that arrives while a window is open.
  enum Arrival { case hold, drop }

  /// What to do when a window's time is up.
  enum Elapsed {
    /// Run the held effect; the window stays open for another period.
    case run(Held)
    /// Nothing was held: the stream is idle now, forget it.
    case close
  }

  /// A stream whose first window, of `generation`, opens now (its effect runs at once).
  init(generation: Int) {
    self.generation = generation
  }

  /// An effect arrived while the window is open.
  mutating func arrived(_ effect: Held, latest: Bool) -> Arrival {
    if latest || held == nil {
      held = effect
      return .hold
    }
    return .drop
  }

  /// The window of `generation` elapsed; `nil` when the window is not this machine's (stale).
  mutating func elapsed(generation: Int) -> Elapsed? {
    guard generation == self.generation else { return nil }
    guard let next = held else { return .close }
    held = nil
    return .run(next)
  }
}
