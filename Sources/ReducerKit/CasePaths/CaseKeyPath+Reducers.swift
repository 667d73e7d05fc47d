// The composition operators with case key paths (`action: \.child`), as the best-known library
// spells them. Each resolves its key paths into case paths here, once, and builds the same
// reducer the `CasePath` form builds: an action costs the same either way.
//
// NB: overloads, not one generic form over both kinds of path: a key-path literal takes its type
// from the parameter, so `action: \.child` cannot be inferred for a generic `some P` parameter
// ("cannot infer key path type from context"; tried with a protocol both conform to, 2026-11-27).

extension Scope {
  // NB: this overload and the unlabelled one are disfavored, so that where the plugin wrote the
  // case's key the overloads that take it are chosen (the key-path literal fits both).
  /// Scopes `child` to `state` and the case `action` names: `Scope(state: \.child, action:
  /// \.child) { Child() }`.
  /// - Parameters:
  ///   - state: Where the child's state lives in the parent's.
  ///   - action: The parent's case that carries the child's actions.
  ///   - child: Builds the child reducer.
  @inlinable @_disfavoredOverload
  public init<ChildState, ChildAction>(
    state: WritableKeyPath<ParentState, ChildState>,
    action: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  )
  where
    Child.State == ChildState, Child.Action == ChildAction,
    ActionPath == CasePath<ParentAction, ChildAction>
  {
    self.init(state: state, action: CasePath(action), child: child)
  }
}

extension Scope {
  /// Scopes `child` to `state` and the case `action` names, with the state unlabelled:
  /// `Scope(\.child, action: \.child) { Child() }` (the best-known library's newer spelling).
  /// - Parameters:
  ///   - state: Where the child's state lives in the parent's.
  ///   - action: The parent's case that carries the child's actions.
  ///   - child: Builds the child reducer.
  @inlinable @_disfavoredOverload
  public init<ChildState, ChildAction>(
    _ state: WritableKeyPath<ParentState, ChildState>,
    action: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> _ child: () -> Child
  )
  where
    Child.State == ChildState, Child.Action == ChildAction,
    ActionPath == CasePath<ParentAction, ChildAction>
  {
    self.init(state: state, action: CasePath(action), child: child)
  }
}

extension Scope {
  /// Scopes `child` to `state` and the case `action` names, reached through the case's key type
  /// (which the case-path plugin writes): `Scope(state: \.child, action: \.child) { Child() }`.
  ///
  /// The same call as the ``CaseKeyPath`` form, chosen by the compiler wherever the plugin wrote
  /// the parent's case keys; the scope then finds the child's actions with the case's `switch`,
  /// compiled into it, instead of calling a case path's closure.
  /// - Parameters:
  ///   - state: Where the child's state lives in the parent's.
  ///   - action: The parent's case that carries the child's actions.
  ///   - child: Builds the child reducer.
  @inlinable
  public init<ChildState, ChildAction>(
    state: WritableKeyPath<ParentState, ChildState>,
    action: KeyPath<Case<ParentAction, ParentAction>, ActionPath>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  )
  where
    Child.State == ChildState, Child.Action == ChildAction, ActionPath: _CaseKey,
    ActionPath.CaseValue == ChildAction
  {
    self.init(state: state, actionPath: ActionPath(), child: child)
  }

  /// Scopes `child` to `state` and the case `action` names, with the state unlabelled, reached
  /// through the case's key type: `Scope(\.child, action: \.child) { Child() }`.
  /// - Parameters:
  ///   - state: Where the child's state lives in the parent's.
  ///   - action: The parent's case that carries the child's actions.
  ///   - child: Builds the child reducer.
  @inlinable
  public init<ChildState, ChildAction>(
    _ state: WritableKeyPath<ParentState, ChildState>,
    action: KeyPath<Case<ParentAction, ParentAction>, ActionPath>,
    @ReducerBuilder<ChildState, ChildAction> _ child: () -> Child
  )
  where
    Child.State == ChildState, Child.Action == ChildAction, ActionPath: _CaseKey,
    ActionPath.CaseValue == ChildAction
  {
    self.init(state: state, actionPath: ActionPath(), child: child)
  }
}

extension Reducer {
  /// Runs `child` on optional state while it is present: `.ifLet(\.child, action: \.child) {
  /// Child() }`.
  /// - Parameters:
  ///   - toChildState: The optional child state.
  ///   - toChildAction: The parent's case that carries the child's actions.
  ///   - child: Builds the child reducer.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  /// - Returns: The combined reducer.
  public func ifLet<ChildState, ChildAction, Child: Reducer<ChildState, ChildAction>>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: CaseKeyPath<Action, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLet<Self, Child> {
    ifLet(
      toChildState, action: CasePath(toChildAction), then: child, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }

  /// Dismisses an optional alert or dialog once answered: `.ifLet(\.alert, action: \.alert)`.
  /// - Parameters:
  ///   - toChildState: The optional alert or dialog.
  ///   - toChildAction: The parent's case that carries its button actions.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  /// - Returns: The combined reducer.
  public func ifLet<ChildState: _EphemeralState, ChildAction>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: CaseKeyPath<Action, ChildAction>,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLet<Self, _DismissedWhenAnswered<ChildState, ChildAction>> {
    ifLet(
      toChildState, action: CasePath(toChildAction), fileID: fileID, filePath: filePath,
      line: line, column: column)
  }

  /// Runs `destination` on presented state: `.ifLet(\.$destination, action: \.destination) {
  /// Destination() }`.
  /// - Parameters:
  ///   - toPresentationState: The presented state.
  ///   - toPresentationAction: The parent's case that carries the presentation actions.
  ///   - destination: Builds the presented feature's reducer.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  /// - Returns: The combined reducer.
  public func ifLet<
    DestinationState, DestinationAction, Destination: Reducer<DestinationState, DestinationAction>
  >(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _Presentation<Self, Destination> {
    ifLet(
      toPresentationState, action: CasePath(toPresentationAction), destination: destination,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Runs a destination enum's features on presented state: `.ifLet(\.$destination, action:
  /// \.destination)`.
  /// - Parameters:
  ///   - toPresentationState: The presented state.
  ///   - toPresentationAction: The parent's case that carries the presentation actions.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  /// - Returns: The combined reducer.
  public func ifLet<DestinationState: CaseReducerState>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<
      Action, PresentationAction<DestinationState.StateReducer.Action>
    >,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _Presentation<Self, DestinationState.StateReducer.CaseBody> {
    ifLet(
      toPresentationState, action: CasePath(toPresentationAction), fileID: fileID,
      filePath: filePath, line: line, column: column)
  }

  /// Dismisses a presented alert or dialog once answered: `.ifLet(\.$alert, action: \.alert)`.
  /// - Parameters:
  ///   - toPresentationState: The presented alert or dialog.
  ///   - toPresentationAction: The parent's case that carries its presentation actions.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  /// - Returns: The combined reducer.
  public func ifLet<DestinationState: _EphemeralState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _Presentation<Self, _DismissedWhenAnswered<DestinationState, DestinationAction>> {
    ifLet(
      toPresentationState, action: CasePath(toPresentationAction), fileID: fileID,
      filePath: filePath, line: line, column: column)
  }

  /// Runs `child` while the state is in one case: `.ifCaseLet(\.loaded, action: \.loaded) {
  /// Loaded() }`.
  /// - Parameters:
  ///   - toCaseState: The case of the parent's enum state.
  ///   - toCaseAction: The parent's case that carries the child's actions.
  ///   - child: Builds the child reducer.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  /// - Returns: The combined reducer.
  public func ifCaseLet<CaseState, CaseAction, Child: Reducer<CaseState, CaseAction>>(
    _ toCaseState: CaseKeyPath<State, CaseState>,
    action toCaseAction: CaseKeyPath<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then child: () -> Child,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfCaseLet<Self, Child> {
    ifCaseLet(
      CasePath(toCaseState), action: CasePath(toCaseAction), then: child, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }

  /// Dismisses an alert or dialog case of a destination enum once answered: `.ifCaseLet(\.alert,
  /// action: \.alert)`.
  /// - Parameters:
  ///   - toCaseState: The alert's case of the enum state.
  ///   - toCaseAction: The case that carries its button actions.
  /// - Returns: The combined reducer.
  public func ifCaseLet<CaseState: _EphemeralState, CaseAction>(
    _ toCaseState: CaseKeyPath<State, CaseState>,
    action toCaseAction: CaseKeyPath<Action, CaseAction>
  ) -> _EphemeralCase<Self, CaseState, CaseAction> {
    ifCaseLet(CasePath(toCaseState), action: CasePath(toCaseAction))
  }

  /// Runs `element` on the element an action names: `.forEach(\.rows, action: \.rows) { Row() }`.
  /// - Parameters:
  ///   - toElements: The identified collection.
  ///   - toElementAction: The parent's case that carries the elements' actions.
  ///   - element: Builds the element reducer.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  /// - Returns: The combined reducer.
  public func forEach<ID, ElementState, ElementAction, Element: Reducer>(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: CaseKeyPath<Action, IdentifiedAction<ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _ForEach<Self, ID, Element>
  where
    Element.State == ElementState, Element.Action == ElementAction, ElementState.ID == ID
  {
    forEach(
      toElements, action: CasePath(toElementAction), element: element, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }

  /// Runs `destination` on the stack element an action names: `.forEach(\.path, action: \.path)
  /// { Path() }`.
  /// - Parameters:
  ///   - toStack: The stack.
  ///   - toStackAction: The parent's case that carries the stack's actions.
  ///   - destination: Builds the element reducer.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  /// - Returns: The combined reducer.
  public func forEach<ElementState, ElementAction, Destination: Reducer>(
    _ toStack: WritableKeyPath<State, StackState<ElementState>>,
    action toStackAction: CaseKeyPath<Action, StackAction<ElementState, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> destination: () -> Destination,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _ForEachStack<Self, Destination>
  where Destination.State == ElementState, Destination.Action == ElementAction {
    forEach(
      toStack, action: CasePath(toStackAction), destination: destination, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }

  /// Runs a path enum's features on the stack element an action names: `.forEach(\.path,
  /// action: \.path)`.
  /// - Parameters:
  ///   - toStack: The stack.
  ///   - toStackAction: The parent's case that carries the stack's actions.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  /// - Returns: The combined reducer.
  public func forEach<ElementState: CaseReducerState>(
    _ toStack: WritableKeyPath<State, StackState<ElementState>>,
    action toStackAction: CaseKeyPath<
      Action, StackAction<ElementState, ElementState.StateReducer.Action>
    >,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _ForEachStack<Self, ElementState.StateReducer.CaseBody> {
    forEach(
      toStack, action: CasePath(toStackAction), fileID: fileID, filePath: filePath, line: line,
      column: column)
  }
}

extension BindingReducer {
  /// Applies the field writes of a nested view-action enum: `BindingReducer(action: \.view)`.
  /// - Parameter toViewAction: The case that carries the view actions.
  public init<ViewAction: BindableAction>(action toViewAction: CaseKeyPath<Action, ViewAction>)
  where ViewAction.State == State {
    self.init(action: CasePath(toViewAction))
  }
}
