import Foundation
import ReducerKit
import ReducerKitTesting
import TestSupport
import Testing

/// Case key paths compose through cases, optional presentations, stacks and identified
/// collections, resolve to the same case paths as the static members, and drive every
/// composition operator and the test store.
@MainActor
struct CaseKeyPathTests {
  typealias Action = NotebookLibrary.Action

  @Test func aOneStepKeyPathIsTheStaticCasePath() {
    let path = CasePath<Action, Notebook.Action>(\.main)
    #expect(path.extract(.main(.saveTapped)) == .saveTapped)
    #expect(path.extract(.view(.edit)) == nil)
    #expect(path.embed(.saveTapped) == .main(.saveTapped))
  }

  @Test func keyPathsComposeThroughNestedCases() {
    let saved = CasePath<Action, String>(\.main.delegate.saved)
    #expect(saved.extract(.main(.delegate(.saved("Draft")))) == "Draft")
    #expect(saved.extract(.main(.delegate(.cancelled))) == nil)
    #expect(saved.extract(.main(.saveTapped)) == nil)
    #expect(saved.embed("Draft") == .main(.delegate(.saved("Draft"))))
  }

  @Test func aPresentedCaseIsReachedWithoutNamingPresented() {
    let direct = CasePath<Action, Notebook.Action>(\.destination.editor)
    let spelled = CasePath<Action, Notebook.Action>(\.destination.presented.editor)
    let action = Action.destination(.presented(.editor(.saveTapped)))
    #expect(direct.extract(action) == .saveTapped)
    #expect(spelled.extract(action) == .saveTapped)
    #expect(direct.extract(.destination(.dismiss)) == nil)
    #expect(direct.embed(.saveTapped) == action)
    // As a presentation action of its own (what `ifLet` and sheets take), dismissal maps over.
    let presentation = CasePath<Action, PresentationAction<Notebook.Action>>(
      \.destination.editor)
    #expect(presentation.extract(.destination(.dismiss)) == .dismiss)
    #expect(presentation.extract(action) == .presented(.saveTapped))
    #expect(presentation.extract(.destination(.presented(.alert(.confirm)))) == nil)
    #expect(presentation.embed(.dismiss) == .destination(.dismiss))
  }

  @Test func stackAndCollectionElementsAreReachedByID() {
    let screen = CasePath<Action, String>(\.path[id: 3].editor.delegate.saved)
    #expect(screen.extract(.path(.element(id: 3, action: .editor(.delegate(.saved("A")))))) == "A")
    #expect(screen.extract(.path(.element(id: 4, action: .editor(.delegate(.saved("A")))))) == nil)
    #expect(screen.embed("B") == .path(.element(id: 3, action: .editor(.delegate(.saved("B"))))))
    let row = CasePath<Action, Notebook.Action>(\.rows[id: 5])
    #expect(row.extract(.rows(.element(id: 5, action: .saveTapped))) == .saveTapped)
    #expect(row.extract(.rows(.element(id: 6, action: .saveTapped))) == nil)
    #expect(row.embed(.saveTapped) == .rows(.element(id: 5, action: .saveTapped)))
    let push = CasePath<Action, StackElementID>(\.path.popFrom)
    #expect(push.extract(.path(.popFrom(id: 2))) == 2)
  }

  @Test func resultsComposeThroughSuccessAndFailure() {
    let success = CasePath<Action, Int>(\.loaded.success)
    #expect(success.extract(.loaded(.success(3))) == 3)
    #expect(success.extract(.loaded(.failure(.init()))) == nil)
    #expect(
      CasePath<Action, NotebookLibrary.Failure>(\.loaded.failure).embed(.init())
        == .loaded(.failure(.init())))
  }

  @Test func anEnumAnswersIsCaseAndModify() {
    let action = Action.main(.delegate(.saved("x")))
    #expect(action.is(\.main))
    #expect(action.is(\.main.delegate.saved))
    #expect(!action.is(\.main.delegate.cancelled))
    #expect(!action.is(\.view))
    #expect(action[case: \.main.delegate] == .saved("x"))
    #expect(action[case: \.view] == nil)

    var state = NotebookShelf.State.editor(Notebook.State(id: 1))
    state.modify(\.editor) { $0.title = "Changed" }
    #expect(state == .editor(Notebook.State(id: 1, title: "Changed")))
    state[case: \.editor]?.title = "Again"
    #expect(state[case: \.editor]?.title == "Again")
    // A write through another case changes nothing.
    state[case: \.alert] = AlertState { TextState("Ignored") }
    #expect(state.is(\.editor))
    // The generated destination state reads its cases as properties.
    #expect(state.editor?.title == "Again")
    #expect(state.alert == nil)
  }

  @Test func modifyingTheWrongCaseIsReportedAndChangesNothing() {
    var state = NotebookShelf.State.editor(Notebook.State(id: 1))
    withKnownIssue {
      state.modify(\.alert) { _ in }
    } matching: {
      $0.description.contains("another case")
    }
    #expect(state == .editor(Notebook.State(id: 1)))
    var missing: NotebookShelf.State? = nil
    withKnownIssue {
      missing.modify(\.editor) { $0.title = "x" }
    } matching: {
      $0.description.contains("found nil")
    }
    #expect(missing == nil)
  }

  @Test func scopeIfLetAndForEachRunChildrenNamedByKeyPaths() async {
    let store = TestStore(
      initialState: NotebookLibrary.State(rows: [Notebook.State(id: 5, title: "Row")])
    ) {
      NotebookLibrary()
    }
    await store.send(\.main.titleChanged, "Main") { $0.main.title = "Main" }
    await store.send(\.main.saveTapped)
    await store.receive(\.main.delegate.saved, "Main") { $0.savedTitles = ["Main"] }

    await store.send(\.view.edit) { $0.destination = .editor(Notebook.State(id: 7)) }
    await store.send(\.destination.editor.titleChanged, "Sheet") {
      $0.destination?.modify(\.editor) { $0.title = "Sheet" }
    }
    await store.send(.destination(.presented(.editor(.saveTapped))))
    await store.receive(\.destination.editor.delegate.saved) { $0.savedTitles.append("Sheet") }

    await store.send(.path(.push(id: 0, state: .editor(Notebook.State(id: 9, title: "Pushed"))))) {
      $0.path[id: 0] = .editor(Notebook.State(id: 9, title: "Pushed"))
    }
    await store.send(\.path[id: 0].editor.saveTapped)
    await store.receive(\.path[id: 0].editor.delegate) { $0.savedTitles.append("Pushed") }

    await store.send(\.rows[id: 5].saveTapped)
    await store.receive(\.rows[id: 5].delegate.saved, "Row") { $0.savedTitles.append("Row") }

    await store.send(\.view.delete, [0]) { $0.rows = [] }
    await store.send(\.loaded.success, 4) { $0.phase = .loaded(4) }
  }

  @Test func receivingAnotherCaseThanTheKeyPathNamesFails() async {
    let store = TestStore(initialState: NotebookLibrary.State()) { NotebookLibrary() }
    await store.send(\.main.saveTapped)
    await withKnownIssue {
      await store.receive(\.main.delegate.cancelled)
    } matching: {
      $0.description.contains("does not match")
    }
    let other = TestStore(initialState: NotebookLibrary.State()) { NotebookLibrary() }
    await other.send(\.main.saveTapped)
    await withKnownIssue {
      await other.receive(\.main.delegate.saved, "Not the title")
    } matching: {
      $0.description.contains("does not match")
    }
  }

  @Test func theStateCanGoUnlabelled() async {
    // The best-known library's newer spelling: `Scope(\.child, action: \.child)`,
    // `store.scope(\.child, action: \.child)`.
    let scope: some Reducer<NotebookLibrary.State, Action> = Scope(\.main, action: \.main) {
      Notebook()
    }
    var state = NotebookLibrary.State()
    _ = scope.reduce(into: &state, action: .main(.titleChanged("Unlabelled")))
    #expect(state.main.title == "Unlabelled")
    let store = Store(initialState: NotebookLibrary.State()) { NotebookLibrary() }
    store.scope(\.main, action: \.main).send(.titleChanged("Scoped"))
    #expect(store.withState(\.main.title) == "Scoped")
    store.send(.view(.edit))
    let editor: Store<Notebook.State, Notebook.Action>? = store.scope(
      \.destination?.editor, action: \.destination.editor)
    #expect(editor?.withState(\.id) == 7)
    let shelf: Store<NotebookShelf.State, NotebookShelf.Action>? = store.scope(
      \.destination, action: \.destination)
    #expect(shelf != nil)
  }

  @Test func theSameKeyPathsScopeToTheSameStore() {
    let store = Store(initialState: NotebookLibrary.State()) { NotebookLibrary() }
    let main = store.scope(state: \.main, action: \.main)
    #expect(main === store.scope(state: \.main, action: \.main))
    main.send(.titleChanged("Once"))
    #expect(store.scope(state: \.main, action: \.main).withState(\.title) == "Once")
    // The closure form cannot be compared, and makes a store on each call.
    let derived = store.scope(state: { $0.main }, action: { .main($0) })
    #expect(derived !== store.scope(state: { $0.main }, action: { .main($0) }))
  }

  @Test func storesScopeWithKeyPaths() {
    let store = Store(initialState: NotebookLibrary.State()) { NotebookLibrary() }
    let main = store.scope(state: \.main, action: \.main)
    main.send(.titleChanged("Scoped"))
    #expect(store.withState(\.main.title) == "Scoped")
    #expect(store.scope(state: \.destination, action: \.destination) == nil)
    store.send(.view(.edit))
    // A presentation's store sends the presented feature's actions, wrapped in `presented`.
    let shelf: Store<NotebookShelf.State, NotebookShelf.Action>? = store.scope(
      state: \.destination, action: \.destination)
    shelf?.send(.editor(.titleChanged("Through the shelf")))
    #expect(store.withState { $0.destination?.editor?.title } == "Through the shelf")
    store.send(.destination(.dismiss))
    store.send(.view(.edit))
    let editor: Store<Notebook.State, Notebook.Action>? = store.scope(
      state: \.destination?.editor, action: \.destination.editor)
    #expect(editor?.withState(\.id) == 7)
    editor?.send(.titleChanged("Presented"))
    #expect(store.withState { $0.destination?.editor?.title } == "Presented")
  }
}
