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
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
  // NB: what every action needs — the case test, the state's offset, the child — inline; what
  // only an effect or a computed path needs behind one reference. Held inline, the key path and
  // the embedding closure were loaded and spilled on every level of a hierarchy before the
  // case was even tested (`benchmarks --filter "10 Scopes" --instructions`).
  @usableFromInline let extract: @Sendable (ParentAction) -> Child.Action?
  @usableFromInline let offset: Int?
  @usableFromInline let child: _EmbeddedChild<Child>
  @usableFromInline let paths: ScopePaths<ParentState, ParentAction, Child.State, Child.Action>

  @usableFromInline var toChildState: StatePath<ParentState, Child.State> { paths.state }
  @usableFromInline var toChildAction: CasePath<ParentAction, Child.Action> { paths.action }

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
  ) where Child.State == ChildState, Child.Action == ChildAction {
    let paths = ScopePaths(state: StatePath(state), action: action)
    self.extract = action.extract
    self.offset = paths.state.offset
    self.paths = paths
    self.child = _EmbeddedChild(child())
  }

  // NB: `@inline(__always)`, like `_EmbeddedChild.reduce`: each level of a hierarchy then runs
  // inside its parent's frame. An action ten `Scope`s deep took 26% fewer instructions under
  // callgrind, and 110–124 → 79–98 ns on the wall clock (one deep 11–12 → 9–10 ns;
  // `benchmarks --filter Scope`, interleaved with the previous build).
  /// Runs the child reducer when `action` is a child action; otherwise does nothing.
  @inlinable @inline(__always)
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = extract(action) else { return .none }
    let effect: Effect<Child.Action>
    if let offset {
      effect = withUnsafeMutablePointer(to: &state) { pointer in
        child.reduce(
          into: &UnsafeMutableRawPointer(pointer).advanced(by: offset)
            .assumingMemoryBound(to: Child.State.self).pointee,
          action: childAction)
      }
    } else {
      effect = paths.state.modify(&state) { child.reduce(into: &$0, action: childAction) }
    }
    if effect.isNone { return .none }
    return effect._scoped(ScopeComponent(key: paths.state.keyPath), embed: paths.action.embed)
  }
}

/// The parts of a ``Scope`` that only an effect or a computed state path needs, in one object.
@usableFromInline
final class ScopePaths<ParentState, ParentAction, ChildState, ChildAction> {
  @usableFromInline let state: StatePath<ParentState, ChildState>
  @usableFromInline let action: CasePath<ParentAction, ChildAction>

  @usableFromInline
  init(state: StatePath<ParentState, ChildState>, action: CasePath<ParentAction, ChildAction>) {
    self.state = state
    self.action = action
  }
}
