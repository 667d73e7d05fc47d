import Foundation
import ReducerKit

// Finishing a test: waiting for effects, skipping what the test does not assert, and what is
// left unasserted when the store goes away.

extension TestStore {
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
  var hasAwaitedEffects: Bool {
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

  func unassertedReceivedActionsMessage() -> String {
    Self.unassertedReceivedActionsMessage(recorder)
  }

  static func unassertedReceivedActionsMessage(
    _ recorder: TestRecorder<State, Action>
  ) -> String {
    """
    The store received \(recorder.received.count) action(s) that the test did not assert:
    \(recorder.received.map { "  • " + describe($0.action) }.joined(separator: "\n"))

    Assert each with `await store.receive(…)`, or call `await store.skipReceivedActions()`.
    """
  }

  func checkReceivedActionsWereHandled(at location: TestLocation) {
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
  static func endOfTestFindings(_ parts: EndOfTestParts<State, Action>) -> [Finding] {
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
