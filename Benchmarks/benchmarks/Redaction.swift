import ReducerKit

/// A send swallowed by redaction against a plain store whose reducer ignores the action by hand
/// while loading: the same flag, `isLoading`, read by `redacted(when: \.isLoading)`.
@MainActor
func redactionScenarios(scale: Int) -> [Scenario] {
  let operations = 1_000_000 / scale
  return [
    Scenario(
      name: "redacted send (no-op)",
      baselineName: "plain store, reducer guards !isLoading",
      target: 1.3, unit: .nanoseconds,
      subject: Workload(operations: operations) {
        let store = Store(initialState: GuardedCounter.State()) {
          LoadingCounter().redacted(when: \.isLoading)
        }
        return {
          for _ in 0..<operations { store.send(.increment) }
          blackHole(store.count)
        }
      },
      baseline: Workload(operations: operations) {
        let store = Store(initialState: GuardedCounter.State()) { GuardedCounter() }
        return {
          for _ in 0..<operations { store.send(.increment) }
          blackHole(store.count)
        }
      },
      instructions: true
    )
  ]
}
