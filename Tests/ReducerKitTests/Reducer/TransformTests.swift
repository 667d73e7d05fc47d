import ReducerKit
import Testing

@MainActor
struct TransformTests {
  @Test func onChangeRunsOnlyWhenTheValueChanged() {
    struct Feature: Reducer {
      struct State: Equatable {
        var count = 0
        var changes: [String] = []
      }
      enum Action { case set(Int) }
      var body: some ReducerOf<Self> {
        Reduce { state, action in
          switch action {
          case .set(let value): state.count = value
          }
          return .none
        }
        .onChange(of: \.count) { old, new in
          Reduce { state, _ in
            state.changes.append("\(old)→\(new)")
            return .none
          }
        }
      }
    }
    let store = Store(initialState: Feature.State()) { Feature() }
    store.send(.set(1))
    store.send(.set(1))
    store.send(.set(3))
    #expect(store.changes == ["0→1", "1→3"])
  }

  @Test func onChangeWithRemoveDuplicatesComparesAsItIsTold() {
    /// Not `Equatable`: only its text matters.
    struct Query {
      var text: String
      var typedAt: Int
    }
    struct Feature: Reducer {
      struct State {
        var query = Query(text: "", typedAt: 0)
        var searches: [String] = []
      }
      enum Action { case typed(String, at: Int) }
      static func sameText(_ first: Query, _ second: Query) -> Bool { first.text == second.text }
      var body: some ReducerOf<Self> {
        Reduce { state, action in
          switch action {
          case .typed(let text, let time): state.query = Query(text: text, typedAt: time)
          }
          return .none
        }
        .onChange(of: \.query, removeDuplicates: Self.sameText) { old, new in
          Reduce { state, _ in
            state.searches.append("\(old.text)→\(new.text)")
            return .none
          }
        }
      }
    }
    let store = Store(initialState: Feature.State()) { Feature() }
    store.send(.typed("a", at: 1))
    store.send(.typed("a", at: 2))  // the same text, typed again: no change
    store.send(.typed("ab", at: 3))
    #expect(store.withState(\.searches) == ["→a", "a→ab"])
  }

  @Test func printChangesLogsTheActionAndADiff() {
    let log = LogBox()
    let store = Store(initialState: Counter.State()) {
      Counter().printChanges { entry in log.append(entry) }
    }
    store.send(.increment)
    store.send(.delayedIncrement)
    let entries = log.entries
    #expect(entries.count == 2)
    #expect(entries[0].contains("received action:\n  Counter.Action.increment"))
    #expect(entries[0].contains("−   count: 0"))
    #expect(entries[0].contains("+   count: 1"))
    #expect(entries[1].contains("(No state changes)"))
  }

  @Test func combineReducersAndBuilderControlFlowRunInOrder() {
    struct Feature: Reducer {
      var includeSecond: Bool
      var useFirstBranch: Bool
      func reducer(_ tag: String) -> Reduce<[String], Void> {
        Reduce { state, _ in
          state.append(tag)
          return .none
        }
      }
      var body: some Reducer<[String], Void> {
        CombineReducers {
          reducer("a")
          if includeSecond { reducer("b") }
          if useFirstBranch { reducer("c") } else { reducer("d") }
          for tag in ["e", "f"] { reducer(tag) }
          EmptyReducer()
        }
      }
    }
    var state: [String] = []
    _ = Feature(includeSecond: true, useFirstBranch: false).reduce(into: &state, action: ())
    #expect(state == ["a", "b", "d", "e", "f"])
    state = []
    _ = Feature(includeSecond: false, useFirstBranch: true).reduce(into: &state, action: ())
    #expect(state == ["a", "c", "e", "f"])
  }

}

final class LogBox: @unchecked Sendable {
  // NB: `@unchecked Sendable`: `entries` is guarded by `lock`.
  private let lock = NSLockish()
  private var _entries: [String] = []
  func append(_ entry: String) { lock.withLock { _entries.append(entry) } }
  var entries: [String] { lock.withLock { _entries } }
}

/// The best-known library's printer spelling: `_printChanges(_:)` with a `_ReducerPrinter`.
@MainActor
struct ReducerPrinterTests {
  enum Action {
    case action1(Bool, label: String)
    case action2(Bool, Int, String)
    case screenA(ScreenA)
    case plain
    enum ScreenA {
      case row(index: Int, action: RowAction)
      enum RowAction {
        case tapped
        case textChanged(query: String)
      }
    }
  }

  @Test func actionLabelsNameTheCaseAndItsLabelsWithoutTheValues() {
    #expect(
      caseLabel(of: Action.action1(true, label: "Blob"))
        == "ReducerPrinterTests.Action.action1(_:, label:)")
    #expect(
      caseLabel(of: Action.action2(true, 1, "Blob"))
        == "ReducerPrinterTests.Action.action2(_:, _:, _:)")
    #expect(
      caseLabel(of: Action.screenA(.row(index: 1, action: .tapped)))
        == "ReducerPrinterTests.Action.screenA(.row(index:, action: .tapped))")
    #expect(
      caseLabel(of: Action.screenA(.row(index: 1, action: .textChanged(query: "Hi"))))
        == "ReducerPrinterTests.Action.screenA(.row(index:, action: .textChanged(query:)))")
    #expect(caseLabel(of: Action.plain) == "ReducerPrinterTests.Action.plain")
  }

  @Test func aCustomPrinterSeesEachActionWithTheStateAroundItInOrder() {
    let log = LogBox()
    let printer = _ReducerPrinter<Int, Bool> { action, old, new in
      log.append("\(action) \(old)→\(new)")
    }
    let store = Store<Int, Bool>(initialState: 0) {
      Reduce<Int, Bool> { state, action in
        state += action ? 1 : -1
        return .run { _ in await Task.yield() }
      }
      ._printChanges(printer)
      ._printChanges(printer)
    }
    store.send(true)
    store.send(false)
    #expect(log.entries == ["true 0→1", "true 0→1", "false 1→0", "false 1→0"])
  }

  @Test func noPrinterPrintsNothingAndTheDefaultIsTheReadableDiff() {
    let log = LogBox()
    let silent = Store(initialState: Counter.State()) { Counter()._printChanges(nil) }
    silent.send(.increment)
    #expect(silent.count == 1)
    let logged = Store(initialState: Counter.State()) {
      Counter()._printChanges(.customDump(to: { log.append($0) }))
    }
    logged.send(.increment)
    #expect(log.entries.count == 1)
    #expect(log.entries.first?.contains("+   count: 1") == true)
  }
}

@MainActor
struct PrintedSharedStateTests {
  struct State { @Shared var count: Int }

  @Test func aSharedValuesChangeShowsInTheReadableDiff() {
    let log = LogBox()
    let store = Store<State, Bool>(initialState: State(count: Shared(value: 0))) {
      Reduce<State, Bool> { state, action in
        state.$count.withLock { $0 += action ? 1 : -1 }
        return .none
      }
      ._printChanges(.customDump(to: { log.append($0) }))
    }
    store.send(true)
    store.send(false)
    #expect(log.entries.count == 2)
    #expect(log.entries.first?.contains("−   count: 0\n+   count: 1") == true)
    #expect(log.entries.last?.contains("−   count: 1\n+   count: 0") == true)
  }
}
