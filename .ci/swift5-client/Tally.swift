// A feature written as a Swift 5 language-mode app writes it, for `.ci/swift5-client`: payload
// cases, a presented child and an alert with no actions of its own, rows with `forEach`, a stack
// of an enum of features, bindings and a dependency client. Written for this check.
import Foundation
import ReducerKit

struct Row: Reducer {
  struct State: Equatable, Identifiable {
    let id: UUID
    var title = ""
    var count = 0
  }
  enum Action: Equatable, CasePathable {
    case incrementTapped
    case renamed(String)
    case moved(from: Int, to: Int)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementTapped: state.count += 1
      case .renamed(let title): state.title = title
      case .moved: break
      }
      return .none
    }
  }
}

struct Editor: Reducer {
  struct State: Equatable {
    var name = ""
    var isOn = false
  }
  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
    case doneTapped
  }
  @Dependency(\.dismiss) var dismiss
  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { _, action in
      switch action {
      case .binding: return .none
      case .doneTapped: return .run { _ in await dismiss() }
      }
    }
  }
}

struct TallyClient: DependencyClient, Sendable {
  var load: @Sendable (_ page: Int) async throws -> [String]
}

extension TallyClient: DependencyKey {
  static let liveValue = TallyClient(load: { _ in [] })
}

extension DependencyValues {
  var tally: TallyClient {
    get { self[TallyClient.self] }
    set { self[TallyClient.self] = newValue }
  }
}

struct Tally: Reducer {
  struct State: Equatable {
    var rows: IdentifiedArrayOf<Row.State> = []
    @Presents var destination: Destination.State?
    var path = StackState<Path.State>()
    var draft = Editor.State()
  }
  enum Action: Equatable, CasePathable {
    case rows(IdentifiedActionOf<Row>)
    case draft(Editor.Action)
    case destination(PresentationAction<Destination.Action>)
    case path(StackActionOf<Path>)
    case addTapped
    case editTapped
    case deleteTapped
    case loaded([String])
  }
  enum Alert: Equatable { case confirmDelete }
  enum Destination: CaseReducer {
    case editor(Editor)
    case alert(AlertState<Tally.Alert>)
  }
  enum Path: CaseReducer {
    case row(Row)
    case editor(Editor)
  }
  @Dependency(\.tally) var tally
  @Dependency(\.uuid) var uuid

  var body: some ReducerOf<Self> {
    Scope(state: \.draft, action: \.draft) { Editor() }
    Reduce { state, action in
      switch action {
      case .addTapped:
        state.rows.append(Row.State(id: uuid()))
        return .run { [tally] send in await send(.loaded(try await tally.load(0))) }
      case .editTapped:
        state.destination = .editor(Editor.State())
        return .none
      case .deleteTapped:
        state.destination = .alert(
          AlertState {
            TextState("Delete?")
          } actions: {
            ButtonState(role: .destructive, action: .confirmDelete) { TextState("Delete") }
          })
        return .none
      case .destination(.presented(.alert(.confirmDelete))):
        state.rows.removeAll()
        return .none
      case .loaded(let titles):
        for (row, title) in zip(state.rows.ids, titles) { state.rows[id: row]?.title = title }
        return .none
      case .rows, .destination, .path, .draft:
        return .none
      }
    }
    .forEach(\.rows, action: \.rows) { Row() }
    .ifLet(\.$destination, action: \.destination)
    .forEach(\.path, action: \.path)
  }
}

extension Tally.Destination.State: Equatable {}
extension Tally.Destination.Action: Equatable {}
extension Tally.Path.State: Equatable {}
extension Tally.Path.Action: Equatable {}

/// Names the generator once wrote code for that did not compile: a case named like the enum's
/// type, a backticked case and label, and a nested generic enum.
enum `Type`: Equatable, CasePathable {
  case `Type`(Int)
  case `default`(`for`: String)
  case swap(`inout`: Int, `let`: Int)
}

struct Box {
  enum Slot<Value: Sendable & Equatable>: Equatable, CasePathable {
    case filled(Value)
    case empty
  }
}
