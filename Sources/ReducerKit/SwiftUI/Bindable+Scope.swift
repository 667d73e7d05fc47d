// NB: SwiftUI exists on Apple platforms only. CI type-checks this file on Linux against a
// declaration-only stand-in of the SwiftUI API it uses (`.ci/swiftui-typecheck`).
#if canImport(SwiftUI)
  import SwiftUI

  extension Bindable {
    /// A binding to a presented child's store, for `sheet(item:)`, `popover(item:)`,
    /// `fullScreenCover(item:)` and `navigationDestination(item:)`.
    ///
    /// ```swift
    /// @Bindable var store: StoreOf<Inventory>
    ///
    /// .sheet(item: $store.scope(state: \.editor, action: .editor)) { editorStore in
    ///   EditorView(store: editorStore)
    /// }
    /// ```
    ///
    /// It reads the child's store (the same one for as long as the child is presented, `nil`
    /// when it is not); when SwiftUI sets it to `nil` — a swipe, a tap outside a popover — it
    /// sends `.dismiss` if the child is still presented.
    /// - Parameters:
    ///   - state: The child's optional state.
    ///   - action: The case that embeds the child's presentation actions.
    ///   - fileID: The caller's file ID, which keys the child's store; leave the default.
    ///   - line: The caller's line; leave the default.
    ///   - column: The caller's column; leave the default.
    /// - Returns: The binding.
    @MainActor
    public func scope<State, Action, ChildState, ChildAction>(
      state: KeyPath<State, ChildState?>,
      action: CasePath<Action, PresentationAction<ChildAction>>,
      fileID: String = #fileID,
      line: UInt = #line,
      column: UInt = #column
    ) -> Binding<Store<ChildState, ChildAction>?> where Value == Store<State, Action> {
      // NB: the whole optional as the "case": one binding, for both spellings.
      scope(
        state: state, action: action, case: CasePath({ $0 }, extract: { $0 }),
        CasePath({ $0 }, extract: { $0 }), fileID: fileID, line: line, column: column)
    }

    /// A binding to the store of one case of a presented destination enum.
    ///
    /// ```swift
    /// .sheet(item: $store.scope(state: \.destination, action: .destination, case: .edit, .edit)) {
    ///   EditorView(store: $0)
    /// }
    /// ```
    ///
    /// As `scope(state:action:fileID:line:column:)`, narrowed to the case: `nil`
    /// while another case (or nothing) is presented.
    /// - Parameters:
    ///   - state: The destination's optional state.
    ///   - action: The case that embeds the destination's presentation actions.
    ///   - caseState: The case of the destination's state.
    ///   - caseAction: The case of the destination's action.
    ///   - fileID: The caller's file ID, which keys the case's store; leave the default.
    ///   - line: The caller's line; leave the default.
    ///   - column: The caller's column; leave the default.
    /// - Returns: The binding.
    @MainActor
    public func scope<
      State, Action, DestinationState, DestinationAction, CaseState, CaseAction
    >(
      state: KeyPath<State, DestinationState?>,
      action: CasePath<Action, PresentationAction<DestinationAction>>,
      case caseState: CasePath<DestinationState, CaseState>,
      _ caseAction: CasePath<DestinationAction, CaseAction>,
      fileID: String = #fileID,
      line: UInt = #line,
      column: UInt = #column
    ) -> Binding<Store<CaseState, CaseAction>?> where Value == Store<State, Action> {
      let store = wrappedValue
      // NB: `nonisolated(unsafe)`: the binding's closures run on the main actor (they assume
      // it), where the key path is only read.
      nonisolated(unsafe) let state = state
      return Binding(
        get: {
          MainActor.assumeIsolated {
            store.scope(
              state: state, action: action, case: caseState, caseAction, fileID: fileID,
              line: line, column: column)
          }
        },
        set: { newValue in
          guard newValue == nil else { return }
          MainActor.assumeIsolated {
            store.dismissPresented(state: state, action: action) { caseState.extract($0) != nil }
          }
        }
      )
    }

    /// A binding to a navigation stack's store, for
    /// `NavigationStack(path:root:destination:)`.
    ///
    /// ```swift
    /// NavigationStack(path: $store.scope(state: \.path, action: .path)) {
    ///   ListView(store: store)
    /// } destination: { screenStore in
    ///   ScreenView(store: screenStore)
    /// }
    /// ```
    /// - Parameters:
    ///   - state: The stack's state.
    ///   - action: The case that embeds the stack's actions.
    /// - Returns: The binding.
    @MainActor
    public func scope<State, Action, ElementState, ElementAction>(
      state: KeyPath<State, StackState<ElementState>>,
      action: CasePath<Action, StackAction<ElementState, ElementAction>>
    ) -> Binding<Store<StackState<ElementState>, StackAction<ElementState, ElementAction>>>
    where Value == Store<State, Action> {
      let stack = wrappedValue.scope(state: state, action: action)
      return Binding(get: { stack }, set: { _ in })
    }

    /// A binding to a presented child's store, named with case key paths:
    /// `.sheet(item: $store.scope(state: \.destination?.edit, action: \.destination.edit))`.
    /// - Parameters:
    ///   - state: The child's optional state.
    ///   - action: The case that embeds the child's presentation actions.
    ///   - fileID: The caller's file ID, which keys the child's store; leave the default.
    ///   - line: The caller's line; leave the default.
    ///   - column: The caller's column; leave the default.
    /// - Returns: The binding.
    @MainActor
    public func scope<State, Action, ChildState, ChildAction>(
      state: KeyPath<State, ChildState?>,
      action: CaseKeyPath<Action, PresentationAction<ChildAction>>,
      fileID: String = #fileID,
      line: UInt = #line,
      column: UInt = #column
    ) -> Binding<Store<ChildState, ChildAction>?> where Value == Store<State, Action> {
      scope(state: state, action: CasePath(action), fileID: fileID, line: line, column: column)
    }

    /// A binding to a stack's store, named with case key paths:
    /// `NavigationStack(path: $store.scope(state: \.path, action: \.path))`.
    /// - Parameters:
    ///   - state: The stack's state.
    ///   - action: The case that embeds the stack's actions.
    /// - Returns: The binding.
    @MainActor
    public func scope<State, Action, ElementState, ElementAction>(
      state: KeyPath<State, StackState<ElementState>>,
      action: CaseKeyPath<Action, StackAction<ElementState, ElementAction>>
    ) -> Binding<Store<StackState<ElementState>, StackAction<ElementState, ElementAction>>>
    where Value == Store<State, Action> {
      scope(state: state, action: CasePath(action))
    }

    /// ``scope(state:action:fileID:line:column:)`` with the state unlabelled:
    /// `.sheet(item: $store.scope(\.destination?.edit, action: \.destination.edit))`.
    /// - Parameters:
    ///   - state: The child's optional state.
    ///   - action: The case that embeds the child's presentation actions.
    ///   - fileID: The caller's file ID, which keys the child's store; leave the default.
    ///   - line: The caller's line; leave the default.
    ///   - column: The caller's column; leave the default.
    /// - Returns: The binding.
    @MainActor
    public func scope<State, Action, ChildState, ChildAction>(
      _ state: KeyPath<State, ChildState?>,
      action: CaseKeyPath<Action, PresentationAction<ChildAction>>,
      fileID: String = #fileID,
      line: UInt = #line,
      column: UInt = #column
    ) -> Binding<Store<ChildState, ChildAction>?> where Value == Store<State, Action> {
      scope(state: state, action: CasePath(action), fileID: fileID, line: line, column: column)
    }

    /// ``scope(state:action:)`` with the state unlabelled: `NavigationStack(path:
    /// $store.scope(\.path, action: \.path))`.
    /// - Parameters:
    ///   - state: The stack's state.
    ///   - action: The case that embeds the stack's actions.
    /// - Returns: The binding.
    @MainActor
    public func scope<State, Action, ElementState, ElementAction>(
      _ state: KeyPath<State, StackState<ElementState>>,
      action: CaseKeyPath<Action, StackAction<ElementState, ElementAction>>
    ) -> Binding<Store<StackState<ElementState>, StackAction<ElementState, ElementAction>>>
    where Value == Store<State, Action> {
      scope(state: state, action: CasePath(action))
    }
  }
#endif
