import ReducerKit
import ReducerKitTesting

/// A TestStore step on a 10,000-row state against one equality check and one copy of it.
@MainActor
func testStoreScenarios(scale: Int) -> [Scenario] {
  let operations = 2_000 / scale
  let rows = 10_000
  return [
    Scenario(
      name: "TestStore send with assertion, 10,000 rows",
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
  ]
}
