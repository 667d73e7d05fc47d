extension Reducer {
  /// Presents an alert or a confirmation dialog, which has no reducer of its own: a button's
  /// action arrives as `.presented(action)` (the parent handles it) and dismisses it.
  ///
  /// ```swift
  /// .ifLet(\.$alert, action: .alert)
  /// ```
  /// - Parameters:
  ///   - toPresentationState: The alert's presentation state: `\.$alert`.
  ///   - toPresentationAction: The case that embeds the alert's actions.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  /// - Returns: A reducer running the parent and dismissing the alert when it is answered.
  @inlinable
  public func ifLet<DestinationState: _EphemeralState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CasePath<Action, PresentationAction<DestinationAction>>,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _Presentation<
    Self, _DismissedWhenAnswered<DestinationState, DestinationAction>,
    CasePath<Action, PresentationAction<DestinationAction>>
  > {
    ifLet(
      toPresentationState, action: toPresentationAction,
      destination: { _DismissedWhenAnswered() }, fileID: fileID, filePath: filePath, line: line,
      column: column)
  }

  /// Handles a case of a destination enum that is an alert or a confirmation dialog: the
  /// presentation around the destination dismisses it once it is answered.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   EmptyReducer()
  ///     .ifCaseLet(.detail, action: .detail) { Detail() }
  ///     .ifCaseLet(.alert, action: .alert)
  /// }
  /// ```
  /// - Parameters:
  ///   - toCaseState: The alert's case of the state.
  ///   - toCaseAction: The alert's case of the action.
  /// - Returns: A reducer that tells the presentation which case is an alert.
  @inlinable
  public func ifCaseLet<CaseState: _EphemeralState, CaseAction>(
    _ toCaseState: CasePath<State, CaseState>,
    action toCaseAction: CasePath<Action, CaseAction>
  ) -> _EphemeralCase<Self, CaseState, CaseAction> {
    _EphemeralCase(base: self, toCaseState: toCaseState, toCaseAction: toCaseAction)
  }
}

/// The reducer of an alert or dialog presented on its own: it has no logic; its presentation
/// dismisses it when answered.
public struct _DismissedWhenAnswered<State, Action>: Reducer {
  @inlinable init() {}

  /// Does nothing: the presentation dismisses the alert.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

/// `ifCaseLet(_:action:)` for an alert case of a destination enum.
public struct _EphemeralCase<Base: Reducer, CaseState, CaseAction>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let toCaseState: CasePath<Base.State, CaseState>
  @usableFromInline let toCaseAction: CasePath<Base.Action, CaseAction>

  @inlinable
  init(
    base: Base, toCaseState: CasePath<Base.State, CaseState>,
    toCaseAction: CasePath<Base.Action, CaseAction>
  ) {
    self.base = base
    self.toCaseState = toCaseState
    self.toCaseAction = toCaseAction
  }

  /// Runs the base reducer: an alert has no logic of its own.
  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    base.reduce(into: &state, action: action)
  }
}

// NB: how a presentation tells that an action answered an alert (``PresentationRoute``).
extension _DismissedWhenAnswered: CaseRouting {
  func route(_ action: Action, in state: State) -> PresentationRoute {
    .current(isEphemeral: true)
  }
}

extension _EphemeralCase: CaseRouting {
  func route(_ action: Base.Action, in state: Base.State) -> PresentationRoute {
    guard toCaseAction.extract(action) != nil else { return route(base: base, action, in: state) }
    return toCaseState.extract(state) != nil ? .current(isEphemeral: true) : .stale
  }
}
