import ReducerKit
import Testing

struct ScreenFeature: Reducer {
  typealias State = Screen
  enum Action: Equatable {
    case counter(Counter.Action)
    case clear
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .clear = action { state = .empty }
      return .none
    }
    .ifCaseLet(
      CasePath(Screen.counter) { if case .counter(let s) = $0 { s } else { nil } },
      action: CasePath(Action.counter) { if case .counter(let a) = $0 { a } else { nil } }
    ) {
      Counter()
    }
  }
}

@MainActor
struct IfCaseLetTests {
  @Test func childRunsInItsCase() {
    let store = Store(initialState: Screen.counter(Counter.State())) { ScreenFeature() }
    store.send(.counter(.increment))
    #expect(store.state == .counter(Counter.State(count: 1)))
  }

  @Test func leavingTheCaseCancelsChildEffectsAndLaterActionsAreReported() async {
    await withRecordedIssues { issues in
      let clock = TestClock()
      let store = Store(initialState: Screen.counter(Counter.State())) {
        ScreenFeature()
      } withDependencies: {
        $0.continuousClock = clock
      }
      let task = store.send(.counter(.delayedIncrement))
      #expect(await yield { clock.sleeperCount == 1 })
      store.send(.clear)
      await task.finish()
      #expect(task.isCancelled)
      store.send(.counter(.increment))
      #expect(store.state == .empty)
      #expect(issues.messages.count == 1)
      #expect(issues.messages.first?.contains("in another case") == true)
    }
  }
}
