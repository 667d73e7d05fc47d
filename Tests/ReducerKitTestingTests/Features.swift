import ReducerKit

/// A search feature: debounced queries, a client dependency, and a timer.
struct Search: Reducer {
  struct State: Equatable {
    var query = ""
    var results: [String] = []
    var isSearching = false
    var ticks = 0
  }

  enum Action: Equatable {
    case queryChanged(String)
    case searchResponse([String])
    case startTimer, stopTimer, tick
    case noop
  }

  enum CancelID { case search, timer }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.searchClient) var client

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .queryChanged(let query):
      state.query = query
      state.isSearching = true
      return .run { [client] send in
        await send(.searchResponse(try await client.search(query)))
      }
      .debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
    case .searchResponse(let results):
      state.isSearching = false
      state.results = results
      return .none
    case .startTimer:
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
      .cancellable(id: CancelID.timer)
    case .stopTimer:
      return .cancel(id: CancelID.timer)
    case .tick:
      state.ticks += 1
      return .none
    case .noop:
      return .none
    }
  }
}

extension CasePath<Search.Action, [String]> {
  static var searchResponse: Self {
    CasePath(Search.Action.searchResponse) {
      if case .searchResponse(let results) = $0 { results } else { nil }
    }
  }
}

struct SearchClient: Sendable, DependencyKey {
  var search: @Sendable (String) async throws -> [String]

  static let liveValue = SearchClient { query in ["live \(query)"] }
  static let testValue = SearchClient(search: unimplemented("SearchClient.search"))
}

extension DependencyValues {
  var searchClient: SearchClient {
    get { self[SearchClient.self] }
    set { self[SearchClient.self] = newValue }
  }
}
