import Foundation
import ReducerKit

/// A store for tests that asserts every state change and every action effects send back.
///
/// ```swift
/// @Test @MainActor
/// func hidingARowRemovesIt() async {
///   let store = TestStore(initialState: Articles.State(articles: [.sample])) {
///     Articles()
///   } withDependencies: {
///     $0.articlesClient.setHidden = { _, _ in }
///   }
///   await store.send(.articles(.element(id: .sample, action: .hideTapped))) {
///     $0.articles = []
///   }
/// }
/// ```
///
/// `send` takes a closure that turns the previous state into the expected one; the test fails,
/// with a diff, if the real state differs. Actions that effects feed back must be asserted with
/// ``receive(_:timeout:assert:fileID:filePath:line:column:)-(Action,_,_,_,_,_,_)``. When the store goes away (or at
/// ``finish(timeout:fileID:filePath:line:column:)``), actions received but not asserted and
/// effects still running are failures, reported at the `send` that started them.
///
/// Effects run on the main queue, interleaved with the test only at `await`s, and dependencies
/// resolve to their test values, so that every run of a test sees the same events. Drive time
/// with a `TestClock`. (On Apple platforms below iOS 18 / macOS 15, which have no task
/// executors, effects run on the global executor instead; a test still awaits each action.)
///
/// Each test has fresh shared values (`@Shared`), kept in memory: its test stores and the values
/// its body declares share them. A step that changes one must describe the change in its
/// closure, `$0.$count.withLock { $0 = 1 }`, like feature state.
@MainActor
public final class TestStore<State: Equatable, Action> {
  let core: ErasedTestCore<State, Action>
  let recorder: TestRecorder<State, Action>
  let location: TestLocation
  /// The state as of the last assertion; `nil` only while an exhaustive step runs.
  var expectedState: State?
  /// Effects the test no longer waits for: reported as leftovers by a `finish` that timed out
  /// (so that the end of the test does not report them again), or skipped with
  /// `skipInFlightEffects()`. They keep running; the store cancels them when it goes away.
  var reportedEffects: Set<Int> {
    get { endOfTest.value.reportedEffects }
    set { endOfTest.value.reportedEffects = newValue }
  }
  /// What the end-of-test check reads, reachable from the nonisolated deinit.
  nonisolated let endOfTest: UncheckedSendable<EndOfTestParts<State, Action>>
  /// Records the shared values each step changes or asserts.
  let sharedChanges: SharedChangeTracker

  /// How strictly the store checks the test. Defaults to ``Exhaustivity/on``.
  public var exhaustivity: Exhaustivity {
    get { endOfTest.value.exhaustivity }
    set { endOfTest.value.exhaustivity = newValue }
  }

  /// How long `receive` and `finish` wait by default (wall-clock). Time on a `TestClock` only
  /// moves when the test advances it.
  public var timeout: Duration = .seconds(1)

  /// Creates a test store.
  /// - Parameters:
  ///   - initialState: The state the test starts from.
  ///   - reducer: Builds the feature's reducer.
  ///   - prepareDependencies: Overrides dependencies. Unset keys resolve to their test values,
  ///     and a key without one fails the test when touched.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  public init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    var dependencies = DependencyValues.current
    dependencies.context = .test
    // NB: the test's own stack ids (from 0 in each test), shared with the stacks its body builds,
    // so that tests can name screens (see `StackElementIDGenerator.testValue`).
    dependencies.stackElementID = StackElementIDGenerator.testValue
    // NB: fresh shared values for each test, kept in memory and shared with the values the
    // test's body declares; a test opts into a real directory by setting `sharedStorage` in
    // `prepareDependencies`.
    dependencies.sharedStorage = SharedStorage.forCurrentTest() ?? .inMemory()
    DependencyValues.setting { prepareDependencies(&dependencies) }
    SharedStorage.setForCurrentTest(dependencies.sharedStorage)
    let sharedChanges = SharedChangeTracker()
    dependencies.sharedChangeTracker = sharedChanges
    // NB: the storage carries the tracker too, so that changes made where no store is current
    // (an effect's completion handler, a detached task) are tracked.
    dependencies.sharedStorage.changeTracker = sharedChanges
    let recorder = TestRecorder<State, Action>()
    // NB: the initial state and the reducer are built with the test's dependencies, so that a
    // `@Dependency(\.uuid)` read in `State.init` gets the overridden value.
    let (initial, base) = IssueReporters.$userLocation.withValue(location.sourceLocation) {
      withDependencies {
        $0 = dependencies
      } operation: {
        (initialState(), BuiltOnce(reducer()))
      }
    }
    let core = RootCore(
      initialState: initial,
      reducer: TestReducer(base: base, recorder: recorder),
      dependencies: dependencies)
    if #available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *) {
      core.runtime.executor = MainQueueExecutor()
    }
    self.core = ErasedTestCore(core)
    self.sharedChanges = sharedChanges
    self.recorder = recorder
    self.endOfTest = UncheckedSendable(
      EndOfTestParts(core: self.core, recorder: recorder, sharedChanges: sharedChanges))
    self.expectedState = initial
    self.location = location
  }

  // NB: disfavoured, and typed `R.State`: chosen only where the state's type must come from the
  // reducer (`.init()`); elsewhere the state's type still gives a generic reducer its own
  // (`Window { … }` over a `WindowedList<Note>`). Without `withDependencies:`, which would make
  // it the same declaration as the initializer above.
  /// Creates a test store whose initial state's type is the reducer's: `TestStore(initialState:
  /// .init()) { Feature() }`, as in the best-known library. It is the initializer above, with
  /// the test's dependencies as they are.
  /// - Parameters:
  ///   - initialState: The state to start from, built with the test's dependencies.
  ///   - reducer: The feature under test.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  @_disfavoredOverload
  public convenience init<R: Reducer>(
    initialState: @autoclosure () -> R.State,
    @ReducerBuilder<R.State, R.Action> reducer: () -> R,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where R.State == State, R.Action == Action {
    self.init(
      initialState: initialState(), reducer: reducer, withDependencies: { _ in }, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }

  // NB: not an `isolated deinit`: that runs later, outside the test's task, where Swift Testing
  // cannot attribute failures to the test. This deinit runs in the task that released the store
  // (the test's), on whatever thread: it gathers its findings on the main actor, then reports
  // them from here.
  deinit {
    let findings: [Finding]
    let parts = endOfTest
    if MainQueue.isCurrent {
      findings = MainActor.assumeIsolated { Self.endOfTestFindings(parts.value) }
    } else {
      // NB: never an unbounded wait on the main queue from here: a test runner may be blocking
      // the main thread on this very task. After the bound, the end-of-test check is reported
      // as not done instead of hanging the run.
      let box = FindingsBox()
      let done = DispatchSemaphore(value: 0)
      DispatchQueue.main.async {
        box.findings = MainActor.assumeIsolated { Self.endOfTestFindings(parts.value) }
        done.signal()
      }
      if done.wait(timeout: .now() + .seconds(5)) == .timedOut {
        findings = [
          Finding(
            message: """
              The test store went away off the main thread while the main queue was blocked \
              for 5 seconds, so its end-of-test checks (unasserted actions, running effects) \
              were not made.

              Keep the test on the main actor (`@MainActor`), or call `await store.finish()` \
              before the test ends.
              """, origin: nil)
        ]
      } else {
        findings = box.findings
      }
    }
    for finding in findings {
      if let origin = finding.origin {
        TestFailures.fail(finding.message, at: origin)
      } else {
        TestFailures.fail(finding.message, at: location)
      }
    }
  }

  /// The state as of the last step: after the last `send`, `receive` or skip.
  ///
  /// Actions that effects fed back change it only once the test receives or skips them, in a
  /// non-exhaustive test too: after `send`, it is the state right after that action.
  public var state: State { expectedState ?? core.state }

  /// The feature instance of every effect still running, in start order: `["destination"]`,
  /// `["path[id: 1]"]`, `["rows[id: 3] → detail"]`.
  public var runningEffectPaths: [String] { core.runtime.runningEffects.map(\.path) }

  /// Whether the feature under test dismissed itself: an effect of the root feature called
  /// `@Dependency(\.dismiss)`. Its effects were cancelled then, and sending another action
  /// fails the test.
  ///
  /// ```swift
  /// await store.send(.deleteTapped)
  /// await store.receive(.deleted)
  /// #expect(store.isDismissed)
  /// ```
  public var isDismissed: Bool { core.runtime.dismissal.isDismissed }

  /// The dependencies the feature sees. Change them between steps:
  /// `store.dependencies.continuousClock = ImmediateClock()`.
  public var dependencies: DependencyValues {
    get { core.dependencies }
    set { core.dependencies = newValue }
  }
}

// MARK: - Internals shared by the steps

extension TestStore {

  var currentState: State { expectedState ?? core.state }

  var received: [(action: Action, state: State, origin: ReducerKit.SourceLocation?)] {
    get { recorder.received }
    set { recorder.received = newValue }
  }

  var runningEffectCount: Int { core.runtime.runningCount }

  func waitForReceivedAction(timeout: Duration) async -> Bool {
    await waitUntil(timeout: timeout) { !recorder.received.isEmpty }
  }

  func markAsserted(state: State) {
    expectedState = state
  }

  func fail(_ message: String, at location: TestLocation) {
    TestFailures.fail(message, at: location)
  }
}
