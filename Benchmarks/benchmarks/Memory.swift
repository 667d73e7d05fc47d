import ReducerKit

/// Heap bytes held by a store over 100,000 rows against the bare array of rows.
@MainActor
func memoryScenarios(scale: Int) -> [Scenario] {
  let rows = 100_000 / scale
  // NB: both sides build the same rows, titles included, inside the measured region: the
  // difference is what the store and its id index add per row.
  func makeRows() -> [Row.State] {
    (0..<rows).map { Row.State(id: $0, title: "Row title number \($0), long enough for the heap") }
  }
  return [
    Scenario(
      name: "heap bytes of a store over 100,000 rows",
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
  ]
}

/// Keeps measured allocations alive until the end of the run.
@MainActor
enum Retained {
  static var values: [Any] = []
}
