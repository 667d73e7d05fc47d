import ReducerKit
import ReducerKitTesting

/// TestStore steps on large states against one equality check and one copy of the state.
@MainActor
func testStoreScenarios(scale: Int) -> [Scenario] {
  [
    testStoreStep(rows: 10_000, operations: 2_000 / scale, name: "10,000 rows"),
    testStoreStep(rows: 100_000 / scale, operations: 200 / scale, name: "100,000 rows"),
  ]
}

/// A TestStore step on a `rows`-row state against one equality check and one copy of it.
@MainActor
func testStoreStep(rows: Int, operations: Int, name: String) -> Scenario {
  Scenario(
    name: "TestStore send with assertion, \(name)",
    baselineName: "one == of that state plus one copy",
    target: 3, unit: .nanoseconds,
    subject: Workload(operations: operations) {
      let store = TestStore(initialState: RowList.state(rows: rows)) { RowList() }
      return {
        for index in 0..<operations {
          let id = index % rows
          await store.send(.rows(.element(id: id, action: .toggle))) {
            $0.rows[id: id]?.isOn.toggle()
          }
        }
      }
    },
    baseline: Workload(operations: operations) {
      var state = RowList.state(rows: rows)
      return {
        for index in 0..<operations {
          let id = index % rows
          var copy = state
          copy.rows[id: id]?.isOn.toggle()
          state.rows[id: id]?.isOn.toggle()
          blackHole(copy == state)
        }
      }
    }
  )
}
