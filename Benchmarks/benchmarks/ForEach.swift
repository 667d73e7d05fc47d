import ReducerKit

/// A row action in a `forEach` list against a hand-written `Dictionary` index and in-place toggle
/// over the same rows, and (growth, no target) against the same action at 100 rows.
@MainActor
func forEachScenarios(scale: Int) -> [Scenario] {
  let operations = 200_000 / scale
  func rowAction(rows: Int) -> Workload {
    Workload(operations: operations) {
      let store = Store(initialState: RowList.state(rows: rows)) { RowList() }
      return {
        for index in 0..<operations {
          store.send(.rows(.element(id: (index &* 7919) % rows, action: .toggle)))
        }
        blackHole(store.rows.count)
      }
    }
  }
  return [
    Scenario(
      name: "row action via forEach, 100,000 rows ",
      baselineName: "same at 100 rows (growth)",
      target: nil, unit: .nanoseconds,
      subject: rowAction(rows: 100_000),
      baseline: rowAction(rows: 100)
    ),
    Scenario(
      name: "row action via forEach, 100,000 rows",
      baselineName: "hand-written Dictionary index + toggle, same rows",
      target: 1.15, unit: .nanoseconds,
      subject: rowAction(rows: 100_000),
      baseline: Workload(operations: operations) {
        final class Hand {
          var rows: [Row.State]
          var index: [Int: Int]
          init(_ rows: [Row.State]) {
            self.rows = rows
            self.index = Dictionary(uniqueKeysWithValues: rows.enumerated().map { ($1.id, $0) })
          }
          @inline(never) func toggle(id: Int) {
            if let position = index[id] { rows[position].isOn.toggle() }
          }
        }
        let hand = Hand(RowList.state(rows: 100_000).rows.elements)
        return {
          for index in 0..<operations { hand.toggle(id: (index &* 7919) % 100_000) }
          blackHole(hand.rows.count)
        }
      },
      instructions: true
    ),
  ]
}
