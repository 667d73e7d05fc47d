import ReducerKit

/// A navigation stack: an action to its top screen, and a push and pop, should not grow with
/// the stack's depth (the screens are found by id in O(1), and popping the top removes one
/// element without rebuilding the id index). Each compares a 100-deep stack with a 1-deep one.
@MainActor
func navigationScenarios(scale: Int) -> [Scenario] {
  let operations = 200_000 / scale
  return [
    Scenario(
      name: "action to the top screen of a 100-deep stack",
      baselineName: "the same on a 1-deep stack",
      target: 1.5, unit: .nanoseconds,
      subject: stackWorkload(depth: 100, operations: operations) { store, top in
        store.send(.path(.element(id: top, action: .toggle)))
      },
      baseline: stackWorkload(depth: 1, operations: operations) { store, top in
        store.send(.path(.element(id: top, action: .toggle)))
      }
    ),
    Scenario(
      name: "push and pop a screen on a 100-deep stack",
      baselineName: "the same on a 1-deep stack",
      target: 1.5, unit: .nanoseconds,
      subject: stackWorkload(depth: 100, operations: operations / 2) { store, _ in
        store.send(.push)
        store.send(.pop)
      },
      baseline: stackWorkload(depth: 1, operations: operations / 2) { store, _ in
        store.send(.push)
        store.send(.pop)
      }
    ),
  ]
}

@MainActor
func stackWorkload(
  depth: Int, operations: Int,
  _ step: @escaping @MainActor (StoreOf<Stacked>, StackElementID) -> Void
) -> Workload {
  Workload(operations: operations) {
    let store = Store(initialState: Stacked.State()) { Stacked() }
    for _ in 0..<depth { store.send(.push) }
    guard let top = store.path.ids.last else { preconditionFailure("the stack has screens") }
    return {
      for _ in 0..<operations { step(store, top) }
      blackHole(store.path.count)
    }
  }
}

/// A root with a stack of toggles.
struct Stacked: Reducer {
  struct State {
    var path = StackState<Row.State>()
  }
  enum Action {
    case path(StackAction<Row.State, Row.Action>)
    case push
    case pop
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .push:
        state.path.append(Row.State(id: state.path.count, title: "Screen"))
      case .pop:
        state.path.popLast()
      case .path:
        break
      }
      return .none
    }
    .forEach(
      \.path,
      action: CasePath(Action.path) { if case .path(let action) = $0 { action } else { nil } }
    ) { Row() }
  }
}
