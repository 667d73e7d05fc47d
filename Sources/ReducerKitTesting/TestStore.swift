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
  private let core: ErasedTestCore<State, Action>
  private let recorder: TestRecorder<State, Action>
  private let location: TestLocation
  /// The state as of the last assertion; `nil` only while an exhaustive step runs.
  private var expectedState: State?
  /// Effects the test no longer waits for: reported as leftovers by a `finish` that timed out
  /// (so that the end of the test does not report them again), or skipped with
  /// `skipInFlightEffects()`. They keep running; the store cancels them when it goes away.
  private var reportedEffects: Set<Int> {
    get { endOfTest.value.reportedEffects }
    set { endOfTest.value.reportedEffects = newValue }
  }
  /// What the end-of-test check reads, reachable from the nonisolated deinit.
  private nonisolated let endOfTest: UncheckedSendable<EndOfTestParts<State, Action>>
  /// Records the shared values each step changes or asserts.
  private let sharedChanges: SharedChangeTracker

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
    // NB: each test store counts its stack screens from 0, so that tests can name them.
    dependencies.stackElementID = .incrementing()
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

  // MARK: - Sending

  /// Sends an action and asserts how the state changed.
  ///
  /// ```swift
  /// await store.send(.incrementTapped) {
  ///   $0.count = 1
  /// }
  /// ```
  ///
  /// Omit the closure when the action must not change state.
  /// - Parameters:
  ///   - action: The action.
  ///   - updateStateToExpectedResult: Mutates the previous state into the expected one.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  /// - Returns: The effects the action started, to `finish()` or `cancel()`.
  @discardableResult
  public func send(
    _ action: Action,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    let here = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    if isDismissed {
      fail(
        """
        An action was sent to a test store whose feature dismissed itself: \(describe(action))

        After `dismiss()` at the root, the feature is gone: its effects were cancelled, and the \
        action was not sent. End the test there, or check `store.isDismissed`.
        """, at: here)
      let runtime = core.runtime
      return TestStoreTask(task: StoreTask(tasks: nil), location: here) { runtime.paths(of: $0) }
    }
    if !recorder.received.isEmpty {
      if exhaustivity == .on {
        // NB: they stay receivable: a `receive` after this failure still finds them.
        fail(unhandledReceivedActionsMessage(beforeSending: action), at: here)
      } else {
        skipReceived(reason: "before sending an action", at: here)
      }
    }
    var expectation: Expectation?
    var previous: State?
    switch exhaustivity {
    case .on:
      // NB: take the expected state out of the store, so the reducer can mutate in place.
      let before = expectedState ?? core.state
      expectedState = nil
      expectation = self.expectation(
        from: before, update: updateStateToExpectedResult, at: here)
    case .off(let showSkipped):
      previous = showSkipped ? core.state : nil
    }
    let task = IssueReporters.$userLocation.withValue(here.sourceLocation) {
      IssueReporters.withIssueReporter(TestFailureReporter()) {
        core.send(.send(action), origin: here.sourceLocation)
      }
    }
    let actual = recorder.stateAfterSend ?? core.state
    recorder.stateAfterSend = nil
    switch exhaustivity {
    case .on:
      verify(expectation, actual: actual, step: "sending \(describe(action))", at: here)
    case .off:
      verifyNonExhaustive(
        previous: previous, actual: actual, update: updateStateToExpectedResult,
        step: "sending \(describe(action))", at: here)
    }
    if task.startedEffects || core.runtime.runningCount > 0 {
      await Task.megaYield()
    }
    let runtime = core.runtime
    return TestStoreTask(task: task, location: here) { runtime.paths(of: $0) }
  }

  /// Asserts the current state without sending an action (useful in non-exhaustive tests).
  ///
  /// ```swift
  /// store.exhaustivity = .off
  /// await store.send(.refresh)
  /// store.assert { $0.isLoading = true }
  /// ```
  /// - Parameters:
  ///   - updateStateToExpectedResult: Sets the fields to check.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  public func assert(
    _ updateStateToExpectedResult: (_ state: inout State) throws -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let here = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    withoutActuallyEscaping(updateStateToExpectedResult) { update in
      // NB: asserting that nothing changed is a valid assertion here, unlike in `send`.
      check(
        previous: currentState, actual: core.state, update: update, step: "asserting",
        requiresChange: false, at: here)
    }
  }

  // MARK: - Finishing

  /// Waits for every running effect to finish, then checks that every received action was
  /// asserted.
  /// - Parameters:
  ///   - timeout: How long to wait for effects (wall-clock).
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let here = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let timeout = timeout ?? self.timeout
    let idle = await waitUntil(timeout: timeout) { !hasAwaitedEffects }
    if !idle, exhaustivity == .on {
      // NB: one failure per leftover effect, at the send that started it (naming this line);
      // the end of the test does not report it again.
      for (key, origin, path) in core.runtime.runningEffects where !reportedEffects.contains(key) {
        reportedEffects.insert(key)
        let message = """
          An effect started by this action is still running after waiting \(timeout) in \
          `finish()` at \(here.sourceLocation) (it belongs to \(path)).

          Advance the test clock so that it can end, cancel long-living effects (timers, \
          streams) with an action, or call `skipInFlightEffects()` if they do not matter.
          """
        if let origin {
          TestFailures.fail(message, at: origin)
        } else {
          fail(message, at: here)
        }
      }
    }
    checkReceivedActionsWereHandled(at: here)
    checkSharedChanges(at: here)
  }

  /// Drops every received action that was not asserted, so the test can go on.
  /// - Parameters:
  ///   - strict: Fail if there were none.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  public func skipReceivedActions(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await Task.megaYield()
    let here = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    if recorder.received.isEmpty {
      if strict { fail("There were no received actions to skip.", at: here) }
      return
    }
    skipReceived(reason: "by `skipReceivedActions()`", at: here, quietly: true)
  }

  /// Stops waiting for the effects running now, so the test can end without them.
  ///
  /// They are not cancelled: they keep running, and actions they send are received as usual.
  /// Neither ``finish(timeout:fileID:filePath:line:column:)`` nor the end of the test waits
  /// for them or reports them; the store cancels them when it goes away.
  /// - Parameters:
  ///   - strict: Fail if none was running.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  public func skipInFlightEffects(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let here = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    await Task.megaYield()
    guard hasAwaitedEffects else {
      if strict { fail("There were no in-flight effects to skip.", at: here) }
      return
    }
    for effect in core.runtime.runningEffects { reportedEffects.insert(effect.key) }
  }

  /// Whether an effect the test still waits for is running (one not skipped or reported).
  private var hasAwaitedEffects: Bool {
    guard core.runtime.runningCount > 0 else { return false }
    return core.runtime.runningEffects.contains { !reportedEffects.contains($0.key) }
  }

  /// Runs `operation` with a different ``exhaustivity``, then restores it.
  /// - Parameters:
  ///   - exhaustivity: The exhaustivity inside `operation`.
  ///   - operation: The steps to run.
  public func withExhaustivity(
    _ exhaustivity: Exhaustivity,
    operation: () async throws -> Void
  ) async rethrows {
    let saved = self.exhaustivity
    self.exhaustivity = exhaustivity
    defer { self.exhaustivity = saved }
    try await operation()
  }

  // MARK: - Internals shared with receive

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

  /// The expected state of an exhaustive step, computed before the step runs.
  struct Expectation {
    var expected: State
    var hasClosure: Bool
    var closureChangedNothing: Bool
  }

  /// Applies the assertion closure to the state before the step.
  ///
  /// NB: exhaustive steps compute the expectation before the action runs and let go of the
  /// previous state, so that the reducer mutates the store's state in place: a step then costs
  /// one copy (made by the closure's mutation) and one equality check.
  func expectation(
    from previous: State,
    update: ((inout State) throws -> Void)?,
    at location: TestLocation
  ) -> Expectation? {
    guard let update else {
      return Expectation(expected: previous, hasClosure: false, closureChangedNothing: true)
    }
    var expected = previous
    let describedShared: Bool
    do {
      describedShared = try describing { try update(&expected) }
    } catch {
      fail("The state assertion closure threw: \(error)", at: location)
      return nil
    }
    return Expectation(
      expected: expected, hasClosure: true,
      closureChangedNothing: expected == previous && !describedShared)
  }

  /// Runs an assertion closure: with the store's dependencies, a copy of its stack id generator
  /// (so that `$0.path.append(…)` makes the ids the reducer is about to make), and shared values
  /// describing their expected values instead of changing (discarded if `discard`).
  /// - Returns: Whether the closure described a shared value.
  func describing(discard: Bool = false, _ body: () throws -> Void) rethrows -> Bool {
    var dependencies = core.dependencies
    dependencies.stackElementID = dependencies.stackElementID.copy()
    return try withDependencies {
      $0 = dependencies
    } operation: {
      try sharedChanges.asserting(discard: discard, body).describedShared
    }
  }

  /// Fails for each shared value that differs from what the steps since the last check asserted
  /// (in an exhaustive test, also for each change nobody asserted).
  func checkSharedChanges(at location: TestLocation) {
    for message in Self.checkSharedChanges(
      sharedChanges, exhaustivity: exhaustivity, state: core.state)
    {
      fail(message, at: location)
    }
  }

  /// The failures of the shared values the steps since the last check touched. Only a shared
  /// value the store's state holds must have its changes asserted, as in the best-known
  /// library; one the feature changes elsewhere (a value only its effects hold) need not be.
  static func checkSharedChanges(
    _ tracker: SharedChangeTracker, exhaustivity: Exhaustivity, state: @autoclosure () -> State
  ) -> [String] {
    let exhaustive = exhaustivity == .on
    guard exhaustive, tracker.hasUnassertedChanges else {
      return tracker.checkAndReset(exhaustive: exhaustive)
    }
    // NB: the state is walked once for all the values the steps changed. A change must be
    // asserted only when it shows through a shared value the state holds: a part that did not
    // change (an element kept after it was removed) does not, as in the best-known library.
    let held = SharedChangeTracker.shareds(in: state())
    return tracker.checkAndReset(exhaustive: true) { key, baseline in
      held[key, default: []].contains { $0.differs(fromRootValue: baseline) }
    }
  }

  /// Compares the state after a step with the expectation, and records the new state.
  func check(
    previous: State,
    actual: State,
    update: ((inout State) throws -> Void)?,
    step: @autoclosure () -> String,
    requiresChange: Bool = true,
    at location: TestLocation
  ) {
    switch exhaustivity {
    case .on:
      var expectation = self.expectation(from: previous, update: update, at: location)
      if !requiresChange { expectation?.closureChangedNothing = false }
      verify(expectation, actual: actual, step: step(), at: location)
    case .off(let showSkipped):
      verifyNonExhaustive(
        previous: showSkipped ? previous : nil, actual: actual, update: update, step: step(),
        at: location)
    }
  }

  /// Checks an exhaustive step, and records the new state.
  func verify(
    _ expectation: Expectation?, actual: State, step: @autoclosure () -> String,
    at location: TestLocation
  ) {
    defer { expectedState = actual }
    defer { checkSharedChanges(at: location) }
    guard let expectation else { return }
    if expectation.expected == actual {
      if expectation.hasClosure, expectation.closureChangedNothing {
        fail(
          """
          Expected the state to change, but no change occurred (\(step())).

          The trailing closure made no observable change to the state, and the reducer did \
          not change it either. If no change is expected, omit the trailing closure.
          """,
          at: location)
      }
      return
    }
    let diff =
      StateDump.diff(expectation.expected, actual) ?? "(the two states print identically)"
    if expectation.hasClosure {
      fail(
        """
        The state does not match the expectation (\(step())):

        \(diff)

        (Expected: −, Actual: +)

        Update the trailing closure so that it describes the new state; the lines marked − \
        are what the closure produced, the lines marked + are what the reducer produced.
        """,
        at: location)
    } else {
      fail(
        """
        The state changed, but no change was expected (\(step())):

        \(diff)

        (Expected: −, Actual: +)

        Describe the change in a trailing closure: `await store.send(…) { $0.… = … }`.
        """,
        at: location)
    }
  }

  /// Checks a non-exhaustive step: only what the closure sets must hold.
  func verifyNonExhaustive(
    previous: State?,
    actual: State,
    update: ((inout State) throws -> Void)?,
    step: @autoclosure () -> String,
    at location: TestLocation
  ) {
    defer { expectedState = actual }
    defer { checkSharedChanges(at: location) }
    var expected = actual
    do {
      if let update { _ = try describing { try update(&expected) } }
    } catch {
      fail("The state assertion closure threw: \(error)", at: location)
      return
    }
    if expected != actual {
      let diff = StateDump.diff(expected, actual) ?? ""
      fail(
        """
        The state does not match the expectation (\(step())):

        \(diff)

        (Expected: −, Actual: +)

        In a non-exhaustive test only the fields the closure sets are checked; these differ.
        """,
        at: location)
    } else if let previous {
      var exhaustiveExpected = previous
      if let update { _ = try? describing(discard: true) { try update(&exhaustiveExpected) } }
      if let skipped = StateDump.diff(exhaustiveExpected, actual) {
        TestFailures.note(
          """
          State changes not asserted (\(step())):

          \(skipped)

          (Expected: −, Actual: +)
          """,
          at: location)
      }
    }
  }

  func skipReceived(reason: String, at location: TestLocation, quietly: Bool = false) {
    let skipped = recorder.received
    guard let last = skipped.last else { return }
    recorder.received = []
    expectedState = last.state
    if case .off(showSkippedAssertions: true) = exhaustivity, !quietly {
      TestFailures.note(
        "Skipped \(skipped.count) received action(s) \(reason):\n"
          + skipped.map { "  " + describe($0.action) }.joined(separator: "\n"),
        at: location)
    }
  }

  func originsList() -> String {
    core.runtime.runningEffects.map { effect in
      "  • " + (effect.origin.map(String.init(describing:)) ?? "unknown") + ", in " + effect.path
    }
    .joined(separator: "\n")
  }

  private func unhandledReceivedActionsMessage(beforeSending action: Action) -> String {
    """
    \(recorder.received.count) received action(s) must be asserted before sending \
    \(describe(action)):
    \(recorder.received.map { "  • " + describe($0.action) }.joined(separator: "\n"))

    Assert each with `await store.receive(…)`, or call `await store.skipReceivedActions()`.
    """
  }

  private func unassertedReceivedActionsMessage() -> String {
    Self.unassertedReceivedActionsMessage(recorder)
  }

  private static func unassertedReceivedActionsMessage(
    _ recorder: TestRecorder<State, Action>
  ) -> String {
    """
    The store received \(recorder.received.count) action(s) that the test did not assert:
    \(recorder.received.map { "  • " + describe($0.action) }.joined(separator: "\n"))

    Assert each with `await store.receive(…)`, or call `await store.skipReceivedActions()`.
    """
  }

  private func checkReceivedActionsWereHandled(at location: TestLocation) {
    guard !recorder.received.isEmpty else { return }
    if exhaustivity == .on {
      fail(unassertedReceivedActionsMessage(), at: location)
    }
    skipReceived(reason: "at the end of the test", at: location, quietly: true)
  }

  /// What is left unasserted when the store goes away; cancels the effects still running.
  ///
  /// NB: static, over the parts it reads, so that a deinit off the main thread can hand them to
  /// the main queue without handing it `self`, which is gone once the deinit returns.
  private static func endOfTestFindings(_ parts: EndOfTestParts<State, Action>) -> [Finding] {
    let core = parts.core
    let recorder = parts.recorder
    let exhaustivity = parts.exhaustivity
    let reportedEffects = parts.reportedEffects
    let sharedChanges = parts.sharedChanges
    defer { core.runtime.cancelAll() }
    var findings: [Finding] = []
    if exhaustivity == .on, let first = recorder.received.first {
      // NB: at the step whose effect sent the first of them, not at the store's creation.
      findings.append(
        Finding(message: unassertedReceivedActionsMessage(recorder), origin: first.origin))
    }
    for message in checkSharedChanges(
      sharedChanges, exhaustivity: exhaustivity, state: core.state)
    {
      findings.append(Finding(message: message, origin: nil))
    }
    guard exhaustivity == .on else { return findings }
    for (key, origin, path) in core.runtime.runningEffects where !reportedEffects.contains(key) {
      findings.append(
        Finding(
          message: """
            An effect started by this action is still running at the end of the test (it \
            belongs to \(path)).

            Every effect must finish before the test ends, so that nothing it does goes \
            unasserted. Advance the test clock so that it can finish, send the action that \
            cancels it, or call `await store.skipInFlightEffects()` if it does not matter.
            """,
          origin: origin))
    }
    return findings
  }
}

/// Carries end-of-test findings from the main queue to a deinit running elsewhere; written once
/// before the semaphore is signalled and read after it.
private final class FindingsBox: @unchecked Sendable {
  // NB: `@unchecked Sendable`: the semaphore orders the one write before the one read.
  var findings: [Finding] = []
}

/// The parts of a test store its end-of-test check reads, apart from the store so that a deinit
/// off the main thread can hand them to the main queue (the store is gone once it returns).
@MainActor
final class EndOfTestParts<State, Action> {
  let core: ErasedTestCore<State, Action>
  let recorder: TestRecorder<State, Action>
  let sharedChanges: SharedChangeTracker
  var exhaustivity: Exhaustivity = .on
  var reportedEffects: Set<Int> = []

  init(
    core: ErasedTestCore<State, Action>, recorder: TestRecorder<State, Action>,
    sharedChanges: SharedChangeTracker
  ) {
    self.core = core
    self.recorder = recorder
    self.sharedChanges = sharedChanges
  }
}

/// Lets the nonisolated deinit reach the end-of-test parts.
struct UncheckedSendable<Value>: @unchecked Sendable {
  // NB: `@unchecked Sendable`: the value is only used on the main actor (the parts are
  // main-actor isolated); the deinit only passes it along.
  let value: Value
  init(_ value: Value) { self.value = value }
}

/// A failure found when a test store goes away.
struct Finding: Sendable {
  let message: String
  let origin: ReducerKit.SourceLocation?
}

/// A type-erased root core whose actions are ``TestAction``s.
@MainActor
final class ErasedTestCore<State, Action> {
  let stateGetter: () -> State
  let sender: (TestAction<Action>, ReducerKit.SourceLocation) -> StoreTask
  let runtime: EffectRuntime
  let getDependencies: () -> DependencyValues
  let setDependencies: (DependencyValues) -> Void

  init<R: Reducer, Hook>(_ core: RootCore<R, Hook>)
  where R.State == State, R.Action == TestAction<Action> {
    self.stateGetter = { core.state }
    self.sender = { core.sendReturningTask($0, origin: $1) }
    self.runtime = core.runtime
    self.getDependencies = { core.dependencies }
    self.setDependencies = { core.dependencies = $0 }
  }

  var state: State { stateGetter() }
  var dependencies: DependencyValues {
    get { getDependencies() }
    set { setDependencies(newValue) }
  }

  func send(_ action: TestAction<Action>, origin: ReducerKit.SourceLocation) -> StoreTask {
    sender(action, origin)
  }
}

/// A test store of a reducer's state and action: `TestStoreOf<Feature>`.
public typealias TestStoreOf<R: Reducer> = TestStore<R.State, R.Action> where R.State: Equatable
