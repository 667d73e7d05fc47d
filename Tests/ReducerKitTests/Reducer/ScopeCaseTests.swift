import ReducerKit
import ReducerKitTesting
import Testing

/// A feature whose state is an enum, with a child scoped to each case:
/// `Scope(state: \.count, action: \.count)`, as the best-known library spells it.
struct CaseMeter: Reducer {
  enum State: Equatable {
    case count(Int)
    case name(String)
  }
  enum Action: Equatable {
    case count(Int)
    case name(String)
    case rename(String)
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.count, action: \.count) {
      Reduce<Int, Int> { state, action in
        state = action
        return state < 0 ? .run { send in await send(0) } : .none
      }
    }
    Scope(\.name, action: \.name) {
      Reduce<String, String> { state, action in
        state = action
        return .none
      }
    }
    Reduce { state, action in
      guard case .rename(let name) = action else { return .none }
      state = .name(name)
      return .none
    }
  }
}

@MainActor
struct ScopeCaseTests {
  @Test func aScopeOverACaseRunsTheChildOnThatCasesValue() async {
    let store = TestStore(initialState: CaseMeter.State.count(0)) { CaseMeter() }
    await store.send(.count(1)) { $0 = .count(1) }
    await store.send(.count(-1)) { $0 = .count(-1) }
    await store.receive(.count(0)) { $0 = .count(0) }
    await store.send(.rename("Blob")) { $0 = .name("Blob") }
    await store.send(.name("Blob Jr.")) { $0 = .name("Blob Jr.") }
  }

  @Test func anActionForAnotherCaseIsAFailureAndChangesNothing() async {
    let store = TestStore(initialState: CaseMeter.State.count(3)) { CaseMeter() }
    await withKnownIssue {
      await store.send(.name("Blob"))
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("\"Scope\"") && text.contains("another case")
        && text.contains("ScopeCaseTests.swift")
    }
    #expect(store.state == .count(3))
  }

  @Test func anEmptyChildOverACaseCompilesAndStillReportsTheWrongCase() async {
    let store = TestStoreOf<CaseMeter>(initialState: .count(0)) {
      Scope(state: \.name, action: \.name) {}
    }
    await withKnownIssue {
      await store.send(.name("Blob"))
    }
  }

  @Test func aPlainStoreIgnoresTheActionAndSaysWhy() async {
    await withRecordedIssues { issues in
      let store = Store(initialState: CaseMeter.State.name("a")) { CaseMeter() }
      store.send(.count(7))
      #expect(store.state == .name("a"))
      #expect(issues.messages.count == 1)
      #expect(issues.messages.first?.contains("7") == true)
    }
  }
}
