import ReducerKit
import TestSupport
import Testing

/// `signpost` times each action's reduce and each effect's work, under the best-known library's
/// spelling (`signpost(log: .default)`, `.disabled`).
@MainActor
struct SignpostTests {
  @Test func aDisabledOrDefaultSignpostRunsTheReducerAsItIs() async {
    for log in [SignpostLog.default, .disabled] {
      let reducer = EmptyReducer<Int, Void>().signpost(log: log)
      var n = 0
      var sent = 0
      for await _ in reducer.reduce(into: &n, action: ()).actions { sent += 1 }
      #expect(n == 0)
      #expect(sent == 0)
    }
  }

  @Test func eachActionAndEachEffectsWorkIsAnIntervalNamedByTheActionsCase() async {
    let intervals = Locked<[SignpostInterval]>([])
    let log = SignpostLog { interval in intervals.withLock { $0.append(interval) } }
    let store = Store(initialState: Counter.State()) {
      Counter().signpost("Counter", log: log)
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
    store.send(.increment)
    await store.send(.delayedIncrement).finish()
    let seen = intervals.withLock { $0 }
    #expect(seen.map(\.prefix).allSatisfy { $0 == "Counter" })
    #expect(
      seen.map { "\($0.kind) \($0.name)" }
        == [
          "action Counter.Action.increment",
          "action Counter.Action.delayedIncrement",
          "action Counter.Action.incrementResponse",
          "effect Counter.Action.delayedIncrement",
        ])
    #expect(seen.allSatisfy { $0.duration >= .zero })
    #expect(store.count == 2)
  }
}
