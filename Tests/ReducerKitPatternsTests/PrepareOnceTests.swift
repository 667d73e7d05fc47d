import ReducerKit
import ReducerKitPatterns
import ReducerKitTesting
import Testing

/// A feature that prepares synchronously on its first appearance.
struct Setup: Reducer {
  struct State: Equatable {
    var preparation = Preparation.notStarted
    var setUpCount = 0
  }
  enum Action: Equatable, Sendable { case onAppear }

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .preparingOnce(\.preparation, appear: .onAppear) { state in
        state.setUpCount += 1
      }
  }
}

@MainActor
struct PrepareOnceTests {
  @Test func synchronousWorkRunsExactlyOnce() async {
    let store = TestStore(initialState: Setup.State()) { Setup() }
    await store.send(.onAppear) {
      $0.preparation = .finished
      $0.setUpCount = 1
    }
    await store.send(.onAppear)
    await store.send(.onAppear)
  }
}
