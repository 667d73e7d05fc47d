// `Store.scope` with case key paths (`store.scope(state: \.child, action: \.child)`), as the
// best-known library spells it. Each resolves its key paths once, where the store is scoped.

extension Store {
  /// A store over part of this store's state: `store.scope(state: \.child, action: \.child)`.
  /// - Parameters:
  ///   - state: The child's slice of the state.
  ///   - action: The case that embeds the child's actions.
  /// - Returns: The child store.
  ///
  /// Asked again with the same key paths, it is the same store (`===`), as in the best-known
  /// library: the store keeps the children it made this way.
  @_disfavoredOverload
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState>,
    action: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    let key = ScopeKey(state: state, action: action)
    if let child = _childStores[key] as? Store<ChildState, ChildAction> { return child }
    let child = scope(state: state, action: CasePath(action))
    _childStores[key] = child
    return child
  }

  /// A store of an optional child — a presented one, one case of a presented destination — or
  /// `nil` when it is absent: `store.scope(state: \.destination?.edit, action:
  /// \.destination.edit)`.
  ///
  /// As the presentation form (`scope(state:action:fileID:line:column:)`), asked again from the
  /// same place while the child is shown, it is the same store; the child's actions reach the
  /// parent through the case key path (`\.destination.edit` steps over `presented` by itself).
  /// - Parameters:
  ///   - state: The child's optional state.
  ///   - action: The case that embeds the child's actions.
  ///   - fileID: The caller's file ID, which keys the child's store; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Returns: The child's store, or `nil`.
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState?>,
    action: CaseKeyPath<Action, ChildAction>,
    fileID: String = #fileID,
    line: UInt = #line,
    column: UInt = #column
  ) -> Store<ChildState, ChildAction>? {
    shownChildStore(
      key: ChildStoreKey(fileID: fileID, line: line, column: column),
      extract: { $0[keyPath: state] }, embed: CasePath(action).embed)
  }

  /// The store of a presented child, or `nil` when nothing is presented: `store.scope(state:
  /// \.editor, action: \.editor)` for `@Presents var editor` and `case
  /// editor(PresentationAction<Editor.Action>)`. The child's actions reach the parent as
  /// `.editor(.presented(action))`; as ``scope(state:action:fileID:line:column:)-(_,CasePath<Action,PresentationAction<ChildAction>>,_,_,_)``.
  /// - Parameters:
  ///   - state: The child's optional state.
  ///   - action: The case that embeds the child's presentation actions.
  ///   - fileID: The caller's file ID, which keys the child's store; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Returns: The child's store, or `nil`.
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState?>,
    action: CaseKeyPath<Action, PresentationAction<ChildAction>>,
    fileID: String = #fileID,
    line: UInt = #line,
    column: UInt = #column
  ) -> Store<ChildState, ChildAction>? {
    scope(state: state, action: CasePath(action), fileID: fileID, line: line, column: column)
  }

  /// The store of one element of an identified collection, or `nil` when no element has `id`.
  /// - Parameters:
  ///   - id: The element's id.
  ///   - state: The collection.
  ///   - action: The case that embeds the elements' actions.
  /// - Returns: The element's store, or `nil`.
  public func scope<ID, ElementState, ElementAction>(
    id: ID,
    state: KeyPath<State, IdentifiedArray<ID, ElementState>>,
    action: CaseKeyPath<Action, IdentifiedAction<ID, ElementAction>>
  ) -> Store<ElementState, ElementAction>? {
    scope(id: id, state: state, action: CasePath(action))
  }

  /// The stores of an identified collection's elements, for `ForEach`:
  /// `store.scope(state: \.rows, action: \.rows)`.
  /// - Parameters:
  ///   - state: The collection.
  ///   - action: The case that embeds the elements' actions.
  /// - Returns: The elements' stores.
  public func scope<ID, ElementState, ElementAction>(
    state: KeyPath<State, IdentifiedArray<ID, ElementState>>,
    action: CaseKeyPath<Action, IdentifiedAction<ID, ElementAction>>
  ) -> StoreCollection<ID, ElementState, ElementAction> {
    scope(state: state, action: CasePath(action))
  }

  /// A store of one case of an enum state, or `nil` in another case:
  /// `store.scope(case: \.loaded, action: \.loaded)`.
  /// - Parameters:
  ///   - caseState: The case of the state.
  ///   - caseAction: The case of the action that carries the case's actions.
  ///   - fileID: The caller's file ID, which keys the store; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Returns: The case's store, or `nil`.
  public func scope<CaseState, CaseAction>(
    case caseState: CaseKeyPath<State, CaseState>,
    action caseAction: CaseKeyPath<Action, CaseAction>,
    fileID: String = #fileID,
    line: UInt = #line,
    column: UInt = #column
  ) -> Store<CaseState, CaseAction>? {
    scope(
      case: CasePath(caseState), action: CasePath(caseAction), fileID: fileID, line: line,
      column: column)
  }

  // The best-known library's newer spelling leaves the state unlabelled: `store.scope(\.child,
  // action: \.child)`. Each is the labelled form above.

  /// A store over part of this store's state: `store.scope(\.child, action: \.child)`.
  /// - Parameters:
  ///   - state: The child's slice of the state.
  ///   - action: The case that embeds the child's actions.
  /// - Returns: The child store.
  @_disfavoredOverload
  public func scope<ChildState, ChildAction>(
    _ state: KeyPath<State, ChildState>,
    action: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    scope(state: state, action: CasePath(action))
  }

  /// A store of an optional child, or `nil` when it is absent: `store.scope(\.destination?.edit,
  /// action: \.destination.edit)`.
  /// - Parameters:
  ///   - state: The child's optional state.
  ///   - action: The case that embeds the child's actions.
  ///   - fileID: The caller's file ID, which keys the child's store; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Returns: The child's store, or `nil`.
  public func scope<ChildState, ChildAction>(
    _ state: KeyPath<State, ChildState?>,
    action: CaseKeyPath<Action, ChildAction>,
    fileID: String = #fileID,
    line: UInt = #line,
    column: UInt = #column
  ) -> Store<ChildState, ChildAction>? {
    scope(state: state, action: action, fileID: fileID, line: line, column: column)
  }

  /// A store of a presented child, or `nil`: `store.scope(\.editor, action: \.editor)`.
  /// - Parameters:
  ///   - state: The child's optional state.
  ///   - action: The case that embeds the child's presentation actions.
  ///   - fileID: The caller's file ID, which keys the child's store; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Returns: The child's store, or `nil`.
  public func scope<ChildState, ChildAction>(
    _ state: KeyPath<State, ChildState?>,
    action: CaseKeyPath<Action, PresentationAction<ChildAction>>,
    fileID: String = #fileID,
    line: UInt = #line,
    column: UInt = #column
  ) -> Store<ChildState, ChildAction>? {
    scope(state: state, action: CasePath(action), fileID: fileID, line: line, column: column)
  }

  /// The stores of an identified collection's elements: `store.scope(\.rows, action: \.rows)`.
  /// - Parameters:
  ///   - state: The collection.
  ///   - action: The case that embeds the elements' actions.
  /// - Returns: The elements' stores.
  public func scope<ID, ElementState, ElementAction>(
    _ state: KeyPath<State, IdentifiedArray<ID, ElementState>>,
    action: CaseKeyPath<Action, IdentifiedAction<ID, ElementAction>>
  ) -> StoreCollection<ID, ElementState, ElementAction> {
    scope(state: state, action: CasePath(action))
  }
}

/// A child store made from a pair of key paths (`scope(state: \.child, action: \.child)`), kept
/// by its parent so that the same pair gives the same store.
struct ScopeKey: Hashable {
  let state: AnyKeyPath
  let action: AnyKeyPath
}
