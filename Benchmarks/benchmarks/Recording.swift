import ReducerKit
import ReducerKitRecording

/// What recording costs per send: a recording store against the same store without a recorder.
/// (Recording off is the "Store.send counter" row itself: a store without a recorder has
/// `NoHook`, and its send compiles no recording branch at all.)
@MainActor
func recordingScenarios(scale: Int) -> [Scenario] {
  // NB: a recording keeps every step, so the recording side does fewer operations; and at
  // most 1,000 sends, which an app makes in one turn of the main actor only in a loop: past
  // 1,024 steps kept in one turn, a deferred recorder encodes the oldest at once (its memory
  // bound), and a send of such a loop pays for that encoding.
  let operations = 1_000_000 / scale
  let recorded = min(1_000, max(1, operations / 100))
  /// A counter store recording into `makeRecorder()`'s recorder, beside the same store not
  /// recording; `finish` runs after the sends (what it does is counted too).
  func scenario(
    _ name: String, target: Double?, sends: Int = recorded,
    _ makeRecorder: @escaping @MainActor () -> StoreRecorder,
    finish: @escaping @MainActor (StoreRecorder) -> Int = { $0.encoding == .deferred ? 1 : 0 }
  ) -> Scenario {
    Scenario(
      name: name,
      baselineName: "the same store, not recording",
      target: target, unit: .nanoseconds,
      subject: Workload(operations: sends) {
        let recorder = makeRecorder()
        let store = Store(initialState: Counter.State(), recordingTo: recorder) { Counter() }
        return {
          for _ in 0..<sends { store.send(.increment) }
          blackHole(store.count)
          // NB: the recorder is kept to the end: a store whose recorder is gone records nothing.
          blackHole(finish(recorder))
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
  }
  return [
    // NB: the send itself; the steps are encoded when the recording is written (the last row
    // is the send and that encoding, per step). Fewer than the 256 steps a hand-off takes: a
    // `Sendable` feature's kept steps go to the recorder's queue then, and callgrind, which
    // counts every thread, counted the queue's encoding of them in the longer run alone
    // (5,080 instructions a send since the queue came, against 705 for the send).
    scenario("send to a recording store (deferred)", target: 20, sends: min(250, recorded)) {
      StoreRecorder(encoding: .deferred)
    },
    scenario("send to a recording store (each step encoded)", target: nil) {
      StoreRecorder(encoding: .atOnce)
    },
    scenario(
      "a recorded step written as JSON", target: nil, { StoreRecorder(encoding: .deferred) },
      finish: { $0.jsonData().count }),
  ]
}
