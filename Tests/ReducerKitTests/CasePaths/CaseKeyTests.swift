import ReducerKit
import ReducerKitTesting
import Testing

/// The generic parameter that says how a scope reaches its case.
private func actionPath<P, A, C, Path>(of _: Scope<P, A, C, Path>) -> ObjectIdentifier {
  ObjectIdentifier(Path.self)
}

// `\.child` where a reducer takes an action path resolves to the case key the plugin wrote, so
// that the scope's type names the case; a silent fallback to the closure path would only show
// in an instruction count, so these check the type.
@MainActor
struct CaseKeyTests {
  @Test func aScopeSpelledWithKeyPathsTakesTheCasesKey() {
    let labelled = Scope<NotebookLibrary.State, NotebookLibrary.Action, _, _>(
      state: \.main, action: \.main
    ) { Notebook() }
    #expect(
      actionPath(of: labelled) == ObjectIdentifier(NotebookLibrary.Action._CaseKeys._Key_main_.self)
    )
    let unlabelled = Scope<NotebookLibrary.State, NotebookLibrary.Action, _, _>(
      \.main, action: \.main
    ) { Notebook() }
    #expect(
      actionPath(of: unlabelled)
        == ObjectIdentifier(NotebookLibrary.Action._CaseKeys._Key_main_.self))
    // The feature's own body, as a migrating team writes it.
    #expect(String(reflecting: type(of: NotebookLibrary().body)).contains("_Key_main_"))
  }

  @Test func aCasePathOrACaseKeyPathValueKeepsTheClosurePath() {
    let byMember = Scope<NotebookLibrary.State, NotebookLibrary.Action, _, _>(
      state: \.main, action: .main
    ) { Notebook() }
    #expect(
      actionPath(of: byMember)
        == ObjectIdentifier(CasePath<NotebookLibrary.Action, Notebook.Action>.self))
    let path: CaseKeyPath<NotebookLibrary.Action, Notebook.Action> = \.main
    let byValue = Scope<NotebookLibrary.State, NotebookLibrary.Action, _, _>(
      state: \.main, action: path
    ) { Notebook() }
    #expect(
      actionPath(of: byValue)
        == ObjectIdentifier(CasePath<NotebookLibrary.Action, Notebook.Action>.self))
  }

  @Test func aKeyedScopeRunsTheChildAndWrapsItsEffects() async {
    let store = TestStore(initialState: NotebookLibrary.State()) {
      Scope<NotebookLibrary.State, NotebookLibrary.Action, _, _>(state: \.main, action: \.main) {
        Notebook()
      }
    }
    await store.send(.main(.titleChanged("Keyed"))) { $0.main.title = "Keyed" }
    // The child's effect comes back through the key's constructor.
    await store.send(.main(.saveTapped))
    await store.receive(\.main.delegate.saved, "Keyed")
    // Another case is not the child's: nothing changes, nothing runs.
    await store.send(.view(.edit))
  }

  @Test func aKeyedScopeIgnoresTheParentsOtherCases() {
    let scope = Scope<NotebookLibrary.State, NotebookLibrary.Action, _, _>(
      state: \.main, action: \.main
    ) { Notebook() }
    var state = NotebookLibrary.State()
    let effect = scope.reduce(into: &state, action: .view(.edit))
    #expect(effect.isNone)
    #expect(state == NotebookLibrary.State())
    _ = scope.reduce(into: &state, action: .main(.titleChanged("Child")))
    #expect(state.main.title == "Child")
  }

  @Test func isAndCaseSubscriptsAnswerTheSameThroughTheKey() {
    let action = NotebookLibrary.Action.main(.saveTapped)
    // Alone, `\.main` resolves to the key: `is` still answers by case.
    #expect(action.is(\.main))
    #expect(!NotebookLibrary.Action.view(.edit).is(\.main))
    #expect(action.is(\.main.saveTapped))
    #expect(Optional(action).is(\.main))
    #expect(!Optional<NotebookLibrary.Action>.none.is(\.main))
    #expect(action[case: \.main] == .saveTapped)
    #expect(NotebookLibrary.Action.view(.edit)[case: \.main] == nil)
    // Written where nothing asks for a `CaseKeyPath`, the key path's value is the key.
    let bare = \NotebookLibrary.Action.Cases.main
    #expect(
      type(of: bare)
        == KeyPath<NotebookLibrary.Action.Cases, NotebookLibrary.Action._CaseKeys._Key_main_>.self)
    #expect(action.is(bare))
  }

  @Test func theKeyExtractsAndEmbedsLikeTheCasePath() {
    let key = NotebookLibrary.Action._CaseKeys._Key_main_()
    let path = CasePath<NotebookLibrary.Action, Notebook.Action>.main
    for action in [
      NotebookLibrary.Action.main(.saveTapped), .view(.edit), .main(.titleChanged("t")),
    ] {
      #expect(key.extract(action) == path.extract(action))
    }
    #expect(key._embedding(.saveTapped) == path.embed(.saveTapped))
  }
}

/// A parent whose scoped children's generic parameters come from the `Scope` around them.
struct InferredChildren: Reducer {
  struct State: Equatable { var main = Notebook.State(id: 0) }
  enum Action: Equatable { case main(Notebook.Action) }
  var body: some ReducerOf<Self> {
    Scope(state: \.main, action: \.main) {
      Reduce { state, action in
        if case .titleChanged(let title) = action { state.title = title }
        return .none
      }
    }
    Scope(state: \.main, action: \.main) { EmptyReducer() }
  }
}

@MainActor
struct CaseKeyOperatorTests {
  /// The type's last generic argument's name, for the operators' result types.
  func typeName(_ value: Any) -> String { String(reflecting: type(of: value)) }

  @Test func ifLetIfCaseLetAndForEachTakeTheCasesKey() {
    // `NotebookLibrary`'s own body, written with key paths throughout.
    let body = typeName(NotebookLibrary().body)
    #expect(body.contains("_IfLet") || body.contains("_Presentation"))
    for key in ["_Key_main_", "_Key_destination_", "_Key_path_", "_Key_rows_"] {
      #expect(body.contains(key), "\(key) in \(body)")
    }
  }

  @Test func aChildInferredFromTheScopeStillCompilesAndRuns() {
    // `Reduce`'s and `EmptyReducer`'s generic parameters come from the `Scope` around them.
    var state = InferredChildren.State()
    let effect = InferredChildren().reduce(into: &state, action: .main(.titleChanged("Inferred")))
    #expect(effect.isNone)
    #expect(state.main.title == "Inferred")
  }
}

/// An optional child and a case child, each composed with key paths.
struct KeyedChildren: Reducer {
  struct State: Equatable {
    var sheet: Notebook.State?
    var mode = Mode.idle
  }
  enum Mode: Equatable, CasePathable {
    case idle
    case editing(Notebook.State)
  }
  enum Action: Equatable {
    case sheet(Notebook.Action)
    case mode(ModeAction)
    case open
  }
  enum ModeAction: Equatable { case editing(Notebook.Action) }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .open = action {
        state.sheet = Notebook.State(id: 1)
        state.mode = .editing(Notebook.State(id: 2))
      }
      return .none
    }
    .ifLet(\.sheet, action: \.sheet) { Notebook() }
    Scope(state: \.mode, action: \.mode) {
      EmptyReducer().ifCaseLet(\.editing, action: \.editing) { Notebook() }
    }
  }
}

extension CaseKeyOperatorTests {
  @Test func anOptionalAndACaseChildRunThroughTheirKeys() async {
    let body = typeName(KeyedChildren().body)
    for key in ["_Key_sheet_", "_Key_editing_"] {
      #expect(body.contains(key), "\(key) in \(body)")
    }
    // A `Scope` whose child takes its generic parameters from it (`EmptyReducer()` here) is
    // inferred only through the `CaseKeyPath` overload: the closure path, with the same meaning.
    #expect(!body.contains("_Key_mode_"))
    #expect(
      body.contains(
        "CasePath<ReducerKitTests.KeyedChildren.Action, ReducerKitTests.KeyedChildren.ModeAction>"))
    let store = TestStore(initialState: KeyedChildren.State()) { KeyedChildren() }
    await store.send(.open) {
      $0.sheet = Notebook.State(id: 1)
      $0.mode = .editing(Notebook.State(id: 2))
    }
    await store.send(.sheet(.titleChanged("Sheet"))) { $0.sheet?.title = "Sheet" }
    await store.send(.sheet(.saveTapped))
    await store.receive(\.sheet.delegate.saved, "Sheet")
    await store.send(.mode(.editing(.titleChanged("Case")))) {
      $0.mode = .editing(Notebook.State(id: 2, title: "Case"))
    }
    await store.send(.mode(.editing(.saveTapped)))
    await store.receive(\.mode.editing.delegate.saved, "Case")
  }
}
