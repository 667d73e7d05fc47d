/// Where a view asked for a child store: the key of the store it gets back while the child is
/// shown.
struct ChildStoreKey: Hashable {
  let fileID: String
  let line: UInt
  let column: UInt
}

extension Store {
  /// The store of a presented child, or `nil` when nothing is presented.
  ///
  /// ```swift
  /// if let editor = store.scope(state: \.editor, action: .editor) {
  ///   EditorView(store: editor)
  /// }
  /// ```
  ///
  /// The child store's actions reach the parent as `.presented(action)`. Asked again from the same
  /// place while the child stays presented, it returns the same store (SwiftUI presents a sheet
  /// once per store); once the child is dismissed it returns `nil`, and the next presentation
  /// gets a new store. A dismissed child's store keeps its last state for views still on screen.
  /// - Parameters:
  ///   - state: The child's optional state: `\.editor`, or `\.destination` for a destination
  ///     enum.
  ///   - action: The case that embeds the child's presentation actions.
  ///   - fileID: The caller's file ID, which keys the store; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Returns: The child's store, or `nil`.
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState?>,
    action: CasePath<Action, PresentationAction<ChildAction>>,
    fileID: String = #fileID,
    line: UInt = #line,
    column: UInt = #column
  ) -> Store<ChildState, ChildAction>? {
    // NB: the whole optional as the "case": one path for both spellings.
    scope(
      state: state, action: action, case: CasePath({ $0 }, extract: { $0 }),
      CasePath({ $0 }, extract: { $0 }), fileID: fileID, line: line, column: column)
  }

  /// The store of one case of a presented destination enum, or `nil` when another case, or
  /// nothing, is presented.
  ///
  /// ```swift
  /// if let editor = store.scope(state: \.destination, action: .destination, case: .edit, .edit) {
  ///   EditorView(store: editor)
  /// }
  /// ```
  ///
  /// As `scope(state:action:fileID:line:column:)`, narrowed to the case: its actions reach the
  /// parent as `.presented(.edit(action))`.
  /// - Parameters:
  ///   - state: The destination's optional state: `\.destination`.
  ///   - action: The case that embeds the destination's presentation actions.
  ///   - caseState: The case of the destination's state.
  ///   - caseAction: The case of the destination's action.
  ///   - fileID: The caller's file ID, which keys the store; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Returns: The case's store, or `nil`.
  public func scope<DestinationState, DestinationAction, CaseState, CaseAction>(
    state: KeyPath<State, DestinationState?>,
    action: CasePath<Action, PresentationAction<DestinationAction>>,
    case caseState: CasePath<DestinationState, CaseState>,
    _ caseAction: CasePath<DestinationAction, CaseAction>,
    fileID: String = #fileID,
    line: UInt = #line,
    column: UInt = #column
  ) -> Store<CaseState, CaseAction>? {
    shownChildStore(
      key: ChildStoreKey(fileID: fileID, line: line, column: column),
      extract: { $0[keyPath: state].flatMap(caseState.extract) },
      embed: { action.embed(.presented(caseAction.embed($0))) })
  }

  /// The store of one case of an enum state — a pushed screen of a path enum, a destination
  /// shown inline — or `nil` while the state is another case.
  ///
  /// ```swift
  /// if let reader = screenStore.scope(case: .reader, action: .reader) {
  ///   ReaderView(store: reader)
  /// }
  /// ```
  ///
  /// Asked again from the same place while the state stays that case, it returns the same store.
  /// - Parameters:
  ///   - caseState: The case of the state.
  ///   - caseAction: The case of the action that carries the case's actions.
  ///   - fileID: The caller's file ID, which keys the store; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Returns: The case's store, or `nil`.
  public func scope<CaseState, CaseAction>(
    case caseState: CasePath<State, CaseState>,
    action caseAction: CasePath<Action, CaseAction>,
    fileID: String = #fileID,
    line: UInt = #line,
    column: UInt = #column
  ) -> Store<CaseState, CaseAction>? {
    shownChildStore(
      key: ChildStoreKey(fileID: fileID, line: line, column: column),
      extract: caseState.extract, embed: caseAction.embed)
  }

  /// Ends a presentation the way the system does when the user swipes a sheet away: sends
  /// `.dismiss` if the child (or the case) is still presented, and nothing otherwise (the
  /// parent already dismissed it).
  ///
  /// A SwiftUI binding's setter calls it when it is set to `nil`.
  /// - Parameters:
  ///   - state: The child's optional state.
  ///   - action: The case that embeds the child's presentation actions.
  ///   - isPresented: Whether the child state is the one the binding showed.
  package func dismissPresented<ChildState, ChildAction>(
    state: KeyPath<State, ChildState?>,
    action: CasePath<Action, PresentationAction<ChildAction>>,
    isPresented: (ChildState) -> Bool = { _ in true }
  ) {
    guard let child = _state()[keyPath: state], isPresented(child) else { return }
    _ = send(action.embed(.dismiss))
  }

  /// The store of a child that is shown while `extract` finds its state: made once per showing
  /// (asked again from the same place, it is the same store), `nil` while it is not shown.
  ///
  /// A view asking observes only whether the child is shown — it is told when the child comes
  /// and goes, not when the child's state changes (the child's own store tells its views that).
  func shownChildStore<ChildState, ChildAction>(
    key: ChildStoreKey,
    extract: @escaping @MainActor (State) -> ChildState?,
    embed: @escaping @MainActor (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction>? {
    let current = extract(_state())
    let presenceKey = AnyHashable(PresenceKey(site: key))
    if let part = _childStores[presenceKey] as? ObservedPart {
      part.access()
    } else {
      let state = _state
      _childStores[presenceKey] = _comparedPart(initial: current != nil) {
        extract(state()) != nil
      }
    }
    guard let current else {
      _childStores[key] = nil
      return nil
    }
    if let cached = _childStores[key] as? Store<ChildState, ChildAction> { return cached }
    let child: Store<ChildState, ChildAction> = childStore(
      initial: current, extract: extract, embed: embed)
    _childStores[key] = child
    return child
  }

  /// A store over the child state `extract` finds, sending through `embed`; once the child is
  /// gone it keeps the state it last read, for views still on screen.
  func childStore<ChildState, ChildAction>(
    initial: ChildState,
    extract: @escaping @MainActor (State) -> ChildState?,
    embed: @escaping @MainActor (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    let parentState = _state
    let parentSend = _send
    let lastKnown = LastKnown(initial)
    return Store<ChildState, ChildAction>(
      root: root,
      state: {
        if let current = extract(parentState()) { lastKnown.value = current }
        return lastKnown.value
      },
      send: { parentSend(embed($0), $1) })
  }
}

/// The key of the observed part that says whether the child asked for at `site` is shown.
struct PresenceKey: Hashable {
  let site: ChildStoreKey
}
