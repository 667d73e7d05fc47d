import ReducerKit

/// A list feature with rows, an optional detail child and an API client: the subject of the
/// redaction tests.
struct Catalog: Reducer {
  struct State: Equatable, Redactable {
    var isLoading = false
    var items: IdentifiedArrayOf<ItemRow.State> = []
    var detail: Detail.State?
    var redactionReasons: RedactionReasons { isLoading ? .placeholder : [] }
  }

  enum Action: Equatable {
    case refreshTapped, cancelTapped
    case loaded([ItemRow.State])
    case items(IdentifiedActionOf<ItemRow>)
    case detail(Detail.Action)
    case rowSelected(Int)
  }

  enum CancelID { case load }

  @Dependency(\.catalogClient) var client

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .refreshTapped:
        state.isLoading = true
        return .run { [client] send in
          await send(.loaded(try await client.load()))
        }
        .cancellable(id: CancelID.load)
      case .cancelTapped:
        state.isLoading = false
        return .cancel(id: CancelID.load)
      case .loaded(let items):
        state.isLoading = false
        state.items = IdentifiedArray(uniqueElements: items)
        return .none
      case .items, .detail, .rowSelected:
        return .none
      }
    }
    CombineReducers {
      Reduce { state, action in
        if case .rowSelected(let id) = action, let item = state.items[id: id] {
          state.detail = Detail.State(title: item.title)
        }
        return .none
      }
      .forEach(\.items, action: .items) { ItemRow() }
      .ifLet(\.detail, action: .detail) { Detail() }
    }
    .redacted()
  }
}

struct ItemRow: Reducer {
  struct State: Equatable, Identifiable {
    let id: Int
    var title: String
    var isFavorite = false
  }
  enum Action: Equatable { case favoriteTapped, favoriteSaved }

  @Dependency(\.catalogClient) var client

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .favoriteTapped:
      state.isFavorite.toggle()
      return .run { [client, id = state.id, isFavorite = state.isFavorite] send in
        try await client.setFavorite(id, isFavorite)
        await send(.favoriteSaved)
      }
    case .favoriteSaved:
      return .none
    }
  }
}

struct Detail: Reducer {
  struct State: Equatable {
    var title: String
    var likes = 0
  }
  enum Action: Equatable { case likeTapped }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.likes += 1
    return .none
  }
}

struct CatalogClient: Sendable, DependencyKey {
  var load: @Sendable () async throws -> [ItemRow.State]
  var setFavorite: @Sendable (Int, Bool) async throws -> Void

  static let liveValue = CatalogClient(load: { [] }, setFavorite: { _, _ in })
  static let testValue = CatalogClient(
    load: unimplemented("CatalogClient.load"),
    setFavorite: unimplemented("CatalogClient.setFavorite"))
}

extension DependencyValues {
  var catalogClient: CatalogClient {
    get { self[CatalogClient.self] }
    set { self[CatalogClient.self] = newValue }
  }
}

extension CasePath<Catalog.Action, IdentifiedActionOf<ItemRow>> {
  static var items: Self {
    CasePath(Catalog.Action.items) { if case .items(let action) = $0 { action } else { nil } }
  }
}

extension CasePath<Catalog.Action, Detail.Action> {
  static var detail: Self {
    CasePath(Catalog.Action.detail) { if case .detail(let action) = $0 { action } else { nil } }
  }
}

extension ItemRow.State {
  static let placeholders: [Self] = (1...3).map { Self(id: -$0, title: "Placeholder title") }
  static let real: [Self] = [Self(id: 1, title: "Swift"), Self(id: 2, title: "Linux")]
}
