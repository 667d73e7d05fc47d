// A feature written as a migrating user writes it: generated case paths for its actions, and
// a destination and a stack path declared as enums of features.
import ReducerKit

struct ItemDetail: Reducer {
  struct State: Equatable, Sendable { var name: String }
  enum Action: CasePathable, Equatable, Sendable {
    case rename(String)
    case close
  }
  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .rename(let name):
        state.name = name
        return .none
      case .close:
        return .run { _ in await dismiss() }
      }
    }
  }
}

struct Inventory: Reducer {
  struct State: Equatable {
    var items: [String] = ["Pen"]
    @Presents var destination: Destination.State?
    var path = StackState<Path.State>()
  }
  enum Action: CasePathable, Equatable, Sendable {
    case destination(PresentationAction<Destination.Action>)
    case path(StackActionOf<Path>)
    case deleteTapped(Int)
    case openTapped(Int)
  }

  enum Destination: CaseReducer {
    case detail(ItemDetail)
    case confirm(AlertState<Confirm>)
    enum Confirm: Equatable, Sendable { case delete(Int) }
  }

  enum Path: CaseReducer {
    case detail(ItemDetail)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .deleteTapped(let index):
        state.destination = .confirm(
          AlertState {
            TextState("Delete?")
          } actions: {
            ButtonState(role: .destructive, action: .delete(index)) { TextState("Delete") }
          })
        return .none
      case .destination(.presented(.confirm(.delete(let index)))):
        state.items.remove(at: index)
        return .none
      case .openTapped(let index):
        state.path.append(.detail(ItemDetail.State(name: state.items[index])))
        return .none
      case .destination, .path:
        return .none
      }
    }
    .ifLet(\.$destination, action: .destination)
    .forEach(\.path, action: .path)
  }
}
