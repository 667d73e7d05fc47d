import Foundation
import ReducerKit
import ReducerKitTesting
import TestSupport
import Testing

/// A feature whose effect lets its `send` escape, then returns.
struct Escaper: Reducer {
  struct State: Equatable { var count = 0 }
  enum Action: Equatable { case start, late }

  let escaped: Locked<Send<Action>?>
  let returned: Locked<Bool>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { [escaped, returned] send in
        escaped.withLock { $0 = send }
        returned.withLock { $0 = true }
      }
    case .late:
      state.count += 1
      return .none
    }
  }
}

/// What happens to an action sent through an effect's `send` after its operation returned.
@MainActor
struct SendTests {
  @Test func anEscapedSendIsDroppedAndReportedEvenWhenTheMainActorWasBusy() {
    let escaped = Locked<Send<Escaper.Action>?>(nil)
    let returned = Locked(false)
    let store = Store(initialState: Escaper.State()) {
      Escaper(escaped: escaped, returned: returned)
    }
    store.send(.start)
    // Keep the main actor busy (no `await`) until the effect's operation has returned: its task
    // then waits behind this test to be unregistered. The escaped send used to be delivered,
    // unreported, whenever it reached the main actor before that.
    while !returned.withLock({ $0 }) { usleep(100) }
    usleep(20_000)
    let issues = collectIssues { escaped.withLock { $0 }?(.late) }
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("sent from an effect that had already finished") == true)
    #expect(store.count == 0)
  }
}
