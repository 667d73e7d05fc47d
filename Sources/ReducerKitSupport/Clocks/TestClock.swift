/// A clock whose time moves only when a test says so.
///
/// Effects sleep on it as on any clock; the test moves time forward with ``advance(by:isolation:)`` and
/// every sleeper whose deadline has passed wakes, in deadline order:
///
/// ```swift
/// let clock = TestClock()
/// let store = TestStore(initialState: Search.State()) { Search() } withDependencies: {
///   $0.continuousClock = clock
/// }
/// await store.send(.queryChanged("swift")) { $0.query = "swift" }
/// await clock.advance(by: .milliseconds(300))
/// await store.receive(.searchResponse(results))
/// ```
public final class TestClock: Clock, @unchecked Sendable {
  // NB: `@unchecked Sendable`: all mutable state lives in `state`, a `LockedValue`.

  /// A point in the test clock's time: the duration since the clock was created.
  public struct Instant: InstantProtocol, Sendable {
    /// The time since the clock's start.
    public var offset: Duration

    /// Creates an instant `offset` after the clock's start.
    public init(offset: Duration = .zero) { self.offset = offset }

    /// The instant `duration` later.
    public func advanced(by duration: Duration) -> Self { Self(offset: offset + duration) }
    /// The duration from this instant to `other`.
    public func duration(to other: Self) -> Duration { other.offset - offset }
    /// Whether `lhs` is earlier than `rhs`.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper: Sendable {
    let id: Int
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct State: Sendable {
    var now = Instant()
    var sleepers: [Sleeper] = []
    var nextID = 0
  }

  private let state = LockedValue(State())

  /// Creates a clock at time zero.
  public init() {}

  /// The current time.
  public var now: Instant { state.withLock { $0.now } }

  /// The smallest step: zero.
  public var minimumResolution: Duration { .zero }

  /// The number of tasks sleeping on this clock.
  public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  /// Suspends until the test advances the clock to `deadline`. A deadline equal to ``now`` (a
  /// zero sleep) waits for the next ``advance(by:isolation:)`` or ``run(timeout:fileID:filePath:line:column:isolation:)``; one already
  /// in the past returns at once.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = state.withLock { state -> Int in
      defer { state.nextID += 1 }
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let resumeNow: Result<Void, any Error>? = state.withLock { state in
          if Task.isCancelled { return .failure(CancellationError()) }
          // NB: a deadline already passed returns at once; one equal to `now` (a zero sleep)
          // waits for the next `advance` or `run`, so that it still yields to the test's next
          // step.
          if deadline < state.now { return .success(()) }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return nil
        }
        if let resumeNow { continuation.resume(with: resumeNow) }
      }
    } onCancel: {
      let sleeper = state.withLock { state -> Sleeper? in
        guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return state.sleepers.remove(at: index)
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward by `duration`, waking every sleeper whose deadline is reached, earliest
  /// first, and letting the woken work run before moving on.
  /// - Parameters:
  ///   - duration: How far to move; zero wakes only sleepers already due.
  ///   - isolation: The actor the work runs on; leave the default (the caller's).
  public func advance(
    by duration: Duration = .zero,
    isolation: isolated (any Actor)? = #isolation
  ) async {
    let target = now.advanced(by: duration)
    await Task.megaYield()
    while let sleeper = popEarliest(notAfter: target) {
      sleeper.continuation.resume()
      await Task.megaYield()
    }
    state.withLock { $0.now = max($0.now, target) }
  }

  /// Moves time forward until no task is sleeping on the clock, or until `timeout` of real
  /// time has passed.
  ///
  /// A sleep that never ends — a timer, or an effect that sleeps again each time it wakes —
  /// would keep `run()` going forever: after `timeout` it stops and reports an issue (a test
  /// failure under a test store) naming how many sleeps are still pending.
  /// - Parameters:
  ///   - timeout: How long to keep running (wall-clock) before giving up.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  ///   - isolation: The actor the work runs on; leave the default (the caller's).
  public func run(
    timeout: Duration = .milliseconds(500),
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation
  ) async {
    let wallClock = ContinuousClock()
    let deadline = wallClock.now.advanced(by: timeout)
    await Task.megaYield()
    while let deadlineOnClock = state.withLock({ $0.sleepers.map(\.deadline).min() }) {
      await advance(by: now.duration(to: deadlineOnClock))
      // NB: checked after each step, so that a run always makes progress, however loaded the
      // machine, before it may give up.
      guard wallClock.now >= deadline, sleeperCount > 0 else { continue }
      reportIssue(
        """
        The test clock's run() gave up after \(timeout): \(sleeperCount) sleep(s) were still \
        pending at \(now.offset).

        Something sleeps again each time it wakes (a timer, a polling loop), so time cannot \
        run out. Cancel it first, or advance by a fixed amount: `await clock.advance(by: …)`.
        """,
        at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
      return
    }
  }

  private func popEarliest(notAfter target: Instant) -> Sleeper? {
    state.withLock { state in
      guard
        let index = state.sleepers.indices
          .filter({ state.sleepers[$0].deadline <= target })
          .min(by: { state.sleepers[$0].deadline < state.sleepers[$1].deadline })
      else { return nil }
      let sleeper = state.sleepers.remove(at: index)
      state.now = max(state.now, sleeper.deadline)
      return sleeper
    }
  }
}

extension Task where Success == Never, Failure == Never {
  /// Yields many times, so that work enqueued on the current executor gets to run.
  package static func megaYield(
    count: Int = 10,
    isolation: isolated (any Actor)? = #isolation
  ) async {
    for _ in 0..<count { await Task.yield() }
  }
}
