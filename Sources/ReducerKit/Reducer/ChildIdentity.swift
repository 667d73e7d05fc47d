/// Tells two values of a child's state apart as different children: by `id` when the state is
/// `Identifiable`, otherwise never (a child's own mutations keep it the same child).
///
/// `ifLet` and `ifCaseLet` ask it when the parent kept the child present but may have replaced
/// it: a child with another id is a new child, and the old one's effects are cancelled.
@usableFromInline
struct ChildIdentity<State>: Sendable {
  @usableFromInline let id: (@Sendable (State) -> AnyHashable)?

  /// Decided once, when the reducer is built, from the state's type.
  @usableFromInline
  init() {
    guard State.self is any Identifiable.Type else {
      id = nil
      return
    }
    id = { value in
      func open<Value: Identifiable>(_ value: Value) -> AnyHashable { AnyHashable(value.id) }
      // NB: always succeeds: `State` is `Identifiable` (checked above).
      guard let identifiable = value as? any Identifiable else { return AnyHashable(0) }
      return open(identifiable)
    }
  }

  /// Whether the child whose id was `before` is gone in `after`: `nil`, or (for an
  /// `Identifiable` child) one with another id.
  @inlinable
  func isGone(before: AnyHashable?, after: State?) -> Bool {
    guard let after else { return true }
    guard let id, let before else { return false }
    return id(after) != before
  }

  /// The id of `state`, when identity is tracked. `state` is not read otherwise, so that a child
  /// that is not `Identifiable` costs the parent no extra read of it per action.
  @inlinable
  func of(_ state: @autoclosure () -> State?) -> AnyHashable? {
    guard let id, let state = state() else { return nil }
    return id(state)
  }
}
