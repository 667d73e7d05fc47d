import ReducerKit

/// Starting and finishing effects, and cancelling them by id, against bare tasks.
@MainActor
func effectScenarios(scale: Int) -> [Scenario] {
  let runs = 20_000 / scale
  let cancels = 10_000 / scale
  return [
    Scenario(
      name: ".run effect started and finished",
      baselineName: "a bare Task created and awaited",
      target: 2, unit: .nanoseconds,
      subject: Workload(operations: runs) {
        let store = Store(initialState: Effectful.State()) { Effectful() }
        return {
          for _ in 0..<runs { await store.send(.start).finish() }
        }
      },
      baseline: Workload(operations: runs) {
        return {
          for _ in 0..<runs { await Task {}.value }
        }
      }
    ),
    Scenario(
      name: "10,000 effects cancelled by id",
      baselineName: "10,000 bare Tasks cancelled",
      target: 2, unit: .nanoseconds,
      subject: Workload(operations: cancels) {
        let store = Store(initialState: Effectful.State()) { Effectful() }
        return {
          var tasks: [StoreTask] = []
          tasks.reserveCapacity(cancels)
          for id in 0..<cancels { tasks.append(store.send(.startCancellable(id))) }
          for id in 0..<cancels { store.send(.cancel(id)) }
          for task in tasks { await task.finish() }
        }
      },
      baseline: Workload(operations: cancels) {
        return {
          var tasks: [Task<Void, any Error>] = []
          tasks.reserveCapacity(cancels)
          for _ in 0..<cancels { tasks.append(Task { try await Task.sleep(for: .seconds(3600)) }) }
          for task in tasks { task.cancel() }
          for task in tasks { _ = await task.result }
        }
      }
    ),
    Scenario(
      name: ".run effect from a row of a 10,000-row list",
      baselineName: "the same effect from the root",
      target: 1.5, unit: .nanoseconds,
      subject: Workload(operations: runs) {
        let store = Store(initialState: EffectRows.State(rows: 10_000)) { EffectRows() }
        return {
          for index in 0..<runs {
            await store.send(.rows(.element(id: index % 10_000, action: .start))).finish()
          }
        }
      },
      baseline: Workload(operations: runs) {
        let store = Store(initialState: Effectful.State()) { Effectful() }
        return {
          for _ in 0..<runs { await store.send(.start).finish() }
        }
      }
    ),
  ]
}
