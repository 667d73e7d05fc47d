import Foundation
import ReducerKit
import ReducerKitTesting
import TestSupport
import Testing

/// The API a port of the best-known library's tests reaches for, each checked by what it does.
@MainActor
struct MigrationParityTests {
  // MARK: - Dependencies

  @Test func anEffectMadeInsideWithDependenciesSeesTheOverrides() async {
    let store = TestStore(initialState: Stamper.State()) {
      Stamper()
    } withDependencies: {
      $0.date = .constant(Date(timeIntervalSince1970: 1))
    }
    await store.send(.stampWithOverride)
    await store.receive(.stamped(Date(timeIntervalSince1970: 42))) {
      $0.stamp = Date(timeIntervalSince1970: 42)
    }
    // Outside the override the store's own value holds.
    await store.send(.stamp)
    await store.receive(.stamped(Date(timeIntervalSince1970: 1))) {
      $0.stamp = Date(timeIntervalSince1970: 1)
    }
  }

  @Test func aStoreMakesItsInitialStateWithItsDependencies() {
    let store = Store(initialState: Tagged.State()) {
      Tagged()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    #expect(store.id == UUID(0))
  }

  @Test func aStoreMadeInsideWithDependenciesKeepsThemForItsReducer() {
    let store = withDependencies {
      $0.uuid = .incrementing
    } operation: {
      Store<UUID, Void>(initialState: UUID(99)) {
        Reduce { state, _ in
          @Dependency(\.uuid) var uuid
          state = uuid()
          return .none
        }
      }
    }
    store.send(())
    #expect(store.withState { $0 } == UUID(0))
    store.send(())
    #expect(store.withState(\.uuidString) == UUID(1).uuidString)
  }

  @Test func theDateCanBeSetThroughNow() {
    var values = DependencyValues(context: .test)
    values.date.now = Date(timeIntervalSince1970: 7)
    #expect(values.date.now == Date(timeIntervalSince1970: 7))
    #expect(values.date() == Date(timeIntervalSince1970: 7))
  }

  @Test func foundationDependenciesAreOverriddenAndFailWhenNot() async {
    var values = DependencyValues(context: .test)
    values.calendar = Calendar(identifier: .gregorian)
    values.locale = Locale(identifier: "fr_FR")
    values.timeZone = TimeZone(identifier: "Europe/Paris") ?? .current
    #expect(values.calendar.identifier == .gregorian)
    #expect(values.locale.identifier == "fr_FR")
    #expect(values.timeZone.identifier == "Europe/Paris")
    let unset = DependencyValues(context: .test)
    await withRecordedIssues { recorder in
      _ = unset.locale
      _ = unset.urlSession
      #expect(recorder.messages.count == 2)
      #expect(recorder.messages.allSatisfy { $0.contains("has no test value") })
    }
  }

  @Test func transformDependencyChangesOneValueForTheChild() async {
    let store = TestStore(initialState: Stamper.State()) {
      Stamper().transformDependency(\.date) { $0.now = Date(timeIntervalSince1970: 9) }
    } withDependencies: {
      $0.date = .constant(Date(timeIntervalSince1970: 1))
    }
    await store.send(.stamp)
    await store.receive(.stamped(Date(timeIntervalSince1970: 9))) {
      $0.stamp = Date(timeIntervalSince1970: 9)
    }
  }

  @Test func lockIsolatedSharesAValueWithSendableClosures() async {
    let calls = LockIsolated<[Int]>([])
    await withTaskGroup(of: Void.self) { group in
      for n in 0..<10 { group.addTask { calls.withValue { $0.append(n) } } }
    }
    #expect(calls.value.sorted() == Array(0..<10))
    calls.setValue([1])
    #expect(calls == LockIsolated([1]))
  }

  // MARK: - Effects

  @Test func taskCancelFromAnEffectCancelsItsInstancesWork() async {
    let clock = TestClock()
    let store = makeTestStore(Stopper.State(), Stopper(), clock: clock)
    await store.send(.startTimer)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.send(.stopFromAnEffect)
    await store.receive(.stopped) { $0.isStopped = true }
    await clock.advance(by: .seconds(5))
    // The timer is gone: no tick arrives, and nothing runs at the end of the test.
    #expect(store.runningEffectPaths.isEmpty)
  }

  @Test func anEffectsActionsCanBeIteratedOutsideAStore() async {
    let effect = Effect<Int>.concatenate(
      .send(1),
      .merge(.run { send in await send(2) }, .none),
      .run { send in
        await send(3)
        await send(4)
      }
    )
    var received: [Int] = []
    for await action in effect.actions { received.append(action) }
    #expect(received == [1, 2, 3, 4])
  }

  @Test func aSendWithAnAnimationIsReceived() async {
    let store = TestStore(initialState: Stamper.State()) { Stamper() }
    await store.send(.animate)
    await store.receive(.stamped(Date(timeIntervalSince1970: 0))) {
      $0.stamp = Date(timeIntervalSince1970: 0)
    }
  }

  // MARK: - Stores and stacks

  @Test func removeLastPopsTheTopScreenAndWarnsOnAnEmptyStack() async {
    var stack = StackState<Int>([1, 2, 3])
    #expect(stack.removeLast() == 3)
    stack.removeLast(2)
    #expect(stack.isEmpty)
    await withRecordedIssues { recorder in
      #expect(stack.removeLast() == nil)
      #expect(recorder.messages.first?.contains("empty navigation stack") == true)
    }
  }

  @Test func aStoreScopedWithClosuresReadsAndSends() {
    let store = Store(initialState: Stopper.State()) { Stopper() }
    let ticks = store.scope(state: { $0.ticks }, action: { (_: Void) in Stopper.Action.tick })
    #expect(ticks.state == 0)
    ticks.send(())
    #expect(ticks.state == 1)
    #expect(store.ticks == 1)
  }

  // MARK: - Test store

  @Test func receiveByCaseAndPayload() async {
    let store = TestStore(initialState: Stamper.State()) {
      Stamper()
    } withDependencies: {
      $0.date = .constant(Date(timeIntervalSince1970: 1))
    }
    await store.send(.stamp)
    await store.receive(.stamped, Date(timeIntervalSince1970: 1)) {
      $0.stamp = Date(timeIntervalSince1970: 1)
    }
    await store.send(.stamp)
    await withKnownIssue {
      await store.receive(.stamped, Date(timeIntervalSince1970: 2), timeout: .milliseconds(50))
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("does not match the expected one")
    }
  }

  @Test func modifyChangesOneCaseInAnAssertion() async {
    let store = TestStore(initialState: Loader.State.loading) { Loader() }
    await store.send(.loaded(["a"])) { $0 = .loaded(["a"]) }
    await store.send(.append("b")) {
      modify(&$0, case: .loaded) { $0.append("b") }
    }
    await store.send(.reset) { $0 = .loading }
  }

  @Test func modifyFailsWhenTheValueIsInAnotherCase() {
    var state = Loader.State.loading
    withKnownIssue {
      modify(&state, case: .loaded) { $0 = ["a"] }
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("but it is not")
    }
    #expect(state == .loading)
  }

  @Test func modifyFailsWhenNothingChanged() {
    var state = Loader.State.loaded(["a"])
    withKnownIssue {
      modify(&state, case: .loaded) { _ in }
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("unchanged")
    }
  }

  @Test func modifyChangesAnOptionalInPlaceAndFailsWhenItIsNilOrUnchanged() {
    struct Child: Equatable { var count = 0 }
    var child: Child? = Child()
    modify(&child) { $0.count = 1 }
    #expect(child == Child(count: 1))
    withKnownIssue {
      modify(&child) { $0.count = 1 }
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("to be changed, but it is unchanged")
    }
    var gone: Child? = nil
    withKnownIssue {
      modify(&gone) { $0.count = 1 }
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("expected a Child, but it is nil")
    }
    #expect(gone == nil)
  }

  // MARK: - Navigation

  @Test func aFeatureCanPresentItselfRecursively() async {
    let clock = TestClock()
    let store = makeTestStore(Nested.State(), Nested(), clock: clock)
    await store.send(.present) { $0.child = Nested.State(depth: 1) }
    await store.send(.child(.presented(.present))) {
      $0.child?.child = Nested.State(depth: 2)
    }
    await store.send(.child(.presented(.child(.presented(.work)))))
    // Dismissing the middle level cancels the grandchild's work too.
    await store.send(.child(.dismiss)) { $0.child = nil }
    await clock.advance(by: .seconds(5))
    #expect(store.runningEffectPaths.isEmpty)
  }
}

struct Stamper: Reducer {
  struct State: Equatable { var stamp: Date? }
  enum Action: Equatable, CasePathable {
    case stamp
    case stampWithOverride
    case animate
    case stamped(Date)
  }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .stamp:
      return .run { send in
        @Dependency(\.date) var date
        await send(.stamped(date.now))
      }
    case .stampWithOverride:
      return withDependencies {
        $0.date = .constant(Date(timeIntervalSince1970: 42))
      } operation: {
        .run { send in
          @Dependency(\.date) var date
          await send(.stamped(date.now))
        }
      }
    case .animate:
      return .send(.stamped(Date(timeIntervalSince1970: 0)), animation: .default)
    case .stamped(let date):
      state.stamp = date
      return .none
    }
  }
}

struct Tagged: Reducer {
  struct State: Equatable {
    let id: UUID
    init() {
      @Dependency(\.uuid) var uuid
      id = uuid()
    }
  }
  enum Action { case noop }
  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

struct Stopper: Reducer {
  struct State: Equatable {
    var ticks = 0
    var isStopped = false
  }
  enum Action: Equatable, CasePathable {
    case startTimer
    case tick
    case stopFromAnEffect
    case stopped
  }
  enum CancelID { case timer }
  @Dependency(\.continuousClock) var clock
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startTimer:
      return .run { [clock] send in
        for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
      }
      .cancellable(id: CancelID.timer)
    case .tick:
      state.ticks += 1
      return .none
    case .stopFromAnEffect:
      return .run { send in
        Task.cancel(id: CancelID.timer)
        await send(.stopped)
      }
    case .stopped:
      state.isStopped = true
      return .none
    }
  }
}

struct Loader: Reducer {
  enum State: Equatable, CasePathable {
    case loading
    case loaded([String])
  }
  enum Action: Equatable {
    case loaded([String])
    case append(String)
    case reset
  }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .loaded(let items): state = .loaded(items)
    case .append(let item):
      if case .loaded(var items) = state {
        items.append(item)
        state = .loaded(items)
      }
    case .reset: state = .loading
    }
    return .none
  }
}

struct Nested: Reducer {
  struct State: Equatable {
    var depth = 0
    @Presents var child: State?
  }
  indirect enum Action: Equatable, CasePathable {
    case child(PresentationAction<Action>)
    case present
    case work
  }
  @Dependency(\.continuousClock) var clock
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .child: return .none
      case .present:
        state.child = State(depth: state.depth + 1)
        return .none
      case .work:
        return .run { [clock] _ in try await clock.sleep(for: .seconds(60)) }
      }
    }
    .ifLet(\.$child, action: .child) { Nested() }
  }
}

@MainActor
struct StackCaseSubscriptTests {
  enum Screen: Equatable, CasePathable {
    case count(Int)
    case text(String)
  }

  @Test func aScreenChangesThroughItsCaseAndSettingNilPopsIt() {
    var stack = StackState<Screen>([.count(42)])
    let id = stack.ids[0]
    stack[id: id, case: .count]? += 1
    #expect(stack[id: id] == .count(43))
    stack[id: id, case: .count] = nil
    #expect(stack.isEmpty)
  }

  @Test func changingAScreenThroughAnotherCaseWarnsAndChangesNothing() {
    var stack = StackState<Screen>([.count(42)])
    let id = stack.ids[0]
    let issues = collectIssues {
      stack[id: id, case: .text]?.append("!")
      stack[id: id, case: .text] = nil
    }
    #expect(issues.count == 2)
    #expect(issues.allSatisfy { $0.message.contains("through a case it is not in") })
    #expect(Array(stack) == [.count(42)])
  }
}

@MainActor
struct TaskCancelOutsideAnEffectTests {
  @Test func cancellingOutsideAnEffectIsAnAdvisoryAndCancelsNothing() async {
    let clock = TestClock()
    let store = Store(initialState: Stopper.State()) {
      Stopper()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let task = store.send(.startTimer)
    await withRecordedIssues { recorder in
      Task.cancel(id: Stopper.CancelID.timer)
      #expect(recorder.messages.first?.contains("was called outside an effect") == true)
    }
    #expect(!task.isCancelled)
    task.cancel()
  }
}
