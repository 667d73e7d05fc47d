import ReducerKit
import Testing

/// A feature whose effects each send a numbered stream of actions.
struct Streams: Reducer {
  struct State: Equatable {
    var received: [Int: [Int]] = [:]
    var total = 0
  }
  enum Action: Equatable {
    case start(streams: Int, actions: Int)
    case item(stream: Int, index: Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start(let streams, let actions):
      return .merge(
        (0..<streams).map { stream in
          .run { send in
            for index in 0..<actions {
              await send(.item(stream: stream, index: index))
              if index.isMultiple(of: 10) { await Task.yield() }
            }
          }
        })
    case .item(let stream, let index):
      state.received[stream, default: []].append(index)
      state.total += 1
      return .none
    }
  }
}

@MainActor
struct StressTests {
  @Test func aThousandConcurrentEffectsSendingAHundredActionsEachLoseAndReorderNothing() async {
    let store = Store(initialState: Streams.State()) { Streams() }
    await store.send(.start(streams: 1_000, actions: 100)).finish()
    #expect(store.total == 100_000)
    #expect(store.received.count == 1_000)
    let inOrder = store.received.values.allSatisfy { $0 == Array(0..<100) }
    #expect(inOrder, "each effect's actions arrive in the order it sent them")
  }
}
