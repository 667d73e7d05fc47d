import ReducerKit

/// Heap bytes held by a store over 100,000 rows against the bare array of rows.
@MainActor
func memoryScenarios(scale: Int) -> [Scenario] {
  let rows = 100_000 / scale
  return [
    memoryScenario(rows: rows, name: "long titles") {
      "Row title number \($0), long enough for the heap"
    },
    // NB: short titles fit in a string's inline storage, so the rows themselves are small and
    // whatever the store adds per row shows.
    memoryScenario(rows: rows, name: "short titles") { "R\($0)" },
  ]
}

/// Heap bytes held by a store over `rows` rows against the bare array of the same rows.
@MainActor
func memoryScenario(rows: Int, name: String, title: @escaping (Int) -> String) -> Scenario {
  // NB: both sides build the same rows inside the measured region: the difference is what the
  // store and its id index add per row.
  func makeRows() -> [Row.State] {
    (0..<rows).map { Row.State(id: $0, title: title($0)) }
  }
  return Scenario(
    name: "heap bytes of a store over 100,000 rows, \(name)",
    baselineName: "the bare array of rows",
    target: 1.1, unit: .bytes,
    subject: Workload(operations: rows) {
      return {
        let store = Store(
          initialState: RowList.State(rows: IdentifiedArray(uniqueElements: makeRows()))
        ) {
          RowList()
        }
        Retained.values.append(store)
      }
    },
    baseline: Workload(operations: rows) {
      return {
        Retained.values.append(makeRows())
      }
    }
  )
}

/// Keeps measured allocations alive until the end of the run.
@MainActor
enum Retained {
  static var values: [Any] = []
}
