import ReducerKit

/// `Store.send` against a hand-written store, and sending through a child store.
@MainActor
func storeSendScenarios(scale: Int) -> [Scenario] {
  let operations = 1_000_000 / scale
  return [
    Scenario(
      name: "Store.send counter",
      baselineName: "hand-written store, reducer in place",
      target: 5, unit: .nanoseconds,
      subject: Workload(operations: operations) {
        let store = Store(initialState: Counter.State()) { Counter() }
        return {
          for _ in 0..<operations { store.send(.increment) }
          blackHole(store.count)
        }
      },
      baseline: Workload(operations: operations) {
        let store = HandWrittenStore(state: Counter.State(), reducer: Counter())
        return {
          for _ in 0..<operations { store.send(.increment) }
          blackHole(store.state.count)
        }
      },
      instructions: true
    ),
    Scenario(
      name: "send through a child store",
      baselineName: "send through the root store",
      target: 1.5, unit: .nanoseconds,
      subject: Workload(operations: operations) {
        let store = Store(initialState: Nest<Counter>.State(child: Counter.State())) {
          Nest { Counter() }
        }
        let child = store.scope(
          state: \.child,
          action: CasePath(Nest<Counter>.Action.child) {
            if case .child(let a) = $0 { a } else { nil }
          })
        return {
          for _ in 0..<operations { child.send(.increment) }
          blackHole(child.count)
        }
      },
      baseline: Workload(operations: operations) {
        let store = Store(initialState: Nest<Counter>.State(child: Counter.State())) {
          Nest { Counter() }
        }
        return {
          for _ in 0..<operations { store.send(.child(.increment)) }
          blackHole(store.child.count)
        }
      },
      instructions: true
    ),
    // NB: informational: what `PresentationStorage` keeps an action to a presented child at
    // (through the key path `\.$sheet` it was 12,285 instructions and six allocations). The rest
    // of its cost over a `Scope` is the presentation's own bookkeeping: the route, the copy that
    // tells a replacement from a mutation, the farewells.
    Scenario(
      name: "action to a presented child (ifLet(\\.$sheet))",
      baselineName: "the same child under Scope",
      target: nil, unit: .nanoseconds,
      subject: Workload(operations: operations) {
        let store = Store(initialState: AllocationParent.State()) {
          AllocationParent(kind: .sheet)
        }
        return {
          for _ in 0..<operations { store.send(.sheet(.presented(.tapped))) }
          blackHole(store.sheet?.count)
        }
      },
      baseline: Workload(operations: operations) {
        let store = Store(initialState: AllocationParent.State()) {
          AllocationParent(kind: .scope)
        }
        return {
          for _ in 0..<operations { store.send(.scoped(.tapped)) }
          blackHole(store.scoped.count)
        }
      },
      instructions: true
    ),
    Scenario(
      name: "send through a scope(id:) row store, 10,000 rows",
      baselineName: "the same row action sent at the root",
      target: 1.15, unit: .nanoseconds,
      subject: Workload(operations: operations) {
        let store = Store(initialState: RowList.state(rows: 10_000)) { RowList() }
        guard let row = store.scope(id: 4_321, state: \.rows, action: .rows) else {
          preconditionFailure("row 4,321 exists")
        }
        return {
          for _ in 0..<operations { row.send(.toggle) }
          blackHole(row.isOn)
        }
      },
      baseline: Workload(operations: operations) {
        let store = Store(initialState: RowList.state(rows: 10_000)) { RowList() }
        return {
          for _ in 0..<operations { store.send(.rows(.element(id: 4_321, action: .toggle))) }
          blackHole(store.rows.count)
        }
      },
      instructions: true
    ),
  ]
}
