import Observation
import ReducerKit
import ReducerKitTesting
import Testing

// The logic behind the SwiftUI helpers, which Linux can run: what a presentation binding hands
// out and sends, what a stack's path binding sends, and the settable form fields behind
// `$store.field`.

struct Memo: Reducer {
  struct State: Equatable, Sendable { var text = "" }
  enum Action: Equatable, Sendable, CasePathable { case edit(String) }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if case .edit(let text) = action { state.text = text }
    return .none
  }
}

struct Desk: Reducer {
  struct State: Equatable {
    @Presents var editor: Memo.State?
    @Presents var destination: Destination.State?
    var path = StackState<Memo.State>()
    var title = ""
    /// How many actions reached the feature.
    var received = 0
  }
  enum Action: Equatable, BindableAction, CasePathable {
    case binding(BindingAction<State>)
    case editor(PresentationAction<Memo.Action>)
    case destination(PresentationAction<Destination.Action>)
    case path(StackAction<Memo.State, Memo.Action>)
    case openEditor
    case openDestination
  }
  enum Destination: CaseReducer {
    case note(Memo)
    case alert(AlertState<Never>)
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      state.received += 1
      switch action {
      case .openEditor:
        state.editor = Memo.State()
      case .openDestination:
        state.destination = .note(Memo.State())
      default:
        break
      }
      return .none
    }
    .ifLet(\.$editor, action: .editor) { Memo() }
    .ifLet(\.$destination, action: .destination)
    .forEach(\.path, action: .path) { Memo() }
  }
}

@MainActor
struct ViewBindingsTests {
  @Test func aPresentedChildsStoreIsTheSameWhileItIsPresentedAndNilAfter() {
    let store = Store(initialState: Desk.State()) { Desk() }
    func editor() -> Store<Memo.State, Memo.Action>? {
      store.scope(state: \.editor, action: .editor)
    }
    #expect(editor() == nil)
    store.send(.openEditor)
    let first = editor()
    #expect(first != nil)
    #expect(editor() === first)
    first?.send(.edit("Hi"))
    #expect(store.editor?.text == "Hi")
    #expect(first?.text == "Hi")
    store.send(.editor(.dismiss))
    #expect(editor() == nil)
    // A dismissed child's store keeps its last state for a view still animating away.
    #expect(first?.text == "Hi")
    store.send(.openEditor)
    #expect(editor() !== first)
  }

  @Test func aViewAskingForAPresentedStoreIsToldWhenItComesAndGoesNotWhenItChanges() {
    let store = Store(initialState: Desk.State()) { Desk() }
    store.send(.openEditor)
    let told = Told()
    func render() {
      told.value = false
      withObservationTracking {
        _ = store.scope(state: \.editor, action: .editor)
      } onChange: { [told] in
        told.value = true
      }
    }
    render()
    store.send(.editor(.presented(.edit("typing"))))
    #expect(told.value == false)
    store.send(.editor(.dismiss))
    #expect(told.value == true)
    render()
    store.send(.openEditor)
    #expect(told.value == true)
  }

  @Test func siblingPresentationsHaveTheirOwnStores() {
    let store = Store(initialState: Desk.State()) { Desk() }
    store.send(.openEditor)
    store.send(.openDestination)
    let editor = store.scope(state: \.editor, action: .editor)
    let note = store.scope(state: \.destination, action: .destination, case: .note, .note)
    editor?.send(.edit("editor"))
    note?.send(.edit("note"))
    #expect(store.editor?.text == "editor")
    #expect(store.destination == .note(Memo.State(text: "note")))
  }

  @Test func dismissingFromTheViewSendsDismissOnlyWhileStillPresented() {
    let store = Store(initialState: Desk.State()) { Desk() }
    store.send(.openEditor)
    // The binding's setter, as when the user swipes the sheet away.
    store.dismissPresented(state: \.editor, action: .editor)
    #expect(store.editor == nil)
    #expect(store.received == 2)
    // Already dismissed by the parent: setting the binding to nil sends nothing.
    store.dismissPresented(state: \.editor, action: .editor)
    #expect(store.received == 2)
  }

  @Test func aCaseOfADestinationHasAStoreOnlyWhileThatCaseIsPresented() {
    let store = Store(initialState: Desk.State()) { Desk() }
    func note() -> Store<Memo.State, Memo.Action>? {
      store.scope(state: \.destination, action: .destination, case: .note, .note)
    }
    #expect(note() == nil)
    store.send(.openDestination)
    let presented = note()
    presented?.send(.edit("Case"))
    #expect(store.destination == .note(Memo.State(text: "Case")))
    store.send(.destination(.dismiss))
    #expect(note() == nil)
  }

  @Test func aStoreOfAnEnumStateHasAStoreForItsCurrentCaseOnly() {
    let store = Store(initialState: Desk.State()) { Desk() }
    store.send(.openDestination)
    let destination = store.scope(state: \.destination, action: .destination)
    func memo() -> Store<Memo.State, Memo.Action>? {
      destination?.scope(case: .note, action: .note)
    }
    let first = memo()
    #expect(first != nil)
    #expect(memo() === first)
    first?.send(.edit("Inline"))
    #expect(store.destination == .note(Memo.State(text: "Inline")))
    let alert = destination?.scope(case: .alert, action: .alert)
    #expect(alert == nil)
  }

  @Test func theStackPathPopsWhatTheNavigationStackDroppedAndPushesWhatItAdded() {
    let store = Store(initialState: Desk.State()) { Desk() }
    let path = store.scope(state: \.path, action: .path)
    path.setStackPath(
      StackState<Memo.State>.PathView(
        components: [.init(state: Memo.State(text: "a")), .init(state: Memo.State(text: "b"))]))
    #expect(store.path.map(\.text) == ["a", "b"])
    let ids = store.path.ids
    #expect(path.stackPath().map(\.id) == ids)
    // The back button: the navigation stack drops the top screen.
    var popped = path.stackPath()
    popped.removeLast()
    path.setStackPath(popped)
    #expect(store.path.ids == [ids[0]])
    // Setting the same path again sends nothing.
    path.setStackPath(path.stackPath())
    #expect(store.path.ids == [ids[0]])
  }

  @Test func theSameScreenPushedTwiceHasTwoStores() {
    let store = Store(initialState: Desk.State()) { Desk() }
    store.send(.path(.push(id: 1, state: Memo.State())))
    store.send(.path(.push(id: 2, state: Memo.State())))
    let path = store.scope(state: \.path, action: .path)
    let first: Store<Memo.State, Memo.Action> = path.stackElementStore(id: 1, initial: Memo.State())
    let second: Store<Memo.State, Memo.Action> = path.stackElementStore(
      id: 2, initial: Memo.State())
    #expect(first !== second)
    second.send(.edit("top"))
    #expect(store.path[id: 1]?.text == "")
    #expect(store.path[id: 2]?.text == "top")
  }

  @Test func aScreensStoreSendsToItsScreenAndKeepsTheStateItLastShowedOncePopped() {
    let store = Store(initialState: Desk.State()) { Desk() }
    store.send(.path(.push(id: 7, state: Memo.State())))
    let path = store.scope(state: \.path, action: .path)
    let screen: Store<Memo.State, Memo.Action> = path.stackElementStore(
      id: 7, initial: Memo.State())
    #expect(path.stackElementStore(id: 7, initial: Memo.State()) === screen)
    screen.send(.edit("Top"))
    #expect(store.path[id: 7]?.text == "Top")
    // The screen's view reads it, as it re-renders.
    #expect(screen.text == "Top")
    store.send(.path(.popFrom(id: 7)))
    #expect(screen.text == "Top")
  }

  @Test func aListsRowsAreIdentifiedByRowIDAndReachTheirRow() {
    // What `ForEach(store.scope(state: \.rows, action: .rows))` identifies views by, and the
    // store each row view gets.
    let store = Store(initialState: Board.State(rows: 3)) { Board() }
    store.send(.moveLastToFront)
    let rows = store.scope(state: \.rows, action: .rows)
    #expect(rows._rows.map(\.id) == [2, 0, 1])
    #expect(rows._rows.map(\.position) == [0, 1, 2])
    rows[rows._rows[0].position].send(.toggle)
    #expect(store.rows[id: 2]?.isOn == true)
  }

  @Test func settingAFieldOfABindableStoreSendsABindingAction() {
    let store = Store(initialState: Desk.State()) { Desk() }
    store.title = "Hello"
    #expect(store.title == "Hello")
    #expect(store.received == 1)
  }
}

/// Set by an observation's change handler, which runs synchronously on the main actor.
final class Told: @unchecked Sendable {
  // NB: `@unchecked Sendable`: written and read on the main actor only (the handler runs there,
  // synchronously, during the send).
  var value = false
}
