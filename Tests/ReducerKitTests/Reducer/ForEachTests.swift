import ReducerKit
import ReducerKitTesting
import Testing

@MainActor
struct ForEachTests {
  @Test func hiddenRowDisappearsFromTheList() {
    let store = Store(initialState: List.State.make(count: 3)) { List() }
    store.send(.rows(.element(id: 1, action: .hideTapped)))
    #expect(store.rows.ids == [0, 2])
    #expect(store.hiddenCount == 1)
  }

  @Test func elementReducerRunsBeforeParent() {
    struct Parent: Reducer {
      struct State: Equatable {
        var rows: IdentifiedArrayOf<Row.State>
        var seenFavorite: Bool?
      }
      enum Action { case rows(IdentifiedActionOf<Row>) }
      var body: some ReducerOf<Self> {
        Reduce { state, action in
          switch action {
          case .rows(.element(let id, _)):
            state.seenFavorite = state.rows[id: id]?.isFavorite
            return .none
          }
        }
        .forEach(
          \.rows, action: CasePath(Action.rows) { if case .rows(let a) = $0 { a } else { nil } }
        ) {
          Row()
        }
      }
    }
    var state = Parent.State(rows: [Row.State(id: 7, title: "x")], seenFavorite: nil)
    _ = Parent().reduce(into: &state, action: .rows(.element(id: 7, action: .favoriteTapped)))
    #expect(state.seenFavorite == true)
  }

  @Test func removedRowsLongRunningEffectIsCancelled() async {
    let clock = TestClock()
    let store = Store(initialState: List.State.make(count: 3)) {
      List()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let work = store.send(.rows(.element(id: 1, action: .startLongWork)))
    let otherWork = store.send(.rows(.element(id: 2, action: .startLongWork)))
    #expect(await yield { clock.sleeperCount == 2 })
    store.send(.removeTapped(id: 1))
    await work.finish()
    #expect(work.isCancelled)
    #expect(!otherWork.isCancelled)
    await clock.advance(by: .seconds(10))
    await otherWork.finish()
    #expect(store.rows[id: 2]?.title == "Row 2 (done)")
  }

  @Test func actionForMissingRowProducesExactlyOneWarningWithTheForEachLocation() async {
    await withRecordedIssues { issues in
      let store = Store(initialState: List.State.make(count: 1)) { List() }
      store.send(.rows(.element(id: 42, action: .favoriteTapped)))
      #expect(issues.messages.count == 1)
      #expect(issues.messages.first?.contains("received an action for a missing element") == true)
      #expect(issues.messages.first?.contains("id: 42") == true)
      #expect(issues.locations.first?.fileID == "ReducerKitTests/Features.swift")
      #expect(store.rows.count == 1)
    }
  }

  @Test func rowActionDoesNotCopyTheCollection() {
    // The row is mutated in place: the storage of the collection keeps its identity.
    let store = Store(initialState: List.State.make(count: 1_000)) { List() }
    let before = store.rows.elements.withUnsafeBufferPointer { $0.baseAddress }
    store.send(.rows(.element(id: 500, action: .favoriteTapped)))
    let after = store.rows.elements.withUnsafeBufferPointer { $0.baseAddress }
    #expect(before == after)
    #expect(store.rows[id: 500]?.isFavorite == true)
  }
}

/// The older spelling of a row action, `case timers(id:action:)`, as ported tests write it.
struct TickingRow: Reducer {
  struct State: Equatable, Identifiable {
    let id: Int
    var elapsed = 0
  }
  enum Action: Equatable, CasePathable {
    case start
    case tick
  }
  @Dependency(\.continuousClock) var clock
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { [clock] send in
        for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
      }
    case .tick:
      state.elapsed += 1
      return .none
    }
  }
}

struct TickingRows: Reducer {
  struct State: Equatable { var timers: IdentifiedArrayOf<TickingRow.State> = [] }
  enum Action: Equatable, CasePathable {
    case add(Int)
    case removeLast
    case timers(id: Int, action: TickingRow.Action)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .add(let id): state.timers.append(TickingRow.State(id: id))
      case .removeLast: state.timers.removeLast()
      case .timers: break
      }
      return .none
    }
    .forEach(\.timers, action: .timers) { TickingRow() }
  }
}

@MainActor
struct ForEachIDActionTests {
  @Test func anIDAndActionCaseRunsTheRowAndCancelsARemovedRowsWork() async {
    let clock = TestClock()
    let store = TestStore(initialState: TickingRows.State()) {
      TickingRows()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.add(1)) { $0.timers = [TickingRow.State(id: 1)] }
    await store.send(.timers(id: 1, action: .start))
    await clock.advance(by: .seconds(1))
    await store.receive(.timers(id: 1, action: .tick)) { $0.timers[id: 1]?.elapsed = 1 }
    await store.send(.add(2)) { $0.timers.append(TickingRow.State(id: 2)) }
    await store.send(.timers(id: 2, action: .start))
    await clock.advance(by: .seconds(1))
    await store.receive(.timers(id: 1, action: .tick)) { $0.timers[id: 1]?.elapsed = 2 }
    await store.receive(.timers(id: 2, action: .tick)) { $0.timers[id: 2]?.elapsed = 1 }
    // Removing row 2 cancels its timer, and only its timer.
    await store.send(.removeLast) { $0.timers.removeLast() }
    await clock.advance(by: .seconds(1))
    await store.receive(.timers(id: 1, action: .tick)) { $0.timers[id: 1]?.elapsed = 3 }
    #expect(store.runningEffectPaths == ["timers[id: 1]"])
    await store.send(.removeLast) { $0.timers.removeLast() }
  }
}
