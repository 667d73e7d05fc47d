import ReducerKit

/// What recording costs per send: a store recording digests against the same store without a
/// recorder. (Recording off is the "Store.send counter" row itself: a store without a recorder
/// pays one check per send.)
@MainActor
func recordingScenarios(scale: Int) -> [Scenario] {
  // NB: a recording keeps every step, so the recording side does fewer operations.
  let operations = 1_000_000 / scale
  let recorded = max(1, operations / 100)
  return [
    Scenario(
      name: "send to a recording store (digests)",
      baselineName: "the same store, not recording",
      target: nil, unit: .nanoseconds,
      subject: Workload(operations: recorded) {
        let recorder = StoreRecorder(states: .digest)
        let store = Store(initialState: Counter.State(), recordingTo: recorder) { Counter() }
        return {
          for _ in 0..<recorded { store.send(.increment) }
          blackHole(store.count)
        }
      },
      baseline: Workload(operations: operations) {
        let store = Store(initialState: Counter.State()) { Counter() }
        return {
          for _ in 0..<operations { store.send(.increment) }
          blackHole(store.count)
        }
      },
      instructions: true
    )
  ]
}
