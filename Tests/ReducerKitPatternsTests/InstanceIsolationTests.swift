import ReducerKit
import ReducerKitPatterns
import ReducerKitTesting
import TestSupport
import Testing

/// The ids of the patterns are per instance: two rows that each embed a load, a preparation or
/// a held display never touch each other's work.
@MainActor
struct PatternInstanceIsolationTests {
  let clock = TestClock()

  func store<R: Reducer>(
    _ state: R.State, _ reducer: R
  ) -> TestStore<R.State, R.Action> where R.State: Equatable {
    makeTestStore(state, reducer, clock: clock)
  }

  @Test func loadingOneRowLeavesAnotherRowsLoadRunning() async {
    let store = store(Rows<LoaderRow>.State(ids: [1, 2]), Rows { LoaderRow() })
    await store.send(.rows(.element(id: 1, action: .load(.load(1))))) {
      $0.rows[id: 1]?.load = .loading()
    }
    await store.send(.rows(.element(id: 2, action: .load(.load(2))))) {
      $0.rows[id: 2]?.load = .loading()
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.rows(.element(id: 1, action: .load(.response(.success(10)))))) {
      $0.rows[id: 1]?.load = .loaded(10)
    }
    await store.receive(.rows(.element(id: 2, action: .load(.response(.success(20)))))) {
      $0.rows[id: 2]?.load = .loaded(20)
    }
  }

  @Test func preparingOneRowLeavesAnotherRowsPreparationRunning() async {
    let store = store(Rows<PreparingRow>.State(ids: [1, 2]), Rows { PreparingRow() })
    await store.send(.rows(.element(id: 1, action: .appear))) {
      $0.rows[id: 1]?.preparation = .running
    }
    await store.send(.rows(.element(id: 2, action: .appear))) {
      $0.rows[id: 2]?.preparation = .running
    }
    await store.send(.rows(.element(id: 2, action: .disappear))) {
      $0.rows[id: 2]?.preparation = .notStarted
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.rows(.element(id: 1, action: .prepared))) {
      $0.rows[id: 1]?.preparation = .finished
    }
  }

  @Test func holdingInOneRowLeavesAnotherRowsTimeoutRunning() async {
    let store = store(Rows<HoldingRow>.State(ids: [1, 2]), Rows { HoldingRow() })
    for id in [1, 2] {
      await store.send(.rows(.element(id: id, action: .select(7)))) {
        $0.rows[id: id]?.source = 7
        $0.rows[id: id]?.display = .current(7)
      }
    }
    for id in [1, 2] {
      await store.send(.rows(.element(id: id, action: .select(nil)))) {
        $0.rows[id: id]?.source = nil
        $0.rows[id: id]?.display = .held(7)
      }
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.rows(.element(id: 1, action: .timedOut))) {
      $0.rows[id: 1]?.display = .placeholder
    }
    await store.receive(.rows(.element(id: 2, action: .timedOut))) {
      $0.rows[id: 2]?.display = .placeholder
    }
  }
}

// MARK: - Features

struct LoaderRow: Reducer {
  struct State: Equatable, Identifiable, MadeFromID {
    let id: Int
    var load: LoadingState<Int> = .idle
    init(id: Int) { self.id = id }
  }
  enum Action: Equatable { case load(LoadAction<Int, Int>) }

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Scope(
      state: \.load, action: CasePath(Action.load) { if case .load(let a) = $0 { a } else { nil } }
    ) {
      Load { [clock] request in
        try await clock.sleep(for: .seconds(1))
        return request * 10
      }
    }
  }
}

struct PreparingRow: Reducer {
  struct State: Equatable, Identifiable, MadeFromID {
    let id: Int
    var preparation = Preparation.notStarted
    init(id: Int) { self.id = id }
  }
  enum Action: Equatable, Sendable { case appear, disappear, prepared }

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    EmptyReducer<State, Action>()
      .preparingOnce(\.preparation, appear: .appear, disappear: .disappear, finished: .prepared) {
        [clock] in
        try await clock.sleep(for: .seconds(1))
      }
  }
}

struct HoldingRow: Reducer {
  struct State: Equatable, Identifiable, MadeFromID {
    let id: Int
    var source: Int?
    var display = HeldValue<Int>.placeholder
    init(id: Int) { self.id = id }
  }
  enum Action: Equatable, Sendable {
    case select(Int?)
    case timedOut
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .select(let value) = action { state.source = value }
      return .none
    }
    .holdingLastValue(
      of: \.source, in: \.display, placeholderAfter: .seconds(1), timeoutAction: .timedOut)
  }
}
