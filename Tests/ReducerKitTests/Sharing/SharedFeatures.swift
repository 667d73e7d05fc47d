import Foundation
import ReducerKit

/// A counter whose count is shared under "count": every instance holds the same value.
struct SharedCounter: Reducer {
  struct State: Equatable {
    @Shared(.inMemory("count")) var count = 0
    var taps = 0
  }
  enum Action: Equatable {
    case incrementTapped
    case syncTapped
    case synced
  }
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .incrementTapped:
      state.taps += 1
      state.$count.withLock { $0 += 1 }
      return .none
    case .syncTapped:
      // An effect changes the shared value, then reports back.
      return .run { [count = state.$count, clock] send in
        try await clock.sleep(for: .seconds(1))
        count.withLock { $0 = 42 }
        await send(.synced)
      }
    case .synced:
      return .none
    }
  }
}

/// A child that is handed its parent's shared value instead of naming a key.
struct SharedChild: Reducer {
  struct State: Equatable {
    @Shared var count: Int
  }
  enum Action: Equatable { case doubleTapped }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.$count.withLock { $0 *= 2 }
    return .none
  }
}

/// Two counters side by side, and a child handed the same value.
struct SharedPair: Reducer {
  struct State: Equatable {
    var first = SharedCounter.State()
    var second = SharedCounter.State()
    var child: SharedChild.State?
  }
  enum Action: Equatable {
    case first(SharedCounter.Action)
    case second(SharedCounter.Action)
    case child(SharedChild.Action)
    case openChild
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.first, action: .first) { SharedCounter() }
    Scope(state: \.second, action: .second) { SharedCounter() }
    Reduce { state, action in
      if case .openChild = action {
        state.child = SharedChild.State(count: state.first.$count)
      }
      return .none
    }
    .ifLet(\.child, action: .child) { SharedChild() }
  }
}

extension CasePath where EnumRoot == SharedPair.Action, CaseValue == SharedCounter.Action {
  static let first = CasePath(EnumRoot.first) { if case .first(let a) = $0 { a } else { nil } }
  static let second = CasePath(EnumRoot.second) {
    if case .second(let a) = $0 { a } else { nil }
  }
}

extension CasePath where EnumRoot == SharedPair.Action, CaseValue == SharedChild.Action {
  static let child = CasePath(EnumRoot.child) { if case .child(let a) = $0 { a } else { nil } }
}

/// Reading marks kept in a file.
struct Marks: Codable, Equatable, Sendable {
  var favorites: Set<Int> = []
}

/// A feature that keeps its marks in file storage.
struct MarksFeature: Reducer {
  static let fileName = "marks.json"

  struct State: Equatable {
    @Shared var marks: Marks

    init(directory: URL) {
      _marks = Shared(
        wrappedValue: Marks(), .fileStorage(directory.appendingPathComponent(MarksFeature.fileName))
      )
    }
  }
  enum Action: Equatable { case toggle(Int) }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .toggle(let id):
      state.$marks.withLock { marks in
        if marks.favorites.remove(id) == nil { marks.favorites.insert(id) }
      }
      return .none
    }
  }
}

/// A counter whose effects change the shared count from places no store is current in: a
/// completion handler on another queue, and a detached task.
struct CallbackCounter: Reducer {
  struct State: Equatable {
    @Shared(.inMemory("count")) var count = 0
  }
  enum Action: Equatable {
    case completionHandlerTapped
    case detachedTaskTapped
    case finished
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .completionHandlerTapped:
      return .run { [count = state.$count] send in
        await withCheckedContinuation { continuation in
          DispatchQueue.global().async {
            count.withLock { $0 = 42 }
            continuation.resume()
          }
        }
        await send(.finished)
      }
    case .detachedTaskTapped:
      return .run { [count = state.$count] send in
        await Task.detached { count.withLock { $0 = 7 } }.value
        await send(.finished)
      }
    case .finished:
      return .none
    }
  }
}
