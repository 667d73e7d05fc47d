import ReducerKit

// Sending an action and asserting the state it leaves.

extension TestStore {
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
      return TestStoreTask(task: StoreTask(lineage: nil), location: here) { runtime.paths(of: $0) }
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

  func unhandledReceivedActionsMessage(beforeSending action: Action) -> String {
    """
    \(recorder.received.count) received action(s) must be asserted before sending \
    \(describe(action)):
    \(recorder.received.map { "  • " + describe($0.action) }.joined(separator: "\n"))

    Assert each with `await store.receive(…)`, or call `await store.skipReceivedActions()`.
    """
  }
}
