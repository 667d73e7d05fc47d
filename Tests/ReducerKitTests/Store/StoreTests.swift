import Observation
import ReducerKit
import Testing

@MainActor
struct StoreTests {
  @Test func counterChangesStateInPlace() {
    let store = Store(initialState: Counter.State()) { Counter() }
    store.send(.increment)
    store.send(.increment)
    store.send(.decrement)
    #expect(store.count == 1)
    #expect(store.state == Counter.State(count: 1))
  }

  @Test func effectSendsItsActionBack() async {
    let store = Store(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
    await store.send(.delayedIncrement).finish()
    #expect(store.count == 1)
  }

  @Test func actionsSentByEffectsAreProcessedInOrderBeforeSendReturns() {
    struct Feature: Reducer {
      struct State: Equatable { var log: [String] = [] }
      enum Action {
        case start
        case step(Int)
      }
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .start:
          state.log.append("start")
          return .merge(.send(.step(1)), .send(.step(2)))
        case .step(let n):
          state.log.append("step \(n)")
          return n == 1 ? .send(.step(3)) : .none
        }
      }
    }
    let store = Store(initialState: Feature.State()) { Feature() }
    store.send(.start)
    #expect(store.log == ["start", "step 1", "step 2", "step 3"])
  }

  @Test func stateIsObservable() {
    let store = Store(initialState: Counter.State()) { Counter() }
    let changed = ChangeFlag()
    withObservationTracking {
      _ = store.state.count
    } onChange: {
      changed.value = true
    }
    #expect(!changed.value)
    store.send(.increment)
    #expect(changed.value)
  }

  @Test func releasedStoreCancelsItsEffects() async {
    let clock = TestClock()
    var store: StoreOf<Counter>? = Store(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let task = store?.send(.delayedIncrement)
    #expect(await yield { clock.sleeperCount == 1 })
    weak let weakStore = store
    store = nil
    #expect(weakStore == nil)
    await task?.finish()
    #expect(task?.isCancelled == true)
    #expect(clock.sleeperCount == 0)
  }

  @Test func eachSendReturnsTheEffectsItStartedWithThoseOfTheActionsTheyFedBackAndNoOthers()
    async throws
  {
    struct Feature: Reducer {
      struct State: Equatable { var pings = 0 }
      enum Action {
        case start
        case ping
        case noop
      }
      @Dependency(\.continuousClock) var clock
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .start:
          return .run { [clock] send in
            await send(.ping)
            try? await clock.sleep(for: .seconds(60))
          }
        case .ping:
          // An effect started by an action an effect sent: it joins the task of the send whose
          // effect sent the action.
          state.pings += 1
          return .run { [clock] _ in try? await clock.sleep(for: .seconds(60)) }
        case .noop:
          return .none
        }
      }
    }
    let clock = TestClock()
    let store = Store(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let first = store.send(.start)
    let second = store.send(.start)
    #expect(first.tasks.count == 1)
    #expect(second.tasks.count == 1)
    #expect(first != second)
    #expect(await yield { clock.sleeperCount == 4 })
    #expect(store.pings == 2)
    #expect(first.tasks.count == 2, "the ping's effect joined the send that fed it back")
    #expect(second.tasks.count == 2)
    let none = store.send(.noop)
    #expect(none.tasks.isEmpty)
    // A row store's send returns what it started, like the root's.
    let list = Store(initialState: List.State.make(count: 2)) {
      List()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let row = try #require(list.scope(id: 1, state: \.rows, action: .rows))
    let work = row.send(.startLongWork)
    #expect(work.tasks.count == 1)
    #expect(row.send(.favoriteTapped).tasks.isEmpty)
    #expect(await yield { clock.sleeperCount == 5 })
    work.cancel()
    first.cancel()
    #expect(await yield { clock.sleeperCount == 2 }, "the second send's work is left")
    second.cancel()
    #expect(await yield { clock.sleeperCount == 0 })
    await first.finish()
    #expect(first.isCancelled)
  }

  @Test func childStoreSeesOnlyItsRowAndSendsThroughTheRoot() throws {
    let store = Store(initialState: List.State.make(count: 3)) { List() }
    let rowStore = try #require(store.scope(id: 1, state: \.rows, action: .rows))
    #expect(rowStore.state == Row.State(id: 1, title: "Row 1"))
    rowStore.send(.favoriteTapped)
    #expect(rowStore.isFavorite)
    #expect(store.rows[id: 1]?.isFavorite == true)
    #expect(store.rows[id: 0]?.isFavorite == false)
    #expect(store.scope(state: \.rows, action: .rows).map(\.state.id) == [0, 1, 2])
  }

  @Test func makingARowStoreIsNotARead() throws {
    // A view that makes a row store does not depend on the list's state by doing so, and the
    // root must not be switched onto its observed path.
    let store = Store(initialState: List.State.make(count: 3)) { List() }
    let changed = ChangeFlag()
    let row = withObservationTracking {
      store.scope(id: 1, state: \.rows, action: .rows)
    } onChange: {
      changed.value = true
    }
    store.send(.rows(.element(id: 2, action: .favoriteTapped)))
    #expect(!changed.value)
    #expect(try #require(row).title == "Row 1")
  }

  @Test func aStoreBuiltInAGenericContextBuildsTheBodyOnce() {
    // The overload chosen when the body's type is unknown at the call site must not quietly fall
    // back to building the body on every action.
    struct Counted: Reducer {
      typealias State = Counter.State
      typealias Action = Counter.Action
      let builds: BuildCounter
      var body: some ReducerOf<Self> {
        let _ = builds.count.withLock { $0 += 1 }
        Counter()
      }
    }
    @MainActor func makeStore<R: Reducer>(_ reducer: R, _ state: R.State) -> Store<
      R.State, R.Action
    > {
      Store(initialState: state) { reducer }
    }
    let builds = BuildCounter()
    let store = makeStore(Counted(builds: builds), Counter.State())
    for _ in 0..<3 { store.send(.increment) }
    #expect(store.count == 3)
    #expect(builds.count.withLock { $0 } == 1)
  }
}

final class ChangeFlag: @unchecked Sendable {
  // NB: only touched on the main thread in these tests.
  var value = false
}
