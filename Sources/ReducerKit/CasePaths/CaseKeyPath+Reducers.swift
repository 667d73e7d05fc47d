// The composition operators with case key paths (`action: \.child`), as the best-known library
// spells them, each in two overloads: one takes the case's key, which the case-path plugin
// writes (the literal `\.child` resolves to it where the enum has one, and the reducer's
// `switch` is compiled into the scope); the other, disfavored, takes a `CaseKeyPath` (a value of
// that type, a path through several cases, an enum without keys) and resolves it here, once,
// into the case path a static member gives. An action costs the same either way but for the
// closure call the key saves.
//
// NB: two overloads, not one generic form over the key path's value (`KeyPath<Case<Action,
// Action>, Step>` with `Step` either): that form compiled and chose the key, but a child whose
// own generic parameters come from the scope around it (`Scope(state: \.child, action:
// \.child) { Reduce { state, action in … } }`) could no longer be inferred (2026-11-28), where
// the disfavored overload's concrete `CaseKeyPath` still lets it be. `CaseKeyTests` checks both.

extension Scope {
  /// Scopes `child` to `state` and the case `action` names: `Scope(state: \.child, action:
  /// \.child) { Child() }`.
  ///
  /// Where the case-path plugin wrote the parent's case keys, the key path literal resolves to
  /// the case's key, which becomes the scope's `ActionPath`: an action then reaches the child
  /// through the case's `switch`, compiled into the scope. A ``CaseKeyPath`` value, or a path
  /// through more than one case, resolves to its composed ``CasePath``.
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
    self.init(state: state, actionPath: CasePath(action), child: child)
  }

  /// Scopes `child` to `state` and the case `action` names: `Scope(state: \.child, action:
  /// \.child) { Child() }`.
  ///
  /// Where the case-path plugin wrote the parent's case keys, the key path literal resolves to
  /// the case's key, which becomes the scope's `ActionPath`: an action then reaches the child
  /// through the case's `switch`, compiled into the scope. A ``CaseKeyPath`` value, or a path
  /// through more than one case, resolves to its composed ``CasePath``.
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
    self.init(state: state, actionPath: CasePath(action), child: child)
  }

  /// Scopes `child` to `state` and the case `action` names, with the state unlabelled:
  /// `Scope(\.child, action: \.child) { Child() }` (the best-known library's newer spelling).
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
  @_disfavoredOverload
  public func ifLet<
    ChildState, ChildAction, Child: Reducer<ChildState, ChildAction>
  >(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: CaseKeyPath<Action, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLet<Self, Child, CasePath<Action, ChildAction>> {
    _IfLet(
      base: self, toChildState: toChildState, toChildAction: CasePath(toChildAction),
      child: child(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

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
  public func ifLet<
    ChildState, ChildAction, Child: Reducer<ChildState, ChildAction>, Key: _CaseKey<Action>
  >(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: KeyPath<Case<Action, Action>, Key>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLet<Self, Child, Key> where Key.CaseValue == ChildAction {
    _IfLet(
      base: self, toChildState: toChildState, toChildAction: Key(),
      child: child(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
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
  @_disfavoredOverload
  public func ifLet<ChildState: _EphemeralState, ChildAction>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: CaseKeyPath<Action, ChildAction>,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLet<Self, _DismissedWhenAnswered<ChildState, ChildAction>, CasePath<Action, ChildAction>>
  {
    _IfLet(
      base: self, toChildState: toChildState, toChildAction: CasePath(toChildAction),
      child: _DismissedWhenAnswered(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
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
  public func ifLet<ChildState: _EphemeralState, ChildAction, Key: _CaseKey<Action>>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: KeyPath<Case<Action, Action>, Key>,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLet<Self, _DismissedWhenAnswered<ChildState, ChildAction>, Key>
  where Key.CaseValue == ChildAction {
    _IfLet(
      base: self, toChildState: toChildState, toChildAction: Key(),
      child: _DismissedWhenAnswered(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
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
  @_disfavoredOverload
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
  ) -> _Presentation<Self, Destination, CasePath<Action, PresentationAction<DestinationAction>>> {
    _Presentation(
      base: self, toState: toPresentationState, toAction: CasePath(toPresentationAction),
      destination: destination(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
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
    DestinationState, DestinationAction, Destination: Reducer<DestinationState, DestinationAction>,
    Key: _CaseKey<Action>
  >(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: KeyPath<Case<Action, Action>, Key>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _Presentation<Self, Destination, Key>
  where Key.CaseValue == PresentationAction<DestinationAction> {
    _Presentation(
      base: self, toState: toPresentationState, toAction: Key(),
      destination: destination(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
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
  @_disfavoredOverload
  public func ifLet<DestinationState: CaseReducerState>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<
      Action, PresentationAction<DestinationState.StateReducer.Action>
    >,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _Presentation<
    Self, DestinationState.StateReducer.CaseBody,
    CasePath<Action, PresentationAction<DestinationState.StateReducer.Action>>
  > {
    _Presentation(
      base: self, toState: toPresentationState, toAction: CasePath(toPresentationAction),
      destination: DestinationState.StateReducer.body,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
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
  public func ifLet<DestinationState: CaseReducerState, Key: _CaseKey<Action>>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: KeyPath<Case<Action, Action>, Key>,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _Presentation<Self, DestinationState.StateReducer.CaseBody, Key>
  where Key.CaseValue == PresentationAction<DestinationState.StateReducer.Action> {
    _Presentation(
      base: self, toState: toPresentationState, toAction: Key(),
      destination: DestinationState.StateReducer.body,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
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
  @_disfavoredOverload
  public func ifLet<
    DestinationState: _EphemeralState, DestinationAction
  >(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _Presentation<
    Self, _DismissedWhenAnswered<DestinationState, DestinationAction>,
    CasePath<Action, PresentationAction<DestinationAction>>
  > {
    _Presentation(
      base: self, toState: toPresentationState, toAction: CasePath(toPresentationAction),
      destination: _DismissedWhenAnswered(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
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
  public func ifLet<
    DestinationState: _EphemeralState, DestinationAction, Key: _CaseKey<Action>
  >(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: KeyPath<Case<Action, Action>, Key>,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _Presentation<
    Self, _DismissedWhenAnswered<DestinationState, DestinationAction>, Key
  > where Key.CaseValue == PresentationAction<DestinationAction> {
    _Presentation(
      base: self, toState: toPresentationState, toAction: Key(),
      destination: _DismissedWhenAnswered(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
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
  @_disfavoredOverload
  public func ifCaseLet<
    CaseState, CaseAction, Child: Reducer<CaseState, CaseAction>
  >(
    _ toCaseState: CaseKeyPath<State, CaseState>,
    action toCaseAction: CaseKeyPath<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then child: () -> Child,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfCaseLet<Self, Child, CasePath<Action, CaseAction>> {
    _IfCaseLet(
      base: self, toCaseState: CasePath(toCaseState), toCaseAction: CasePath(toCaseAction),
      child: child(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
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
  public func ifCaseLet<
    CaseState, CaseAction, Child: Reducer<CaseState, CaseAction>, Key: _CaseKey<Action>
  >(
    _ toCaseState: CaseKeyPath<State, CaseState>,
    action toCaseAction: KeyPath<Case<Action, Action>, Key>,
    @ReducerBuilder<CaseState, CaseAction> then child: () -> Child,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfCaseLet<Self, Child, Key> where Key.CaseValue == CaseAction {
    _IfCaseLet(
      base: self, toCaseState: CasePath(toCaseState), toCaseAction: Key(),
      child: child(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
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
  @_disfavoredOverload
  public func forEach<
    ID, ElementState, ElementAction, Element: Reducer
  >(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: CaseKeyPath<Action, IdentifiedAction<ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _ForEach<Self, ID, Element, CasePath<Action, IdentifiedAction<ID, ElementAction>>>
  where
    Element.State == ElementState, Element.Action == ElementAction, ElementState.ID == ID
  {
    _ForEach(
      base: self, toElements: toElements, toElementAction: CasePath(toElementAction),
      element: element(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
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
  public func forEach<
    ID, ElementState, ElementAction, Element: Reducer, Key: _CaseKey<Action>
  >(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: KeyPath<Case<Action, Action>, Key>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _ForEach<Self, ID, Element, Key>
  where
    Element.State == ElementState, Element.Action == ElementAction, ElementState.ID == ID,
    Key.CaseValue == IdentifiedAction<ID, ElementAction>
  {
    _ForEach(
      base: self, toElements: toElements, toElementAction: Key(),
      element: element(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
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
  @_disfavoredOverload
  public func forEach<
    ElementState, ElementAction, Destination: Reducer
  >(
    _ toStack: WritableKeyPath<State, StackState<ElementState>>,
    action toStackAction: CaseKeyPath<Action, StackAction<ElementState, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> destination: () -> Destination,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _ForEachStack<Self, Destination, CasePath<Action, StackAction<ElementState, ElementAction>>>
  where
    Destination.State == ElementState, Destination.Action == ElementAction
  {
    _ForEachStack(
      base: self, toStack: toStack, toStackAction: CasePath(toStackAction),
      destination: destination(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
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
  public func forEach<
    ElementState, ElementAction, Destination: Reducer, Key: _CaseKey<Action>
  >(
    _ toStack: WritableKeyPath<State, StackState<ElementState>>,
    action toStackAction: KeyPath<Case<Action, Action>, Key>,
    @ReducerBuilder<ElementState, ElementAction> destination: () -> Destination,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _ForEachStack<Self, Destination, Key>
  where
    Destination.State == ElementState, Destination.Action == ElementAction,
    Key.CaseValue == StackAction<ElementState, ElementAction>
  {
    _ForEachStack(
      base: self, toStack: toStack, toStackAction: Key(),
      destination: destination(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
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
  @_disfavoredOverload
  public func forEach<ElementState: CaseReducerState>(
    _ toStack: WritableKeyPath<State, StackState<ElementState>>,
    action toStackAction: CaseKeyPath<
      Action, StackAction<ElementState, ElementState.StateReducer.Action>
    >,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _ForEachStack<
    Self, ElementState.StateReducer.CaseBody,
    CasePath<Action, StackAction<ElementState, ElementState.StateReducer.Action>>
  > {
    _ForEachStack(
      base: self, toStack: toStack, toStackAction: CasePath(toStackAction),
      destination: ElementState.StateReducer.body,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
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
  public func forEach<ElementState: CaseReducerState, Key: _CaseKey<Action>>(
    _ toStack: WritableKeyPath<State, StackState<ElementState>>,
    action toStackAction: KeyPath<Case<Action, Action>, Key>,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _ForEachStack<Self, ElementState.StateReducer.CaseBody, Key>
  where Key.CaseValue == StackAction<ElementState, ElementState.StateReducer.Action> {
    _ForEachStack(
      base: self, toStack: toStack, toStackAction: Key(),
      destination: ElementState.StateReducer.body,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
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
