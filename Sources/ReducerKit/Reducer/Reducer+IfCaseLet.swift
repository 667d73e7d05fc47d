extension Reducer {
  /// Runs a child reducer while this reducer's enum state is in one case, before this reducer.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifCaseLet(.loggedIn, action: .loggedIn) { LoggedIn() }
  /// ```
  ///
  /// The child is an instance of its own. When this reducer moves the state to another case,
  /// exactly the child's running effects (and its own children's) are cancelled. A child action that arrives in another case is reported and ignored.
  /// - Parameters:
  ///   - toCaseState: The state case that holds the child's state.
  ///   - toCaseAction: The action case that carries the child's actions.
  ///   - child: Builds the child reducer.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  /// - Returns: The combined reducer.
  @inlinable
  public func ifCaseLet<CaseState, CaseAction, Child: Reducer<CaseState, CaseAction>>(
    _ toCaseState: CasePath<State, CaseState>,
    action toCaseAction: CasePath<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then child: () -> Child,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfCaseLet<Self, Child, CasePath<Action, CaseAction>> {
    _IfCaseLet(
      base: self, toCaseState: toCaseState, toCaseAction: toCaseAction, child: child(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// The reducer returned by `ifCaseLet(_:action:then:)`.
public struct _IfCaseLet<Base: Reducer, Child: Reducer, ActionPath: _ActionPath>: Reducer
where ActionPath.EnumRoot == Base.Action, ActionPath.CaseValue == Child.Action {
  @usableFromInline let base: Base
  @usableFromInline let toCaseState: CasePath<Base.State, Child.State>
  @usableFromInline let toCaseAction: ActionPath
  @usableFromInline let child: _EmbeddedChild<Child>
  @usableFromInline let location: SourceLocation
  @usableFromInline let identity = ChildIdentity<Child.State>()

  @usableFromInline
  init(
    base: Base, toCaseState: CasePath<Base.State, Child.State>,
    toCaseAction: ActionPath, child: Child, location: SourceLocation
  ) {
    self.base = base
    self.toCaseState = toCaseState
    self.toCaseAction = toCaseAction
    self.child = _EmbeddedChild(child)
    self.location = location
  }

  /// The child's scope component: its case's state type and this call's location.
  @usableFromInline
  var component: ScopeComponent {
    ScopeComponent(key: CaseComponent(Child.State.self, location: location))
  }

  /// Runs the child (if the state is in its case and the action is the child's), then the base.
  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    var childEffect = Effect<Base.Action>.none
    if let childAction = toCaseAction._extract(action) {
      if var childState = toCaseState.extract(state) {
        let effect = child.reduce(into: &childState, action: childAction)
        state = toCaseState.embed(childState)
        childEffect = effect._scoped(component, embed: toCaseAction._embedding)
      } else {
        reportIssue(
          """
          An "ifCaseLet" at \(location) received a child action while the state was in \
          another case:
            action: \(describe(childAction))
            state: \(describe(state))

          The action was ignored. Make sure the state is in the child's case whenever its \
          actions can be sent, and cancel the child's work when leaving the case.
          """,
          at: location
        )
      }
    }
    let wasInCase = toCaseState.extract(state) != nil
    let idBefore = wasInCase ? identity.of(toCaseState.extract(state)) : nil
    let baseEffect = base.reduce(into: &state, action: action)
    // NB: a case replaced by one with another id is another child: its effects are cancelled.
    if wasInCase, identity.isGone(before: idBefore, after: toCaseState.extract(state)) {
      return .merge(childEffect, baseEffect, Effect(.cancel(.child(component))))
    }
    return childEffect.merge(with: baseEffect)
  }
}
