import ReducerKit

/// A send swallowed by redaction against a plain store whose reducer ignores the action by hand
/// while loading: the same flag, `isLoading`, read by `redacted(when: \.isLoading)`.
@MainActor
func redactionScenarios(scale: Int) -> [Scenario] {
  let operations = 1_000_000 / scale
  // NB: three forms of one policy, each against the same hand-written guard: the stored flag's
  // key path (read at its offset), a closure, and `Redactable` (the state's own
  // `redactionReasons`, what every `Redactable` feature gets).
  return [
    scenario("redacted send (no-op)", operations) { LoadingCounter().redacted(when: \.isLoading) },
    scenario("redacted send (no-op), closure", operations) {
      LoadingCounter().redacted(when: { $0.isLoading })
    },
    scenario("redacted send (no-op), Redactable", operations) { LoadingCounter().redacted() },
    // NB: informational: what the closure form cannot go below, a call of the feature's
    // closure per action made by hand.
    scenario("hand-written guard calling a closure (no-op)", operations, target: nil) {
      ClosureGuardedCounter(isRedacted: { $0.isLoading })
    },
  ]
}

/// One form of the redacted send (or, without a target, a floor of one) against the
/// hand-written guard.
@MainActor
private func scenario<R: Reducer<GuardedCounter.State, GuardedCounter.Action>>(
  _ name: String, _ operations: Int, target: Double? = 1.3, _ make: @escaping () -> R
) -> Scenario {
  Scenario(
    name: name,
    baselineName: "plain store, reducer guards !isLoading",
    target: target, unit: .nanoseconds,
    subject: Workload(operations: operations) {
      let reducer = make()
      let store = Store(initialState: GuardedCounter.State()) { reducer }
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
}
