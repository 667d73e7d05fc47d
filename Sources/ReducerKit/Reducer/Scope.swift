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
    let child = _EmbeddedChild(child())
    // NB: in place only for a child whose body was built, so that the offset's test is the only
    // one a level makes (see `reduce`).
    self.toChildState = StatePath(state, inPlace: child.hasBuiltBody)
    self.toChildAction = actionPath
    self.child = child
  }

  // NB: `@inline(__always)`, like `_EmbeddedChild.reduce`: each level of a hierarchy then runs
  // inside its parent's frame. An action ten `Scope`s deep took 26% fewer instructions under
  // callgrind, and 110–124 → 79–98 ns on the wall clock (one deep 11–12 → 9–10 ns;
  // `benchmarks --filter Scope`, interleaved with the previous build).
  /// Runs the child reducer when `action` is a child action; otherwise does nothing.
  @inlinable @inline(__always)
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = toChildAction._extract(action) else { return .none }
    guard toChildState.offset.isStored else {
      return Self.reduceThroughKeyPath(
        &state, childAction, path: toChildState.keyPath, child: child, actionPath: toChildAction)
    }
    let effect = toChildState.modifyInPlace(&state) {
      child.reduceBuilt(into: &$0, action: childAction)
    }
    // NB: `.none` first, as one comparison, before the effect's case is switched on for
    // scoping: an action ten `Scope`s deep 625 → 588 instructions.
    if effect.isNone { return .none }
    return Self.scoped(effect, path: toChildState.keyPath, actionPath: toChildAction)
  }

  // NB: one call of the child per level, on the common path: the offset's test covers a
  // computed key path and a child whose body is not built (a recursive feature's inner copy),
  // which take this path, out of line. Static, given the parts it needs rather than `self`, so
  // that a caller holding the scope as a value (a body's `if` or `switch`) need not copy it into
  // memory to pass it. See CONTRIBUTING's performance notes.
  /// A level whose child's state is reached through the key path, or whose child has no built
  /// body.
  @inlinable @inline(never)
  static func reduceThroughKeyPath(
    _ state: inout ParentState, _ childAction: Child.Action,
    path: WritableKeyPath<ParentState, Child.State>, child: _EmbeddedChild<Child>,
    actionPath: ActionPath
  ) -> Effect<ParentAction> {
    let effect = child.reduce(into: &state[keyPath: path], action: childAction)
    if effect.isNone { return .none }
    return scoped(effect, path: path, actionPath: actionPath)
  }

  /// The child's effect, filed under this scope and mapped into the parent's actions.
  @inlinable
  static func scoped(
    _ effect: Effect<Child.Action>, path: WritableKeyPath<ParentState, Child.State>,
    actionPath: ActionPath
  ) -> Effect<ParentAction> {
    effect._scoped(ScopeComponent(key: path), embed: actionPath._embedding)
  }
}
