extension Scope {
  /// Scopes `child` to one case of the parent's enum state: `Scope(state: \.count, action:
  /// \.count) { Counter() }`, as the best-known library spells it.
  ///
  /// The child runs on the case's value while the state is in that case; an action for the
  /// child that arrives while the state is in another case is ignored and reported (a test
  /// failure under a test store), since it usually means an effect outlived its case. Prefer
  /// `ifCaseLet` where the parent changes the case: it runs the child first and cancels the
  /// child's effects when the case is left.
  /// - Parameters:
  ///   - state: The case of the parent's enum state that holds the child's state.
  ///   - action: The parent's case that carries the child's actions.
  ///   - child: Builds the child reducer.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  public init<CaseState, CaseAction, CaseChild: Reducer<CaseState, CaseAction>>(
    state: CaseKeyPath<ParentState, CaseState>,
    action: CaseKeyPath<ParentAction, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> child: () -> CaseChild,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  )
  where
    Child == _ScopedCase<ParentState, ParentAction, CaseChild>,
    ActionPath == CasePath<ParentAction, ParentAction>
  {
    // NB: the case's child runs inside an adapter over the whole state, so that `Scope`'s own
    // path (a stored key path, in place) stays the only one on the hot path: the adapter is
    // reached through the identity key path, at offset zero.
    let child = _EmbeddedChild(
      _ScopedCase(
        toCaseState: CasePath(state), toCaseAction: CasePath(action), child: child(),
        location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)))
    // NB: in place only where the child's body is built, as every `Scope` (see `reduce`).
    self.toChildState = StatePath(\ParentState.self, inPlace: child.hasBuiltBody)
    self.toChildAction = CasePath({ $0 }, extract: { $0 })
    self.child = child
  }

  /// Scopes `child` to one case of the parent's enum state, with the state unlabelled:
  /// `Scope(\.count, action: \.count) { Counter() }`.
  /// - Parameters:
  ///   - state: The case of the parent's enum state that holds the child's state.
  ///   - action: The parent's case that carries the child's actions.
  ///   - child: Builds the child reducer.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  public init<CaseState, CaseAction, CaseChild: Reducer<CaseState, CaseAction>>(
    _ state: CaseKeyPath<ParentState, CaseState>,
    action: CaseKeyPath<ParentAction, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> _ child: () -> CaseChild,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  )
  where
    Child == _ScopedCase<ParentState, ParentAction, CaseChild>,
    ActionPath == CasePath<ParentAction, ParentAction>
  {
    self.init(
      state: state, action: action, child: child, fileID: fileID, filePath: filePath, line: line,
      column: column)
  }
}

/// The child of a ``Scope`` over one case of an enum state: runs `child` on the case's value.
public struct _ScopedCase<ParentState, ParentAction, Child: Reducer>: Reducer {
  let toCaseState: CasePath<ParentState, Child.State>
  let toCaseAction: CasePath<ParentAction, Child.Action>
  let child: _EmbeddedChild<Child>
  let location: SourceLocation

  init(
    toCaseState: CasePath<ParentState, Child.State>,
    toCaseAction: CasePath<ParentAction, Child.Action>, child: Child, location: SourceLocation
  ) {
    self.toCaseState = toCaseState
    self.toCaseAction = toCaseAction
    self.child = _EmbeddedChild(child)
    self.location = location
  }

  /// Runs the child on the case's value when the action is the child's and the state is in the
  /// case; reports the action otherwise.
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let caseAction = toCaseAction.extract(action) else { return .none }
    guard var caseState = toCaseState.extract(state) else {
      reportIssue(
        """
        A "Scope" at \(location) received a child action while the state was in another case:
          action: \(describe(caseAction))
          state: \(describe(state))

        The action was ignored. Make sure the state is in the child's case whenever its \
        actions can be sent (an effect may have outlived the case: cancel it when leaving), or \
        use "ifCaseLet", which runs the child before the parent changes the case.
        """,
        at: location
      )
      return .none
    }
    let effect = child.reduce(into: &caseState, action: caseAction)
    state = toCaseState.embed(caseState)
    if effect.isNone { return .none }
    return effect._scoped(
      ScopeComponent(key: CaseComponent(Child.State.self, location: location)),
      embed: toCaseAction.embed)
  }
}
