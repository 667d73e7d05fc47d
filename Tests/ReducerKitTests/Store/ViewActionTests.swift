import ReducerKit
import ReducerKitTesting
import Testing

/// A view sends its own nested actions, and only those.
@MainActor
struct ViewActionTests {
  @Test func aStoreSendsAViewActionWrapped() {
    let store = Store(initialState: Tapper.State()) { Tapper() }
    store.send(.tapped)
    store.send(.tapped, animation: .default)
    #expect(store.taps == 2)
    let view = TapperView(store: store)
    view.send(.tapped)
    #expect(store.taps == 3)
  }

  @Test func aTestStoreReceivesTheWrappedAction() async {
    let store = TestStore(initialState: Tapper.State()) { Tapper() }
    await store.send(.view(.tapped)) { $0.taps = 1 }
    await store.send(\.view.tapped) { $0.taps = 2 }
  }
}

struct Tapper: Reducer {
  struct State: Equatable { var taps = 0 }
  enum Action: Equatable, ViewAction {
    case view(View)
    case reset
    enum View: Equatable { case tapped }
  }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .view(.tapped): state.taps += 1
    case .reset: state.taps = 0
    }
    return .none
  }
}

/// What a SwiftUI view writes: `send(.tapped)` in its body.
@MainActor
struct TapperView: ViewActionSending {
  let store: StoreOf<Tapper>
}
