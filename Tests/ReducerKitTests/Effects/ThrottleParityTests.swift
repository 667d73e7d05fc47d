import ReducerKit
import ReducerKitTesting
import Testing

/// Throttle as an exhaustive test store sees it: the held effect runs when the window ends,
/// and once it ran nothing is left in flight, so the next `send` does not fail.
@MainActor
struct ThrottleParityTests {
  struct Taps: Reducer {
    struct State: Equatable { var count = 0 }
    enum Action: Equatable {
      case tap(Int)
      case throttled(Int)
    }
    enum ThrottleID { case tap }
    let latest: Bool
    @Dependency(\.continuousClock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .tap(let value):
        return .send(.throttled(value))
          .throttle(id: ThrottleID.tap, for: .seconds(1), clock: clock, latest: latest)
      case .throttled(let value):
        state.count = value
        return .none
      }
    }
  }

  func makeStore(latest: Bool, clock: TestClock) -> TestStore<Taps.State, Taps.Action> {
    TestStore(initialState: Taps.State()) {
      Taps(latest: latest)
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  /// Taps 1 (run at once), then 2 to 5 a quarter second apart, inside the window 1 opened.
  func tapFiveTimes(_ store: TestStore<Taps.State, Taps.Action>, clock: TestClock) async {
    await store.send(.tap(1))
    await store.receive(.throttled(1)) { $0.count = 1 }
    for value in 2...5 {
      if value > 2 { await clock.advance(by: .milliseconds(250)) }
      await store.send(.tap(value))
    }
    #expect(store.state.count == 1)
  }

  @Test func theLatestHeldTapRunsWhenTheWindowEnds() async {
    let clock = TestClock()
    let store = makeStore(latest: true, clock: clock)
    await tapFiveTimes(store, clock: clock)
    await clock.advance(by: .milliseconds(250))
    await store.receive(.throttled(5)) { $0.count = 5 }
    // Nothing is in flight now: the store ends the test without a leftover effect.
    #expect(store.runningEffectPaths.isEmpty)
  }

  @Test func theFirstHeldTapRunsWhenLatestIsFalse() async {
    let clock = TestClock()
    let store = makeStore(latest: false, clock: clock)
    await tapFiveTimes(store, clock: clock)
    await clock.advance(by: .milliseconds(250))
    await store.receive(.throttled(2)) { $0.count = 2 }
    #expect(store.runningEffectPaths.isEmpty)
  }

  @Test func aTapAfterTheWindowRunsAtOnce() async {
    let clock = TestClock()
    let store = makeStore(latest: true, clock: clock)
    await store.send(.tap(1))
    await store.receive(.throttled(1)) { $0.count = 1 }
    await clock.advance(by: .seconds(1))
    await store.send(.tap(2))
    await store.receive(.throttled(2)) { $0.count = 2 }
  }

  @Test func aHeldTapOpensTheNextWindow() async {
    let clock = TestClock()
    let store = makeStore(latest: true, clock: clock)
    await store.send(.tap(1))
    await store.receive(.throttled(1)) { $0.count = 1 }
    await store.send(.tap(2))
    await clock.advance(by: .seconds(1))
    await store.receive(.throttled(2)) { $0.count = 2 }
    // The held tap ran at 1 s and opened a window until 2 s: a tap at 1.5 s waits for it.
    await clock.advance(by: .milliseconds(500))
    await store.send(.tap(3))
    #expect(store.state.count == 2)
    await clock.advance(by: .milliseconds(500))
    await store.receive(.throttled(3)) { $0.count = 3 }
  }
}
