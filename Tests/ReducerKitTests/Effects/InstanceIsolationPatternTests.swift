import ReducerKit
import ReducerKitTesting
import TestSupport
import Testing

/// The ids the kit makes for itself (loading, redaction, prepare-once, hold-last, debounce,
/// throttle) are per instance: two rows with the same feature never touch each other's work.
@MainActor
struct InstanceIsolationPatternTests {
  let clock = TestClock()

  func store<R: Reducer>(
    _ state: R.State, _ reducer: R
  ) -> TestStore<R.State, R.Action> where R.State: Equatable {
    makeTestStore(state, reducer, clock: clock)
  }

  @Test func redactingOneRowLeavesAnotherRowsEffectsRunning() async {
    let store = store(Rows<PlaceholderRow>.State(ids: [1, 2]), Rows { PlaceholderRow() })
    await store.send(.rows(.element(id: 1, action: .worker(.start))))
    await store.send(.rows(.element(id: 2, action: .worker(.start))))
    await store.send(.rows(.element(id: 1, action: .setPlaceholder(true)))) {
      $0.rows[id: 1]?.isPlaceholder = true
    }
    await clock.advance(by: .seconds(10))
    await store.receive(.rows(.element(id: 2, action: .worker(.finished)))) {
      $0.rows[id: 2]?.worker.finished = 1
    }
  }

  @Test func aSwallowedActionNeverCancelsWhatTheGateLetThrough() async {
    let store = store(GatedLoading.State(), GatedLoading())
    await store.send(.cancelTapped)
    // A placeholder row appearing: swallowed, and it must not cancel the live "cancel".
    await store.send(.onAppear)
    await clock.advance(by: .seconds(1))
    await store.receive(.cancelConfirmed) { $0.isLoading = false }
  }

  @Test func redactionStartingStillCancelsTheFeaturesOwnEffects() async {
    let store = store(Rows<PlaceholderRow>.State(ids: [1]), Rows { PlaceholderRow() })
    await store.send(.rows(.element(id: 1, action: .worker(.start))))
    await store.send(.rows(.element(id: 1, action: .setPlaceholder(true)))) {
      $0.rows[id: 1]?.isPlaceholder = true
    }
    await clock.advance(by: .seconds(10))
    await store.finish()
  }

  @Test func debouncingInOneRowLeavesAnotherRowsSearch() async {
    let store = store(Rows<SearchRow>.State(ids: [1, 2]), Rows { SearchRow() })
    await store.send(.rows(.element(id: 1, action: .typed("a"))))
    await store.send(.rows(.element(id: 2, action: .typed("b"))))
    await clock.advance(by: .milliseconds(300))
    await store.receive(.rows(.element(id: 1, action: .search("a")))) {
      $0.rows[id: 1]?.searches = ["a"]
    }
    await store.receive(.rows(.element(id: 2, action: .search("b")))) {
      $0.rows[id: 2]?.searches = ["b"]
    }
  }

  @Test func throttlingInOneRowDoesNotHoldAnotherRow() async {
    let store = store(Rows<SearchRow>.State(ids: [1, 2]), Rows { SearchRow() })
    await store.send(.rows(.element(id: 1, action: .ticked("a"))))
    await store.receive(.rows(.element(id: 1, action: .search("a")))) {
      $0.rows[id: 1]?.searches = ["a"]
    }
    // Row 2's first tick runs at once: its window is its own.
    await store.send(.rows(.element(id: 2, action: .ticked("b"))))
    await store.receive(.rows(.element(id: 2, action: .search("b")))) {
      $0.rows[id: 2]?.searches = ["b"]
    }
    await clock.advance(by: .seconds(1))
    await store.finish()
  }
}

// MARK: - Features

struct PlaceholderRow: Reducer {
  struct State: Equatable, Identifiable, MadeFromID {
    let id: Int
    var isPlaceholder = false
    var worker: Worker.State
    init(id: Int) {
      self.id = id
      self.worker = Worker.State(id: id)
    }
  }
  enum Action: Equatable {
    case setPlaceholder(Bool)
    case worker(Worker.Action)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .setPlaceholder(let value) = action { state.isPlaceholder = value }
      return .none
    }
    Scope(
      state: \.worker,
      action: CasePath(Action.worker) { if case .worker(let a) = $0 { a } else { nil } }
    ) { Worker() }
    .redacted(when: \.isPlaceholder)
  }
}

struct GatedLoading: Reducer {
  struct State: Equatable { var isLoading = true }
  enum Action: Equatable { case onAppear, cancelTapped, cancelConfirmed }

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .onAppear:
        return .run { _ in }
      case .cancelTapped:
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.cancelConfirmed)
        }
      case .cancelConfirmed:
        state.isLoading = false
        return .none
      }
    }
    .redacted(when: \.isLoading) { _, action in action != .onAppear }
  }
}

struct SearchRow: Reducer {
  struct State: Equatable, Identifiable, MadeFromID {
    let id: Int
    var searches: [String] = []
    init(id: Int) { self.id = id }
  }
  enum Action: Equatable {
    case typed(String)
    case ticked(String)
    case search(String)
  }
  enum CancelID { case search, tick }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .typed(let query):
      return .send(.search(query))
        .debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
    case .ticked(let query):
      return .send(.search(query)).throttle(id: CancelID.tick, for: .seconds(1), clock: clock)
    case .search(let query):
      state.searches.append(query)
      return .none
    }
  }
}
