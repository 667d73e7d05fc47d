import Foundation
import ReducerKit

// A feature tree written as a migrating team writes it: no `CasePathable` anywhere (each
// `Action` of a `Reducer`, and the enums its cases carry, get their case paths from the plugin),
// and every composition named with case key paths.

struct Notebook: Reducer {
  struct State: Equatable, Identifiable {
    var id: Int
    var title = ""
  }
  enum Action: Equatable {
    case titleChanged(String)
    case saveTapped
    case delegate(Delegate)
    enum Delegate: Equatable {
      case saved(String)
      case cancelled
    }
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .titleChanged(let title):
        state.title = title
        return .none
      case .saveTapped:
        return .send(.delegate(.saved(state.title)))
      case .delegate:
        return .none
      }
    }
  }
}

enum NotebookShelf: CaseReducer {
  case editor(Notebook)
  case alert(AlertState<Alert>)
  enum Alert: Equatable { case confirm }
}

enum NotebookRoute: CaseReducer {
  case editor(Notebook)
}

struct NotebookLibrary: Reducer {
  struct State: Equatable {
    var main = Notebook.State(id: 0)
    @Presents var destination: NotebookShelf.State?
    var path = StackState<NotebookRoute.State>()
    var rows: IdentifiedArrayOf<Notebook.State> = []
    var savedTitles: [String] = []
    var phase = Phase.idle
  }
  enum Phase: Equatable {
    case idle
    case loaded(Int)
  }
  enum Action: Equatable {
    case main(Notebook.Action)
    case destination(PresentationAction<NotebookShelf.Action>)
    case path(StackActionOf<NotebookRoute>)
    case rows(IdentifiedActionOf<Notebook>)
    case view(View)
    case loaded(Result<Int, Failure>)
    enum View: Equatable {
      case delete(IndexSet)
      case edit
    }
  }
  struct Failure: Error, Equatable {}

  var body: some ReducerOf<Self> {
    Scope(state: \.main, action: \.main) { Notebook() }
    Reduce { state, action in
      switch action {
      case .main(.delegate(.saved(let title))),
        .destination(.presented(.editor(.delegate(.saved(let title))))),
        .path(.element(_, .editor(.delegate(.saved(let title))))),
        .rows(.element(_, .delegate(.saved(let title)))):
        state.savedTitles.append(title)
        return .none
      case .view(.delete(let offsets)):
        state.rows.remove(atOffsets: offsets)
        return .none
      case .view(.edit):
        state.destination = .editor(Notebook.State(id: 7))
        return .none
      case .loaded(.success(let value)):
        state.phase = .loaded(value)
        return .none
      case .main, .destination, .path, .rows, .loaded:
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination)
    .forEach(\.path, action: \.path)
    .forEach(\.rows, action: \.rows) { Notebook() }
  }
}
