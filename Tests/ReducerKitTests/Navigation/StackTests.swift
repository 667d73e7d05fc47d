import ReducerKit
import ReducerKitTesting
import TestSupport
import Testing

/// A navigation stack: each screen is an instance; popping cancels exactly the popped screens'
/// effects; ids are deterministic in tests.
@MainActor
struct StackTests {
  let clock = TestClock()

  func store(_ state: Navigator.State = Navigator.State()) -> TestStore<
    Navigator.State, Navigator.Action
  > {
    makeTestStore(state, Navigator(), clock: clock)
  }

  @Test func pushingTwoInstancesOfAScreenKeepsTheirEffectsApart() async {
    let store = store()
    await store.send(.open(1)) { $0.path[id: 0] = .stopwatch(Stopwatch.State(id: 1)) }
    await store.send(.open(2)) { $0.path[id: 1] = .stopwatch(Stopwatch.State(id: 2)) }
    await store.send(.path(.element(id: 0, action: .stopwatch(.start))))
    await store.send(.path(.element(id: 1, action: .stopwatch(.start))))
    #expect(
      store.runningEffectPaths == [
        "path[id: 0] → (case Stopwatch.State)", "path[id: 1] → (case Stopwatch.State)",
      ])

    // Popping the top screen cancels only its effect.
    await store.send(.path(.popFrom(id: 1))) { $0.path[id: 1] = nil }
    #expect(store.runningEffectPaths == ["path[id: 0] → (case Stopwatch.State)"])
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 0, action: .stopwatch(.tick)))) {
      $0.path[id: 0] = .stopwatch(Stopwatch.State(id: 1, ticks: 1))
    }
    await store.send(.path(.popFrom(id: 0))) { $0.path = [] }
    #expect(store.runningEffectPaths.isEmpty)
  }

  @Test func popFromRemovesTheScreenAndEveryScreenAbove() async {
    let store = store()
    await store.send(.open(1)) { $0.path[id: 0] = .stopwatch(Stopwatch.State(id: 1)) }
    await store.send(.open(2)) { $0.path[id: 1] = .stopwatch(Stopwatch.State(id: 2)) }
    await store.send(.open(3)) { $0.path[id: 2] = .stopwatch(Stopwatch.State(id: 3)) }
    await store.send(.path(.element(id: 0, action: .stopwatch(.start))))
    await store.send(.path(.element(id: 2, action: .stopwatch(.start))))
    await store.send(.path(.popFrom(id: 1))) {
      $0.path[id: 2] = nil
      $0.path[id: 1] = nil
    }
    #expect(store.runningEffectPaths == ["path[id: 0] → (case Stopwatch.State)"])
    await store.send(.path(.popFrom(id: 0))) { $0.path.removeAll() }
  }

  @Test func aScreenDismissesItselfByPoppingAndItsEffectsStop() async {
    let store = store()
    await store.send(.open(1)) { $0.path[id: 0] = .stopwatch(Stopwatch.State(id: 1)) }
    await store.send(.open(2)) { $0.path[id: 1] = .stopwatch(Stopwatch.State(id: 2)) }
    await store.send(.path(.element(id: 0, action: .stopwatch(.start))))
    await store.send(.path(.element(id: 1, action: .stopwatch(.start))))
    await store.send(.path(.element(id: 1, action: .stopwatch(.closeTapped))))
    await store.receive(.path(.popFrom(id: 1))) { $0.path[id: 1] = nil }
    #expect(store.runningEffectPaths == ["path[id: 0] → (case Stopwatch.State)"])
    await store.send(.path(.popFrom(id: 0))) { $0.path.removeAll() }
  }

  @Test func theParentPoppingAScreenCancelsItsEffects() async {
    let store = store()
    await store.send(.open(1)) { $0.path[id: 0] = .stopwatch(Stopwatch.State(id: 1)) }
    await store.send(.path(.element(id: 0, action: .stopwatch(.start))))
    await store.send(.backToRoot) { $0.path.removeAll() }
    #expect(store.runningEffectPaths.isEmpty)
  }

  @Test func aStackBuiltInATestCountsFromZeroWhateverRanBefore() async {
    // Code outside this test (a detached task belongs to no test) took ids from the process's
    // generator, as other tests did before the fix.
    await Task.detached {
      for _ in 0..<5 { _ = StackElementIDGenerator.liveValue.next() }
    }.value
    let path = StackState<Stopwatch.State>([Stopwatch.State(id: 1), Stopwatch.State(id: 2)])
    #expect(path.ids == [0, 1])
  }

  @Test func aTestStoreContinuesTheIDsOfTheStacksItsTestBuilt() async {
    let path = StackState<Navigator.Path.State>([.stopwatch(Stopwatch.State(id: 1))])
    #expect(path.ids == [0])
    let store = store(Navigator.State(path: path))
    // The store pushes the test's next id, not a second 0.
    await store.send(.open(2)) { $0.path[id: 1] = .stopwatch(Stopwatch.State(id: 2)) }
    #expect(store.state.path.ids == [0, 1])
  }

  @Test func aPushBeyondTheNextIDIsAWarningInATest() async {
    let store = store()
    // The next id (0) is fine.
    await store.send(.path(.push(id: 0, state: .stopwatch(Stopwatch.State(id: 1))))) {
      $0.path[id: 0] = .stopwatch(Stopwatch.State(id: 1))
    }
    await withKnownIssue {
      await store.send(.path(.push(id: 5, state: .stopwatch(Stopwatch.State(id: 2))))) {
        $0.path[id: 5] = .stopwatch(Stopwatch.State(id: 2))
      }
    } matching: { issue in
      issue.description.contains("received a push with id 5, beyond the next id")
        && issue.description.contains("(1)")
    }
    // The screen was pushed, and the generator went past it.
    await store.send(.open(3)) { $0.path[id: 6] = .stopwatch(Stopwatch.State(id: 3)) }
  }

  @Test func appendingInASendAssertionMakesTheIDsTheReducerMakes() async {
    let store = store()
    await store.send(.open(1)) { $0.path.append(.stopwatch(Stopwatch.State(id: 1))) }
    await store.send(.open(2)) { $0.path.append(.stopwatch(Stopwatch.State(id: 2))) }
    #expect(store.state.path.ids == [0, 1])
  }

  @Test func aPushActionPushesWithItsID() async {
    let store = store()
    await store.send(.path(.push(id: 0, state: .stopwatch(Stopwatch.State(id: 9))))) {
      $0.path[id: 0] = .stopwatch(Stopwatch.State(id: 9))
    }
    // Ids made afterwards do not collide with a pushed one.
    await store.send(.open(1)) { $0.path[id: 1] = .stopwatch(Stopwatch.State(id: 1)) }
  }

  @Test func anActionForAPoppedIDIsOneWarning() async {
    let store = store()
    await store.send(.open(1)) { $0.path[id: 0] = .stopwatch(Stopwatch.State(id: 1)) }
    await store.send(.path(.popFrom(id: 0))) { $0.path.removeAll() }
    await withKnownIssue {
      await store.send(.path(.element(id: 0, action: .stopwatch(.start))))
    } matching: { issue in
      issue.description.contains("No screen with id 0")
        && issue.sourceLocation?.fileName == "StackTests.swift"
    }
    #expect(store.runningEffectPaths.isEmpty)
  }

  @Test func aLeftoverEffectNamesItsScreen() async {
    var store: TestStore<Navigator.State, Navigator.Action>? = store()
    await withKnownIssue {
      await store?.send(.open(1)) { $0.path[id: 0] = .stopwatch(Stopwatch.State(id: 1)) }
      await store?.send(.path(.element(id: 0, action: .stopwatch(.start))))
      store = nil
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined(separator: "\n")
      return text.contains("still running at the end of the test")
        && text.contains("path[id: 0] → (case Stopwatch.State)")
    }
  }

  @Test func stackStateOperations() {
    var stack = withDependencies {
      $0.stackElementID = .incrementing()
    } operation: {
      StackState([10, 20, 30, 40])
    }
    #expect(stack.ids == [0, 1, 2, 3])
    #expect(Array(stack) == [10, 20, 30, 40])
    stack.pop(to: 1)
    #expect(stack.ids == [0, 1])
    stack[id: 1] = 21
    #expect(stack[id: 1] == 21)
    #expect(stack.popLast() == 21)
    #expect(stack.ids == [0])
    stack[id: 7] = 70
    #expect(stack.ids == [0, 7])
  }
}

/// A root screen with a stack of stopwatches.
struct Navigator: Reducer {
  struct State: Equatable {
    var path = StackState<Path.State>()
    var finished = 0
  }
  enum Action: Equatable {
    case path(StackAction<Path.State, Path.Action>)
    case open(Int)
    case backToRoot
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .open(let id):
        state.path.append(.stopwatch(Stopwatch.State(id: id)))
      case .backToRoot:
        state.path.removeAll()
      case .path(.element(let id, .stopwatch(.doneTapped))):
        state.path.pop(from: id)
      case .path(.element(_, .stopwatch(.delegate(.done)))):
        state.finished += 1
      case .path:
        break
      }
      return .none
    }
    .forEach(\.path, action: .path) { Path() }
  }

  /// Where the stack can go.
  struct Path: Reducer {
    enum State: Equatable { case stopwatch(Stopwatch.State) }
    enum Action: Equatable { case stopwatch(Stopwatch.Action) }

    var body: some ReducerOf<Self> {
      EmptyReducer()
        .ifCaseLet(.stopwatch, action: .stopwatch) { Stopwatch() }
    }
  }
}

extension CasePath<Navigator.Action, StackAction<Navigator.Path.State, Navigator.Path.Action>> {
  static var path: Self {
    CasePath(Navigator.Action.path) { if case .path(let action) = $0 { action } else { nil } }
  }
}

extension CasePath<Navigator.Path.State, Stopwatch.State> {
  static var stopwatch: Self {
    CasePath(Navigator.Path.State.stopwatch) {
      if case .stopwatch(let state) = $0 { state } else { nil }
    }
  }
}

extension CasePath<Navigator.Path.Action, Stopwatch.Action> {
  static var stopwatch: Self {
    CasePath(Navigator.Path.Action.stopwatch) {
      if case .stopwatch(let action) = $0 { action } else { nil }
    }
  }
}
