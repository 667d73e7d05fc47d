import Observation
import ReducerKit

/// The path every app with a view takes: a view reads the state under observation tracking (as
/// SwiftUI's `body` does), and reads again after each change it was told of (re-arms), as a view
/// re-renders. The floor for a store is a hand-written `@Observable` model, read the same way.
/// One row, a render followed by a burst of sends, is informational: after the first send it
/// measures the unobserved path.
@MainActor
func observedScenarios(scale: Int) -> [Scenario] {
  let operations = 1_000_000 / scale
  let rowOperations = 200_000 / scale
  let rendered = operations / 4
  return [
    Scenario(
      name: "observed counter, one render, then a burst",
      baselineName: "@Observable class, one render, same burst",
      target: nil, unit: .nanoseconds,
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
      subject: Workload(operations: rendered) {
        let store = Store(initialState: Counter.State()) { Counter() }
        let view = ScreenView { blackHole(store.count) }
        return {
          for _ in 0..<rendered {
            store.send(.increment)
            view.update()
          }
          blackHole(store.count)
        }
      },
      baseline: Workload(operations: rendered) {
        let model = ObservedCounter()
        let view = ScreenView { blackHole(model.count) }
        return {
          for _ in 0..<rendered {
            model.increment()
            view.update()
          }
          blackHole(model.count)
        }
      }
    ),
    Scenario(
      name: "observed action 10 Scopes deep",
      baselineName: "10 nested @Observable models, same re-read",
      target: 2, unit: .nanoseconds,
      subject: observedDeepScopes(operations: rendered),
      baseline: Workload(operations: rendered) {
        let model = ObservedLevel(depth: 10)
        let view = ScreenView { blackHole(model.leafCount) }
        return {
          for _ in 0..<rendered {
            model.increment()
            view.update()
          }
          blackHole(model.leafCount)
        }
      }
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
        let view = ScreenView { blackHole(row.isOn) }
        return {
          for _ in 0..<rowOperations {
            row.send(.toggle)
            view.update()
          }
          blackHole(row.isOn)
        }
      },
      baseline: Workload(operations: rowOperations) {
        let store = Store(initialState: RowList.state(rows: 10_000)) { RowList() }
        let view = ScreenView { blackHole(store.rows[id: 4_321]?.isOn) }
        return {
          for _ in 0..<rowOperations {
            store.send(.rows(.element(id: 4_321, action: .toggle)))
            view.update()
          }
          blackHole(store.rows.count)
        }
      }
    ),
  ]
}

/// A view's body under observation tracking: reads, and remembers whether it was told of a
/// change since (then it must read again, as a view re-renders).
@MainActor
final class ScreenView {
  private let body: @MainActor () -> Void
  private let fired = FiredFlag()

  init(_ body: @escaping @MainActor () -> Void) {
    self.body = body
    render()
  }

  func render() {
    fired.value = false
    let fired = self.fired
    withObservationTracking(body) { fired.value = true }
  }

  /// Renders again if it was notified.
  @inline(__always)
  func update() {
    if fired.value { render() }
  }
}

/// Set by an observation's change handler, which runs synchronously on the main actor as the
/// change is made.
final class FiredFlag: @unchecked Sendable {
  var value = false
}

/// Reads what `read` reads under observation tracking, as a view's body does.
@MainActor
func observe(_ read: () -> Void) {
  withObservationTracking(read, onChange: {})
}

/// A view reading `store.rows` (told of every write to the collection), re-read after each row
/// action.
@MainActor
func observedRowAction(rows: Int, operations: Int) -> Workload {
  Workload(operations: operations) {
    let store = Store(initialState: RowList.state(rows: rows)) { RowList() }
    let view = ScreenView { blackHole(store.rows.count) }
    return {
      for index in 0..<operations {
        store.send(.rows(.element(id: (index &* 7919) % rows, action: .toggle)))
        view.update()
      }
      blackHole(store.rows.count)
    }
  }
}

@MainActor
func observedDeepScopes(operations: Int) -> Workload {
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
    // NB: a view reads the child (compared with `==`) and reads again after each change.
    let view = ScreenView { blackHole(store.child) }
    let action = Deep10.Action.child(
      .child(.child(.child(.child(.child(.child(.child(.child(.child(.increment))))))))))
    return {
      for _ in 0..<operations {
        store.send(action)
        view.update()
      }
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

/// The floor of an observed nest of features: one `@Observable` model per level, each passing
/// the action to its child, the leaf counting.
@Observable
@MainActor
final class ObservedLevel {
  let child: ObservedLevel?
  var count = 0

  init(depth: Int) {
    child = depth > 1 ? ObservedLevel(depth: depth - 1) : nil
  }

  /// The leaf's count, read through every level (as a view holding the top model does).
  var leafCount: Int { child?.leafCount ?? count }

  @inline(never)
  func increment() {
    if let child { child.increment() } else { count &+= 1 }
  }
}
