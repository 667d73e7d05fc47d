// Context for the documented snippets: small features with the names the articles use. Only
// the views in the other files are documented.
import ReducerKit

struct Counter: Reducer {
  struct State: Equatable { var count = 0 }
  enum Action { case incrementTapped }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    return .none
  }
}

struct Item: Reducer {
  struct State: Equatable, Identifiable {
    let id: Int
    var name = ""
  }
  enum Action { case renamed(String) }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .renamed(let name): state.name = name
    }
    return .none
  }
}

struct Editor: Reducer {
  struct State: Equatable, Identifiable {
    let id: Int
    var name = ""
  }
  enum Action { case saveTapped }

  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

struct Inventory: Reducer {
  struct State: Equatable {
    var items: IdentifiedArrayOf<Item.State> = []
    @Presents var editor: Editor.State?
    @Presents var destination: Destination.State?
  }
  enum Action {
    case items(IdentifiedActionOf<Item>)
    case editor(PresentationAction<Editor.Action>)
    case destination(PresentationAction<Destination.Action>)
  }

  enum Destination: CaseReducer {
    case edit(Editor)
    case alert(AlertState<Alert>)
    case confirm(ConfirmationDialogState<Confirm>)

    enum Alert: Equatable { case deleteAll }
    enum Confirm: Equatable { case archive }
  }

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(\.items, action: \.items) { Item() }
      .ifLet(\.$editor, action: \.editor) { Editor() }
      .ifLet(\.$destination, action: \.destination)
  }
}

struct ArticleRow: Reducer {
  struct State: Equatable, Identifiable {
    let id: Int
    var title = ""
    var isFavorite = false
  }
  enum Action { case favoriteTapped }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.isFavorite.toggle()
    return .none
  }
}

/// `Article`, as the observation article names a row feature.
typealias Article = ArticleRow

struct Reader: Reducer {
  struct State: Equatable { var title = "" }
  enum Action { case closeTapped }

  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

struct Articles: Reducer {
  struct State: Equatable, Redactable {
    var articles: IdentifiedArrayOf<ArticleRow.State> = []
    var path = StackState<Path.State>()
    var notifies = false
    var name = ""
    var isLoading = false

    var redactionReasons: RedactionReasons { isLoading ? .placeholder : [] }
  }
  enum Action: BindableAction {
    case articles(IdentifiedActionOf<ArticleRow>)
    case path(StackActionOf<Path>)
    case binding(BindingAction<State>)
  }

  enum Path: CaseReducer {
    case reader(Reader)
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
    EmptyReducer()
      .forEach(\.articles, action: \.articles) { ArticleRow() }
      .forEach(\.path, action: \.path)
  }
}
