import ReducerKit

struct Counter: Reducer {
  struct State: Equatable { var count = 0 }
  enum Action: Equatable { case increment, decrement, delayedIncrement, incrementResponse }

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .decrement:
        state.count -= 1
        return .none
      case .delayedIncrement:
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.incrementResponse)
        }
      case .incrementResponse:
        state.count += 1
        return .none
      }
    }
  }
}

struct Row: Reducer {
  struct State: Equatable, Identifiable {
    let id: Int
    var title: String
    var isHidden = false
    var isFavorite = false
  }
  enum Action: Equatable { case hideTapped, favoriteTapped, startLongWork, longWorkFinished }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .hideTapped:
      state.isHidden = true
      return .none
    case .favoriteTapped:
      state.isFavorite.toggle()
      return .none
    case .startLongWork:
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(10))
        await send(.longWorkFinished)
      }
    case .longWorkFinished:
      state.title += " (done)"
      return .none
    }
  }
}

struct List: Reducer {
  struct State: Equatable {
    var rows: IdentifiedArrayOf<Row.State> = []
    var hiddenCount = 0
  }
  enum Action: Equatable {
    case rows(IdentifiedActionOf<Row>)
    case removeTapped(id: Int)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .rows(.element(let id, .hideTapped)):
        // The row already hid itself inside our collection; the list sees it and removes it.
        if state.rows[id: id]?.isHidden == true {
          state.rows.remove(id: id)
          state.hiddenCount += 1
        }
        return .none
      case .rows:
        return .none
      case .removeTapped(let id):
        state.rows.remove(id: id)
        return .none
      }
    }
    .forEach(\.rows, action: .rows) { Row() }
  }
}

extension CasePath<List.Action, IdentifiedActionOf<Row>> {
  static var rows: Self {
    CasePath(List.Action.rows) { if case .rows(let action) = $0 { action } else { nil } }
  }
}

extension List.State {
  static func make(count: Int) -> Self {
    Self(
      rows: IdentifiedArray(
        uniqueElements: (0..<count).map { Row.State(id: $0, title: "Row \($0)") }))
  }
}
