import ReducerKit

/// A send swallowed by redaction against a plain store whose reducer ignores the action by hand
/// while loading: the same flag, `isLoading`, read by `redacted(when: \.isLoading)`.
@MainActor
func redactionScenarios(scale: Int) -> [Scenario] {
  let operations = 1_000_000 / scale
  // NB: three forms of one policy, each against the same hand-written guard: the stored flag's
  // key path (read at its offset), a closure, and `Redactable` (which calls the closure
  // `{ !$0.redactionReasons.isEmpty }`, what every `Redactable` feature gets).
  let forms: [(name: String, make: () -> _Redacted<LoadingCounter>)] = [
    ("redacted send (no-op)", { LoadingCounter().redacted(when: \.isLoading) }),
    ("redacted send (no-op), closure", { LoadingCounter().redacted(when: { $0.isLoading }) }),
    ("redacted send (no-op), Redactable", { LoadingCounter().redacted() }),
  ]
  return forms.map { form in
    Scenario(
      name: form.name,
      baselineName: "plain store, reducer guards !isLoading",
      target: 1.3, unit: .nanoseconds,
      subject: Workload(operations: operations) {
        let reducer = form.make()
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
}
