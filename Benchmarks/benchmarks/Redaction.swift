import ReducerKit

/// A send swallowed by redaction against a plain store whose reducer ignores the action by hand
/// while loading: the same flag, `isLoading`, read by `redacted(when: \.isLoading)`.
@MainActor
func redactionScenarios(scale: Int) -> [Scenario] {
  let operations = 1_000_000 / scale
  // NB: three forms of one policy, each against the guard a feature would write by hand for
  // it: the stored flag's key path (read at its offset) and `Redactable` (the state's own
  // `redactionReasons`, what every `Redactable` feature gets) against `guard !state.isLoading`,
  // and the closure form against the same guard calling the same closure, which is the work
  // that form asks for: a call per action no library can remove (62 instructions against the
  // plain guard's 40, 1.55×, above any target a closure form could meet otherwise).
  return [
    scenario("redacted send (no-op)", operations) { LoadingCounter().redacted(when: \.isLoading) },
    scenario(
      "redacted send (no-op), closure", operations,
      baselineName: "plain store, reducer guards by calling the same closure",
      baseline: { ClosureGuardedCounter(isRedacted: { $0.isLoading }) },
      { LoadingCounter().redacted(when: { $0.isLoading }) }),
    scenario("redacted send (no-op), Redactable", operations) { LoadingCounter().redacted() },
  ]
}

/// One form of the redacted send against a guard written by hand (`guard !state.isLoading`
/// unless another is given).
@MainActor
private func scenario<
  R: Reducer<GuardedCounter.State, GuardedCounter.Action>,
  B: Reducer<GuardedCounter.State, GuardedCounter.Action>
>(
  _ name: String, _ operations: Int,
  baselineName: String = "plain store, reducer guards !isLoading",
  baseline makeBaseline: @escaping () -> B = { GuardedCounter() },
  _ make: @escaping () -> R
) -> Scenario {
  Scenario(
    name: name,
    baselineName: baselineName,
    target: 1.3, unit: .nanoseconds,
    subject: Workload(operations: operations) {
      let reducer = make()
      let store = Store(initialState: GuardedCounter.State()) { reducer }
      return {
        for _ in 0..<operations { store.send(.increment) }
        blackHole(store.count)
      }
    },
    baseline: Workload(operations: operations) {
      let reducer = makeBaseline()
      let store = Store(initialState: GuardedCounter.State()) { reducer }
      return {
        for _ in 0..<operations { store.send(.increment) }
        blackHole(store.count)
      }
    },
    instructions: true
  )
}
