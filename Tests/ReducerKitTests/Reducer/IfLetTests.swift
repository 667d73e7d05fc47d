import ReducerKit
import Testing

struct Parent: Reducer {
  struct State: Equatable { var child: Counter.State? }
  enum Action: Equatable {
    case child(Counter.Action)
    case presentTapped, dismissTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .presentTapped:
        state.child = Counter.State()
        return .none
      case .dismissTapped:
        state.child = nil
        return .none
      case .child:
        return .none
      }
    }
    .ifLet(\.child, action: .child) { Counter() }
  }
}

extension CasePath<Parent.Action, Counter.Action> {
  static var child: Self {
    CasePath(Parent.Action.child) { if case .child(let action) = $0 { action } else { nil } }
  }
}

@MainActor
struct IfLetTests {
  @Test func childRunsWhilePresent() {
    let store = Store(initialState: Parent.State()) { Parent() }
    store.send(.presentTapped)
    store.send(.child(.increment))
    #expect(store.child?.count == 1)
  }

  @Test func childEffectIsCancelledWhenChildBecomesNil() async {
    let clock = TestClock()
    let store = Store(initialState: Parent.State(child: Counter.State())) {
      Parent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let task = store.send(.child(.delayedIncrement))
    #expect(await yield { clock.sleeperCount == 1 })
    store.send(.dismissTapped)
    await task.finish()
    #expect(task.isCancelled)
    #expect(store.child == nil)
  }

  @Test func actionForNilChildIsReportedAndIgnored() async {
    await withRecordedIssues { issues in
      let store = Store(initialState: Parent.State()) { Parent() }
      store.send(.child(.increment))
      #expect(store.child == nil)
      #expect(issues.messages.count == 1)
      #expect(issues.messages.first?.contains("while its state was nil") == true)
      #expect(issues.locations.first?.fileID.hasSuffix("IfLetTests.swift") == true)
    }
  }
}

enum Screen: Equatable {
  case counter(Counter.State)
  case empty
}
