import ReducerKit
import ReducerKitTesting
import Testing

// The snippets of the DocC article "Migrating from The Composable Architecture", compiled and
// run, so that the guide cannot drift from the API. The target builds with ReducerKit's
// case-path plugin, as the guide's readers' targets do; a marked enum cannot be private, so
// these types are internal.

struct NumberFactClient: DependencyClient, Sendable {
  var fetch: @Sendable (_ number: Int) async throws -> String
}

extension NumberFactClient: DependencyKey {
  static let liveValue = NumberFactClient(fetch: { number in "\(number) is a number." })
  static let testValue = NumberFactClient()
}

extension DependencyValues {
  var numberFact: NumberFactClient {
    get { self[NumberFactClient.self] }
    set { self[NumberFactClient.self] = newValue }
  }
}

struct Fact: Reducer {
  struct State: Equatable {
    var count = 0
    var fact: String?
    var isLoading = false
  }
  enum Action: Equatable {
    case factButtonTapped
    case factResponse(Result<String, FactFailure>)
  }
  struct FactFailure: Error, Equatable {}
  @Dependency(\.numberFact) var numberFact

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .factButtonTapped:
        state.isLoading = true
        return .run { [count = state.count, numberFact] send in
          let fact = try await numberFact.fetch(count)
          await send(.factResponse(.success(fact)))
        } catch: { _, send in
          await send(.factResponse(.failure(FactFailure())))
        }
      case .factResponse(.success(let fact)):
        state.isLoading = false
        state.fact = fact
        return .none
      case .factResponse(.failure):
        state.isLoading = false
        return .none
      }
    }
  }
}

struct SignUp: Reducer {
  struct State: Equatable {
    var name = ""
    var isDirty = false
  }
  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.name):
        state.isDirty = true
        return .none
      case .binding:
        return .none
      }
    }
  }
}

struct Meeting: Reducer {
  struct State: Equatable, Sendable { var minutes = 0 }
  enum Action: Equatable, Sendable { case tick }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.minutes += 1
    return .none
  }
}

struct SyncUp: Reducer {
  struct State: Equatable {
    @Presents var destination: Destination.State?
    var path = StackState<Path.State>()
  }
  enum Action: Equatable {
    case destination(PresentationAction<Destination.Action>)
    case path(StackActionOf<Path>)
    case deleteTapped
    case startTapped
  }
  enum Destination: CaseReducer {
    case alert(AlertState<Alert>)
    case edit(Meeting)
    enum Alert: Equatable, Sendable { case confirmDeletion }
  }
  enum Path: CaseReducer {
    case meeting(Meeting)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .deleteTapped:
        state.destination = .alert(AlertState { TextState("Delete?") })
        return .none
      case .startTapped:
        state.path.append(.meeting(Meeting.State()))
        return .none
      case .destination, .path:
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination)
    .forEach(\.path, action: \.path)
  }
}

@MainActor
struct MigrationGuideTests {
  @Test func fetchingAFact() async {
    let store = TestStore(initialState: Fact.State()) {
      Fact()
    } withDependencies: {
      $0.numberFact.fetch = { "\($0) is a good number." }
    }
    await store.send(.factButtonTapped) { $0.isLoading = true }
    await store.receive(\.factResponse.success) {
      $0.isLoading = false
      $0.fact = "0 is a good number."
    }
  }

  @Test func anEndpointNotOverriddenFailsTheTestAtTheCall() async {
    let store = TestStore(initialState: Fact.State()) { Fact() }
    await withKnownIssue {
      await store.send(.factButtonTapped) { $0.isLoading = true }
      await store.receive(\.factResponse.failure) { $0.isLoading = false }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("NumberFactClient.fetch") }
    }
  }

  @Test func aFormWritesThroughItsBinding() async {
    let store = TestStore(initialState: SignUp.State()) { SignUp() }
    await store.send(.binding(.set(\.name, "Blob"))) {
      $0.name = "Blob"
      $0.isDirty = true
    }
  }

  @Test func aDestinationAndAPathAreEnumsOfFeatures() async {
    let store = TestStore(initialState: SyncUp.State()) { SyncUp() }
    await store.send(.deleteTapped) {
      $0.destination = .alert(AlertState { TextState("Delete?") })
    }
    await store.send(.destination(.presented(.alert(.confirmDeletion)))) { $0.destination = nil }
    await store.send(.startTapped) { $0.path[id: 0] = .meeting(Meeting.State()) }
    await store.send(\.path[id: 0].meeting.tick) {
      $0.path[id: 0, case: \.meeting]?.minutes = 1
    }
  }
}
