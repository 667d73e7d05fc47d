import ReducerKit

// Verifying a step: the expected state from the assertion closure, compared with the state the
// step left (exhaustively or not), and the shared values it changed.

extension TestStore {
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
}
