import ReducerKit
import ReducerKitTesting
import Testing

// The snippets of the DocC article "Migrating from The Composable Architecture", compiled and
// run, so that the guide cannot drift from the API.

private struct NumberFactClient: Sendable {
  var fetch: @Sendable (Int) async throws -> String
}

extension NumberFactClient: DependencyKey {
  static let liveValue = NumberFactClient(fetch: { number in "\(number) is a number." })
  static let testValue = NumberFactClient(fetch: unimplemented("NumberFactClient.fetch"))
}

extension DependencyValues {
  fileprivate var numberFact: NumberFactClient {
    get { self[NumberFactClient.self] }
    set { self[NumberFactClient.self] = newValue }
  }
}

private struct Fact: Reducer {
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

extension CasePath<Fact.Action, Result<String, Fact.FactFailure>> {
  fileprivate static let factResponse = CasePath(Fact.Action.factResponse) {
    if case .factResponse(let response) = $0 { response } else { nil }
  }
}

private struct SignUp: Reducer {
  struct State: Equatable {
    var name = ""
    var isDirty = false
  }
  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
    var binding: BindingAction<State>? { if case .binding(let a) = self { a } else { nil } }
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

@MainActor
struct MigrationGuideTests {
  @Test func fetchingAFact() async {
    let store = TestStore(initialState: Fact.State()) {
      Fact()
    } withDependencies: {
      $0.numberFact.fetch = { "\($0) is a good number." }
    }
    await store.send(.factButtonTapped) { $0.isLoading = true }
    await store.receive(.factResponse, .success) {
      $0.isLoading = false
      $0.fact = "0 is a good number."
    }
  }

  @Test func anEndpointNotOverriddenFailsTheTestAtTheCall() async {
    let store = TestStore(initialState: Fact.State()) { Fact() }
    await withKnownIssue {
      await store.send(.factButtonTapped) { $0.isLoading = true }
      await store.receive(.factResponse, .failure) { $0.isLoading = false }
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
}
