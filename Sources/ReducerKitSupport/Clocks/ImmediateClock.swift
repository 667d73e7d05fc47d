/// A clock on which every sleep returns at once, moving its time forward.
///
/// Use it where time should not matter: previews, placeholders, and tests that only care about
/// the result of a delayed effect.
public final class ImmediateClock: Clock, @unchecked Sendable {
  // NB: `@unchecked Sendable`: the only mutable state is `current`, a `LockedValue`.

  private let current = LockedValue(TestClock.Instant())

  /// Creates a clock at time zero.
  public init() {}

  /// The current time: the sum of all sleeps so far.
  public var now: TestClock.Instant { current.withLock { $0 } }
  /// The smallest step: zero.
  public var minimumResolution: Duration { .zero }

  /// Moves the clock to `deadline` and returns after a yield.
  public func sleep(until deadline: TestClock.Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    current.withLock { $0 = max($0, deadline) }
    await Task.yield()
    try Task.checkCancellation()
  }
}

/// The clock a test gets when it did not provide one: it reports a failure when used, then
/// behaves as an ``ImmediateClock`` so that the test does not hang.
package struct UnimplementedClock: Clock {
  let name: String
  let base = ImmediateClock()

  package init(name: String) { self.name = name }

  // NB: reading `now` alone is harmless (and `sleep(for:)` reads it first), so only sleeping
  // is reported.
  package var now: TestClock.Instant { base.now }
  package var minimumResolution: Duration { .zero }

  package func sleep(until deadline: TestClock.Instant, tolerance: Duration? = nil) async throws {
    reportDependencyIssue("Unimplemented: \(name).sleep was called. \(Self.advice(name))")
    try await base.sleep(until: deadline, tolerance: tolerance)
  }

  static func advice(_ name: String) -> String {
    "Override the clock in the test, for example `$0.\(name) = TestClock()`."
  }
}
