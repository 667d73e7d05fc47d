import ReducerKit

extension TestStore {
  /// Asserts that an effect sent `expectedAction` next, and how it changed the state.
  ///
  /// ```swift
  /// await store.send(.refreshTapped) { $0.isLoading = true }
  /// await clock.advance(by: .seconds(1))
  /// await store.receive(.articlesLoaded(articles)) {
  ///   $0.isLoading = false
  ///   $0.articles = articles
  /// }
  /// ```
  /// - Parameters:
  ///   - expectedAction: The action.
  ///   - timeout: How long to wait for it (wall-clock); defaults to ``timeout``.
  ///   - updateStateToExpectedResult: Mutates the previous state into the expected one.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  public func receive(
    _ expectedAction: Action,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: Equatable {
    await receiveAction(
      matching: { $0 == expectedAction },
      expected: describe(expectedAction),
      mismatch: { StateDump.diff(expectedAction, $0) },
      timeout: timeout, update: updateStateToExpectedResult,
      at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Asserts that an effect sent an action of the given case next, whatever its payload.
  ///
  /// ```swift
  /// await store.receive(.articlesLoaded) { $0.articles = … }
  /// ```
  /// - Parameters:
  ///   - actionCase: The case, as a `CasePath`.
  ///   - timeout: How long to wait for it (wall-clock); defaults to ``timeout``.
  ///   - updateStateToExpectedResult: Mutates the previous state into the expected one.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  public func receive<Value>(
    _ actionCase: CasePath<Action, Value>,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      actionCase, named: nil, timeout: timeout, update: updateStateToExpectedResult,
      at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// `receive(_:timeout:assert:…)` for a case whose name (`\.child.delegate`) may be known.
  func receive<Value>(
    _ actionCase: CasePath<Action, Value>, named name: String?, timeout: Duration?,
    update: ((_ state: inout State) throws -> Void)?, at location: TestLocation
  ) async {
    await receiveAction(
      matching: { actionCase.extract($0) != nil },
      expected: "an action of the case " + (name ?? "carrying \(Value.self)"),
      mismatch: { _ in nil },
      timeout: timeout, update: update, at: location)
  }

  /// Asserts that an effect sent an action of the given case with the given payload next.
  ///
  /// ```swift
  /// await store.receive(.numberFactResponse, "0 is a good number.") { $0.fact = … }
  /// ```
  /// - Parameters:
  ///   - actionCase: The case, as a `CasePath`.
  ///   - value: The payload it must carry.
  ///   - timeout: How long to wait for it (wall-clock); defaults to ``timeout``.
  ///   - updateStateToExpectedResult: Mutates the previous state into the expected one.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  @_disfavoredOverload
  public func receive<Value: Equatable>(
    _ actionCase: CasePath<Action, Value>,
    _ value: Value,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receiveAction(
      matching: { actionCase.extract($0) == value },
      expected: describe(actionCase.embed(value)),
      mismatch: { received in
        actionCase.extract(received).flatMap { StateDump.diff(value, $0) }
      },
      timeout: timeout, update: updateStateToExpectedResult,
      at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Asserts that an effect sent an action of a nested case next, named in two steps:
  ///
  /// ```swift
  /// await store.receive(.response, .success) { $0.value = 42 }
  /// await store.receive(.destination, .presented)
  /// ```
  /// - Parameters:
  ///   - actionCase: The outer case.
  ///   - nestedCase: The case inside it.
  ///   - timeout: How long to wait (wall-clock); defaults to ``timeout``.
  ///   - updateStateToExpectedResult: Mutates the previous state into the expected one.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  public func receive<Outer, Value>(
    _ actionCase: CasePath<Action, Outer>,
    _ nestedCase: CasePath<Outer, Value>,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      actionCase.appending(path: nestedCase), timeout: timeout,
      assert: updateStateToExpectedResult, fileID: fileID, filePath: filePath, line: line,
      column: column)
  }

  /// Asserts that an effect sent an action matching `isMatching` next.
  /// - Parameters:
  ///   - isMatching: Whether a received action is the expected one.
  ///   - timeout: How long to wait for it (wall-clock); defaults to ``timeout``.
  ///   - updateStateToExpectedResult: Mutates the previous state into the expected one.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  public func receive(
    _ isMatching: (_ action: Action) -> Bool,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receiveAction(
      matching: isMatching,
      expected: "an action matching the predicate",
      mismatch: { _ in nil },
      timeout: timeout, update: updateStateToExpectedResult,
      at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  private func receiveAction(
    matching isMatching: (Action) -> Bool,
    expected: String,
    mismatch: (Action) -> String?,
    timeout: Duration?,
    update: ((inout State) throws -> Void)?,
    at location: TestLocation
  ) async {
    let timeout = timeout ?? self.timeout
    switch exhaustivity {
    case .on:
      let arrived = await waitForReceivedAction(timeout: timeout)
      guard arrived else {
        fail(timeoutMessage(expected: expected, timeout: timeout), at: location)
        return
      }
      let next = received.removeFirst()
      guard isMatching(next.action) else {
        let detail = mismatch(next.action).map { "\n\n\($0)\n\n(Expected: −, Received: +)" } ?? ""
        fail(
          """
          Received an action that does not match the expected one.
            expected: \(expected)
            received: \(describe(next.action))\(detail)

          Actions are received in the order effects send them. Assert this one first, or make \
          the test non-exhaustive (`store.exhaustivity = .off`) to skip it.
          """,
          at: location)
        markAsserted(state: next.state)
        // NB: the effect that sent the action may still be finishing; let it, as a match does,
        // so that the end of the test does not report it as running.
        await Task.megaYield()
        return
      }
      check(
        previous: currentState, actual: next.state, update: update,
        step: "receiving \(describe(next.action))", at: location)

    case .off:
      let clock = ContinuousClock()
      let deadline = clock.now.advanced(by: timeout)
      while true {
        if let index = received.firstIndex(where: { isMatching($0.action) }) {
          if index > 0 {
            let skipped = Array(received[..<index])
            received.removeFirst(index)
            if case .off(showSkippedAssertions: true) = exhaustivity {
              TestFailures.note(
                "Skipped \(skipped.count) received action(s) before \(expected):\n"
                  + skipped.map { "  • " + describe($0.action) }.joined(separator: "\n"),
                at: location)
            }
          }
          let next = received.removeFirst()
          check(
            previous: currentState, actual: next.state, update: update,
            step: "receiving \(describe(next.action))", at: location)
          break
        }
        let remaining = deadline - clock.now
        let count = received.count
        var more = false
        if remaining > .zero {
          more = await waitUntil(timeout: remaining) { received.count > count }
        }
        guard more else {
          fail(timeoutMessage(expected: expected, timeout: timeout), at: location)
          return
        }
      }
    }
    await Task.megaYield()
  }

  private func timeoutMessage(expected: String, timeout: Duration) -> String {
    let running = runningEffectCount
    let effects =
      running == 0
      ? "No effect is running, so no action can arrive: check that the action you sent "
        + "returns the effect you expect."
      : """
      \(running) effect(s) are still running, started at:
      \(originsList())
      If they wait on a TestClock, advance it first (`await clock.advance(by: …)`), or give \
      the feature an `ImmediateClock` when time does not matter to the test.
      """
    let pending =
      received.isEmpty
      ? ""
      : "\n\nReceived but not matching:\n"
        + received.map { "  • " + describe($0.action) }.joined(separator: "\n")
    return """
      Expected to receive \(expected), but none arrived within \(timeout).

      \(effects)\(pending)
      """
  }
}
