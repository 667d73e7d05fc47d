/// Runs a child reducer on a part of the parent's state that is always present.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   Scope(state: \.profile, action: .profile) {
///     Profile()
///   }
///   Reduce { state, action in … }   // sees the child's changes
/// }
/// ```
///
/// The child's state is mutated in place through the key path; its effects are mapped into
/// parent actions with the case path. The child is an instance of its own: its effects are
/// filed under the key path, so two sibling `Scope`s of the same feature never cancel each
/// other's work.
///
/// Its last generic parameter is how the parent's case is reached: a ``CasePath``, or, where the
/// case-path plugin wrote the enum's case keys and the case is named by a key path (`action:
/// \.profile`), the case's own key type, whose `switch` is compiled into the scope.
public struct Scope<ParentState, ParentAction, Child: Reducer, ActionPath: _ActionPath>: Reducer
where ActionPath.EnumRoot == ParentAction, ActionPath.CaseValue == Child.Action {
  @usableFromInline let toChildState: StatePath<ParentState, Child.State>
  @usableFromInline let toChildAction: ActionPath
  @usableFromInline let child: _EmbeddedChild<Child>

  /// Scopes `child` to `state` and `action` of the parent.
  /// - Parameters:
  ///   - state: Where the child's state lives in the parent's.
  ///   - action: The parent's case that carries the child's actions.
  ///   - child: Builds the child reducer.
  @inlinable
  public init<ChildState, ChildAction>(
    state: WritableKeyPath<ParentState, ChildState>,
    action: CasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  )
  where
    Child.State == ChildState, Child.Action == ChildAction,
    ActionPath == CasePath<ParentAction, ChildAction>
  {
    self.init(state: state, actionPath: action, child: child)
  }

  /// Scopes `child` to `state` and the parent's case `actionPath` reaches.
  @inlinable
  init(
    state: WritableKeyPath<ParentState, Child.State>, actionPath: ActionPath,
    @ReducerBuilder<Child.State, Child.Action> child: () -> Child
  ) {
    self.toChildState = StatePath(state)
    self.toChildAction = actionPath
    self.child = _EmbeddedChild(child())
  }

  // NB: `@inline(__always)`, like `_EmbeddedChild.reduce`: each level of a hierarchy then runs
  // inside its parent's frame. An action ten `Scope`s deep took 26% fewer instructions under
  // callgrind, and 110–124 → 79–98 ns on the wall clock (one deep 11–12 → 9–10 ns;
  // `benchmarks --filter Scope`, interleaved with the previous build).
  /// Runs the child reducer when `action` is a child action; otherwise does nothing.
  @inlinable @inline(__always)
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = toChildAction._extract(action) else { return .none }
    let effect = toChildState.modify(&state) { child.reduce(into: &$0, action: childAction) }
    // NB: `.none` first, as one comparison, before the effect's case is switched on for
    // scoping: an action ten `Scope`s deep 625 → 588 instructions.
    if effect.isNone { return .none }
    return effect._scoped(
      ScopeComponent(key: toChildState.keyPath), embed: toChildAction._embedding)
  }
}
