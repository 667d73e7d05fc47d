import Observation
import ReducerKit

/// A list screen as SwiftUI builds it: one view reading the rows' ids through the collection
/// scope, and `visible` row views each reading two fields of their row store. One visible row is
/// toggled per action, and every view that was notified reads again (re-arms), as a view
/// re-renders. The floor is the same screen built from one `@Observable` object per row.
@MainActor
func screenScenarios(scale: Int) -> [Scenario] {
  let rows = 100_000
  let operations = 100_000 / scale
  return [10, 50].map { visible in
    Scenario(
      name: "observed screen: ids + \(visible) row stores, 100,000 rows",
      baselineName: "@Observable list + row objects, same reads",
      target: 1.3, unit: .nanoseconds,
      subject: storeScreen(rows: rows, visible: visible, operations: operations),
      baseline: observableScreen(rows: rows, visible: visible, operations: operations),
      instructions: true
    )
  }
}

@MainActor
func storeScreen(rows: Int, visible: Int, operations: Int) -> Workload {
  Workload(operations: operations) {
    let store = Store(initialState: RowList.state(rows: rows)) { RowList() }
    var rowStores: [StoreOf<Row>] = []
    let list = ScreenView {
      let collection = store.scope(state: \.rows, action: .rows)
      blackHole(collection.ids.count)
      if rowStores.isEmpty { rowStores = collection.prefix(visible).map { $0 } }
    }
    let rowViews = rowStores.map { row in
      ScreenView {
        blackHole(row.isOn)
        blackHole(row.title)
      }
    }
    let ids = rowStores.map(\.id)
    return {
      for index in 0..<operations {
        store.send(.rows(.element(id: ids[index % visible], action: .toggle)))
        list.update()
        for view in rowViews { view.update() }
      }
      blackHole(store.rows.count)
    }
  }
}

@MainActor
func observableScreen(rows: Int, visible: Int, operations: Int) -> Workload {
  Workload(operations: operations) {
    let model = ObservableRowList(rows: rows)
    let list = ScreenView { blackHole(model.rows.count) }
    let rowViews = model.rows.prefix(visible).map { row in
      ScreenView {
        blackHole(row.isOn)
        blackHole(row.title)
      }
    }
    let ids = model.rows.prefix(visible).map(\.id)
    return {
      for index in 0..<operations {
        model.toggle(id: ids[index % visible])
        list.update()
        for view in rowViews { view.update() }
      }
      blackHole(model.rows.count)
    }
  }
}

/// The floor's list: `@Observable` row objects, found by id through a dictionary.
@Observable
@MainActor
final class ObservableRowList {
  var rows: [ObservableRow]
  @ObservationIgnored private var index: [Int: Int]

  init(rows count: Int) {
    let rows = (0..<count).map { ObservableRow(id: $0, title: "Row \($0)") }
    self.rows = rows
    self.index = Dictionary(uniqueKeysWithValues: rows.enumerated().map { ($1.id, $0) })
  }

  @inline(never)
  func toggle(id: Int) {
    guard let position = index[id] else { return }
    rows[position].isOn.toggle()
  }
}

@Observable
@MainActor
final class ObservableRow: Identifiable {
  let id: Int
  var title: String
  var isOn = false

  init(id: Int, title: String) {
    self.id = id
    self.title = title
  }
}
