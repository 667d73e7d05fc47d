/// The state of one throttled stream of effects (one id in one feature instance), as a state
/// machine that says what to do next rather than doing it.
///
/// An effect that arrives when no window is open runs at once and opens a window. One that
/// arrives while the window is open is held (the latest, or the first since the last run) and
/// runs when the window ends, opening the next one. Nothing waits once nothing is held: the
/// window is a moment on the clock, not a running task, so after the last effect ran the stream
/// leaves no work in flight. Each hold carries a generation, so that a wake-up that a newer hold
/// replaced does nothing.
struct ThrottleStateMachine<Held> {
  private var window: ThrottleWindow.Opened?
  private var held: Held?
  private var generation = 0

  /// What to do with an effect that arrived.
  enum Arrival {
    /// No window is open: run it now (and open one with ``ran(opening:)``).
    case runNow
    /// A window is open: wait until `window` ends, then ask ``windowEnded(generation:)``.
    case hold(generation: Int, until: ThrottleWindow.Opened)
  }

  /// An effect arrived; `effect` is made only if it is held.
  mutating func arrived(_ effect: @autoclosure () -> Held, latest: Bool) -> Arrival {
    guard let window, !window.hasEnded() else {
      held = nil
      return .runNow
    }
    if latest || held == nil { held = effect() }
    generation += 1
    return .hold(generation: generation, until: window)
  }

  /// An effect ran now, opening `window`.
  mutating func ran(opening window: ThrottleWindow.Opened) {
    self.window = window
    held = nil
  }

  /// The stream was cancelled: forget the held effect (its wait was cancelled); the window
  /// stays open.
  mutating func dropHeld() {
    held = nil
    generation += 1
  }

  /// The wait of the hold of `generation` ended: the effect to run now, if that hold is still
  /// the newest.
  mutating func windowEnded(generation: Int) -> Held? {
    guard generation == self.generation, let next = held else { return nil }
    held = nil
    return next
  }
}

/// How a throttle measures its window on the clock it was given.
@usableFromInline
struct ThrottleWindow: Sendable {
  /// A window opened at one instant.
  struct Opened: Sendable {
    /// Whether the window's time is up.
    let hasEnded: @Sendable () -> Bool
    /// Sleeps until the window's time is up.
    let sleepUntilEnd: @Sendable () async throws -> Void
  }

  /// Opens a window now.
  let open: @Sendable () -> Opened

  /// Windows of `duration` on `clock`.
  init(clock: any Clock<Duration>, duration: Duration) {
    func windows<C: Clock<Duration>>(on clock: C) -> @Sendable () -> Opened {
      {
        let end = clock.now.advanced(by: duration)
        return Opened(
          hasEnded: { clock.now >= end },
          sleepUntilEnd: { try await clock.sleep(until: end, tolerance: nil) })
      }
    }
    self.open = windows(on: clock)
  }
}
