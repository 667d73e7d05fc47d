import ReducerKit
import ReducerKitTesting
import TestSupport
import Testing

/// Behaviours a team migrating from the best-known library relies on in its tests: what the
/// test sees of the state, what skipping effects means, and that nothing waits forever.
@MainActor
struct TestStoreParityTests {
  struct Login: Reducer {
    struct State: Equatable {
      var count = 0
      var isLoggedIn = false
    }
    enum Action: Equatable {
      case increment
      case loggedIn(Bool)
      case startPolling
      case polled
    }
    @Dependency(\.continuousClock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .increment:
        state.count += 1
        return .send(.loggedIn(true))
      case .loggedIn(let value):
        state.isLoggedIn = value
        return .none
      case .startPolling:
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.polled)
        }
      case .polled:
        state.count += 10
        return .none
      }
    }
  }

  @Test func aNonExhaustiveStateChangesOnlyWhenAFedBackActionIsReceived() async {
    let store = TestStore(initialState: Login.State()) { Login() }
    store.exhaustivity = .off
    await store.send(.increment)
    // `.loggedIn(true)` was fed back but not received yet: the test sees the state after
    // `.increment` alone.
    #expect(store.state.count == 1)
    #expect(store.state.isLoggedIn == false)
    await store.receive(.loggedIn(true))
    #expect(store.state.isLoggedIn == true)
  }

  @Test func aNonExhaustiveStateChangesWhenFedBackActionsAreSkipped() async {
    let store = TestStore(initialState: Login.State()) { Login() }
    store.exhaustivity = .off
    await store.send(.increment)
    #expect(store.state.isLoggedIn == false)
    await store.skipReceivedActions()
    #expect(store.state.isLoggedIn == true)
  }

  func pollingStore(clock: TestClock) -> TestStore<Login.State, Login.Action> {
    TestStore(initialState: Login.State()) {
      Login()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func skippingInFlightEffectsLetsThemRunAndDeliver() async {
    let clock = TestClock()
    let store = pollingStore(clock: clock)
    await store.send(.startPolling)
    await store.skipInFlightEffects()
    // Not cancelled: the effect still wakes and sends, and the test receives it.
    await clock.advance(by: .seconds(1))
    await store.receive(.polled) { $0.count = 10 }
  }

  @Test func skippedEffectsAreNotWaitedForByFinish() async {
    let store = pollingStore(clock: TestClock())
    await store.send(.startPolling)
    await store.skipInFlightEffects()
    // A skipped effect fails neither `finish` nor the end of the test.
    await store.finish(timeout: .milliseconds(50))
  }

  @Test func skippingWhenNothingRunsFailsWhenStrict() async {
    let store = TestStore(initialState: Login.State()) { Login() }
    await store.send(.increment) { $0.count = 1 }
    await store.receive(.loggedIn(true)) { $0.isLoggedIn = true }
    await withKnownIssue {
      await store.skipInFlightEffects()
    } matching: { issue in
      message(issue).contains("There were no in-flight effects to skip.")
    }
    await store.skipInFlightEffects(strict: false)
  }

  @Test func runningATestClockWithATimerGivesUpWithAFailure() async throws {
    let clock = TestClock()
    let timer = Task {
      for await _ in clock.timer(interval: .seconds(1)) {}
    }
    for _ in 0..<10_000 where clock.sleeperCount == 0 { await Task.yield() }
    try #require(clock.sleeperCount == 1)
    await withKnownIssue {
      await clock.run(timeout: .milliseconds(100))
    } matching: { issue in
      message(issue).contains("The test clock's run() gave up after")
    }
    #expect(clock.now.offset >= .seconds(1))
    timer.cancel()
  }
}

/// A plain `Store` inside a test: its runtime warnings fail the test that raised them.
/// `TestStore(initialState: .init()) { Feature() }`: the state's type from the reducer.
@MainActor
struct InferredStateTests {
  struct Tally: Reducer {
    struct State: Equatable { var count = 0 }
    enum Action: Equatable { case add }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.count += 1
      return .none
    }
  }

  @Test func theInitialStatesTypeComesFromTheReducer() async {
    let store = TestStore(initialState: .init()) { Tally() }
    await store.send(.add) { $0.count = 1 }
  }
}

/// `TestStoreTask(rawValue:timeout:)`: any task, awaited with the test store's `finish`.
@MainActor
struct RawTestStoreTaskTests {
  @Test func aRawTaskIsAwaitedByFinish() async {
    let done = Locked(false)
    let task = TestStoreTask(
      rawValue: Task {
        await Task.yield()
        done.withLock { $0 = true }
      }, timeout: 1_000_000_000)
    await task.finish()
    #expect(done.withLock { $0 })
    await TestStoreTask(rawValue: nil, timeout: 0).finish()
  }

  @Test func aRawTaskStillRunningAfterItsTimeoutFailsTheTest() async {
    let task = TestStoreTask(
      // NB: a task that ends only when cancelled, so that no load makes it finish in time.
      rawValue: Task { try? await Task.never() }, timeout: 20_000_000)
    await withKnownIssue {
      await task.finish()
    } matching: { issue in
      message(issue).contains("did not finish within 0.02 seconds")
    }
    await task.cancel()
    #expect(task.isCancelled)
  }
}

@MainActor
struct PlainStoreWarningTests {
  struct Thrower: Reducer {
    struct State: Equatable {}
    enum Action: Equatable { case go }
    struct Boom: Error {}
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      .run { _ in throw Boom() }
    }
  }

  @Test func anUnhandledEffectErrorInAPlainStoreFailsTheTest() async {
    let store = Store(initialState: Thrower.State()) { Thrower() }
    await withKnownIssue {
      await store.send(.go).finish()
    } matching: { issue in
      message(issue).contains("threw an error that nothing handled")
    }
  }
}

@MainActor
struct CascadingCancellationTests {
  @Test func cancellingASendsTaskEndsTheWorkOfEveryActionItFedBack() async {
    let store = TestStore(initialState: 0) {
      Reduce<Int, CascadeAction> { _, action in
        switch action {
        case .task:
          return .run { send in await send(.response) }
        case .response:
          return .merge(
            .run { _ in try? await Task.never() },
            .run { send in await send(.response1) })
        case .response1:
          return .merge(
            .run { _ in try? await Task.never() },
            .run { send in await send(.response2) })
        case .response2:
          return .run { _ in try? await Task.never() }
        }
      }
    }
    let task = await store.send(.task)
    await store.receive(.response)
    await store.receive(.response1)
    await store.receive(.response2)
    await task.cancel()
    // The test ends with nothing in flight: no "still running" failure.
  }
}

enum CascadeAction: Equatable { case task, response, response1, response2 }
