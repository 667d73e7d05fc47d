/// Actions a child sent synchronously in the action that ended its presentation or popped it (a
/// delegate returned as the parent dismisses it): they reach the parent, not the gone child, and
/// raise no warning. Kept in the presentation's (or stack's) state, so that reducers stay pure.
@usableFromInline
struct Farewells: Sendable {
  @usableFromInline var owed = 0

  @inlinable init() {}

  /// The child that ended sent `effect`: its synchronous actions are owed passage.
  @inlinable
  mutating func owe<Action>(for effect: Effect<Action>) {
    owed += effect.synchronousSendCount
  }

  /// Takes one farewell; `false` when none is owed (the action reaches nothing).
  @inlinable
  mutating func take() -> Bool {
    guard owed > 0 else { return false }
    owed -= 1
    return true
  }
}
