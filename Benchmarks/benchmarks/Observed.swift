import Observation
import ReducerKit

/// The path every app with a view takes: something read the state (as SwiftUI does) before the
/// actions are sent. The floor for a store is a hand-written `@Observable` class.
@MainActor
func observedScenarios(scale: Int) -> [Scenario] {
  let operations = 1_000_000 / scale
  let rowOperations = 200_000 / scale
  return [
    Scenario(
      name: "observed Store.send counter",
      baselineName: "observed @Observable class, same mutation",
      target: 1.5, unit: .nanoseconds,
      subject: Workload(operations: operations) {
        let store = Store(initialState: Counter.State()) { Counter() }
        observe { _ = store.count }
        return {
          for _ in 0..<operations { store.send(.increment) }
          blackHole(store.count)
        }
      },
      baseline: Workload(operations: operations) {
        let model = ObservedCounter()
        observe { _ = model.count }
        return {
          for _ in 0..<operations { model.increment() }
          blackHole(model.count)
        }
      }
    ),
    Scenario(
      name: "observed counter, read again after every send",
      baselineName: "@Observable class, read again after every mutation",
      target: 1.5, unit: .nanoseconds,
      subject: Workload(operations: operations / 4) {
        let store = Store(initialState: Counter.State()) { Counter() }
        return {
          for _ in 0..<operations / 4 {
            observe { _ = store.count }
            store.send(.increment)
          }
          blackHole(store.count)
        }
      },
      baseline: Workload(operations: operations / 4) {
        let model = ObservedCounter()
        return {
          for _ in 0..<operations / 4 {
            observe { _ = model.count }
            model.increment()
          }
          blackHole(model.count)
        }
      }
    ),
    Scenario(
      name: "observed action 10 Scopes deep",
      baselineName: "the same action, unobserved",
      target: 2, unit: .nanoseconds,
      subject: deepScopes(operations: operations, observed: true),
      baseline: deepScopes(operations: operations, observed: false)
    ),
    Scenario(
      name: "observed row action via forEach, 100,000 rows",
      baselineName: "same at 100 rows, observed",
      target: 1.5, unit: .nanoseconds,
      subject: observedRowAction(rows: 100_000, operations: rowOperations),
      baseline: observedRowAction(rows: 100, operations: rowOperations)
    ),
    Scenario(
      name: "observed send through a scope(id:) row store",
      baselineName: "the same action at the observed root",
      target: 1.5, unit: .nanoseconds,
      subject: Workload(operations: rowOperations) {
        let store = Store(initialState: RowList.state(rows: 10_000)) { RowList() }
        guard let row = store.scope(id: 4_321, state: \.rows, action: .rows) else {
          preconditionFailure("row 4,321 exists")
        }
        observe { _ = row.isOn }
        return {
          for _ in 0..<rowOperations { row.send(.toggle) }
          blackHole(row.isOn)
        }
      },
      baseline: Workload(operations: rowOperations) {
        let store = Store(initialState: RowList.state(rows: 10_000)) { RowList() }
        observe { _ = store.rows.count }
        return {
          for _ in 0..<rowOperations { store.send(.rows(.element(id: 4_321, action: .toggle))) }
          blackHole(store.rows.count)
        }
      }
    ),
  ]
}

/// Reads what `read` reads under observation tracking, as a view's body does.
@MainActor
func observe(_ read: () -> Void) {
  withObservationTracking(read, onChange: {})
}

@MainActor
func observedRowAction(rows: Int, operations: Int) -> Workload {
  Workload(operations: operations) {
    let store = Store(initialState: RowList.state(rows: rows)) { RowList() }
    observe { _ = store.rows.count }
    return {
      for index in 0..<operations {
        store.send(.rows(.element(id: (index &* 7919) % rows, action: .toggle)))
      }
      blackHole(store.rows.count)
    }
  }
}

@MainActor
func deepScopes(operations: Int, observed: Bool) -> Workload {
  Workload(operations: operations) {
    let reducer = Deep10 {
      Deep9 {
        Deep8 { Deep7 { Deep6 { Deep5 { Deep4 { Deep3 { Deep2 { Deep1 { Counter() } } } } } } } }
      }
    }
    let state = Deep10.State(
      child: Deep9.State(
        child: Deep8.State(
          child: Deep7.State(
            child: Deep6.State(
              child: Deep5.State(
                child: Deep4.State(
                  child: Deep3.State(
                    child: Deep2.State(
                      child: Deep1.State(child: Counter.State()))))))))))
    let store = Store(initialState: state) { reducer }
    if observed { observe { _ = store.state } }
    let action = Deep10.Action.child(
      .child(.child(.child(.child(.child(.child(.child(.child(.child(.increment))))))))))
    return {
      for _ in 0..<operations { store.send(action) }
      blackHole(store.state)
    }
  }
}

/// The floor of an observed store: a hand-written observable model.
@Observable
@MainActor
final class ObservedCounter {
  var count = 0

  @inline(never)
  func increment() { count &+= 1 }
}
