import Foundation
import ReducerKit
import ReducerKitRecording

/// What a replay compares after each step.
public enum ReplayComparison: Sendable {
  /// The state after every step (the default).
  case everyState
  /// Only the state after the last step.
  case finalState
}

/// Whether a replay compares the effects each step started and cancelled.
public enum ReplayEffects: Sendable {
  /// Compare them with the recording (the default).
  case compared
  /// Ignore them; actions delivered by effects are still checked against effects the replay
  /// started.
  case ignored
}

/// Re-runs a recording against today's reducer, as an exhaustive test.
///
/// ```swift
/// @Test func bug1234() async throws {
///   let recording = try Recording.decode(Data(contentsOf: url))
///   replay(recording) { Articles() }
/// }
/// ```
///
/// Actions sent from outside are sent again; actions effects delivered are injected in their
/// recorded order instead of running the effects (so nothing needs mocking); the effects each
/// step starts and cancels, and the state after it, are compared with the recording. The first
/// divergence fails the test at this call with the step, the action and what differs; the
/// replay stops there. A reducer that reads a dependency while reducing (not in an effect)
/// cannot be replayed faithfully — the recording has no trace of what the dependency returned —
/// and the replay names that read as the cause.
/// - Parameters:
///   - recording: The recording, from a `StoreRecorder`.
///   - comparing: Compare every state (default) or only the last.
///   - effects: Compare effect starts and cancellations (default), or ignore them.
///   - prepareDependencies: Dependencies the reducer reads while reducing (test values
///     otherwise).
///   - fileID: The caller's file ID, where failures are reported; leave the default.
///   - filePath: The caller's file path; leave the default.
///   - line: The caller's line; leave the default.
///   - column: The caller's column; leave the default.
///   - reducer: Builds today's reducer.
/// - Returns: Whether the replay matched the recording.
@MainActor
@discardableResult
public func replay<R: Reducer>(
  _ recording: Recording,
  comparing: ReplayComparison = .everyState,
  effects: ReplayEffects = .compared,
  withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  reducer: () -> R
) -> Bool where R.State: Codable, R.Action: Codable {
  let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  var replayer = Replayer<R>(
    recording: recording, comparing: comparing, effects: effects, location: location)
  var dependencies = DependencyValues.current
  dependencies.context = .test
  dependencies.stackElementID = .incrementing(from: recording.nextStackElementID)
  // NB: a recorded push carries the id the recorded run made; it is a fact, not a test's guess.
  dependencies.checksPushedStackIDs = false
  DependencyValues.setting { prepareDependencies(&dependencies) }
  let reducer = withDependencies({ $0 = dependencies }, operation: { BuiltOnce(reducer()) })
  return replayer.run(reducer, dependencies: dependencies)
}

/// The steps of one replay.
@MainActor
struct Replayer<R: Reducer> where R.State: Codable, R.Action: Codable {
  let recording: Recording
  let comparing: ReplayComparison
  let effects: ReplayEffects
  let location: TestLocation
  let coder: RecordingCoder
  /// Compares the replayed states with the recorded ones.
  let matcher: StateMatcher
  /// Actions the replayed reducer sent at once (`.send`), which the next steps must be.
  var pendingSends: [(action: JSONValue, path: String)] = []
  /// The instances the replayed reducer started effects in.
  var startedIn: Set<String> = []

  init(
    recording: Recording, comparing: ReplayComparison, effects: ReplayEffects,
    location: TestLocation
  ) {
    self.recording = recording
    self.comparing = comparing
    self.effects = effects
    self.location = location
    // NB: states are encoded as the recording encoded them: redacted if it redacted them (its
    // sensitive values show as `█████` there), so the two compare equal exactly when the states
    // are.
    self.coder = RecordingCoder(
      states: recording.states, allowsSensitiveValues: recording.allowsSensitiveValues)
    self.matcher = StateMatcher(coder: coder)
  }

  mutating func run(_ reducer: BuiltOnce<R>, dependencies: DependencyValues) -> Bool {
    guard Recording.readableFormats.contains(recording.format) else {
      return fail(
        "The recording's format \(recording.format) is not one this version replays "
          + "(\(Recording.readableFormats.lowerBound) to \(Recording.currentFormat)).")
    }
    if let incompleteness = recording.incompleteness {
      // NB: said first, and the steps before the gap are still replayed: they may show more.
      _ = fail(
        """
        The recording is incomplete: step \(incompleteness.step) could not be recorded, so it \
        ends before it (\(incompleteness.reason)). The \(recording.steps.count) step(s) before \
        it are replayed.
        """)
    }
    var state: R.State
    do {
      state = try coder.decode(recording.initialState, as: R.State.self)
    } catch {
      return fail("The recording's initial state could not be read as \(R.State.self): \(error)")
    }
    var recordedStates = StateCursor(state: .full(recording.initialState))
    for (index, step) in recording.steps.enumerated() {
      let number = index + 1
      do {
        try recordedStates.advance(by: step.state)
      } catch {
        return fail("Step \(number): the recorded state cannot be rebuilt: \(error)")
      }
      guard checkOrigin(of: step, number: number) else { return false }
      let action: R.Action
      do {
        action = try coder.decode(step.action, as: R.Action.self)
      } catch {
        return fail(
          "Step \(number): the recorded action could not be read as \(R.Action.self) (a value "
            + "recorded as █████ cannot be replayed; record with allowsSensitiveValues): \(error)")
      }
      let collector = IssueCollector()
      let effect = Self.reduce(
        reducer, &state, action, dependencies: dependencies, reportingTo: collector)
      // NB: warnings the recorded run raised at this step too (a late tap on a dismissed alert)
      // are part of what it did; only more of them is a divergence.
      let raised = collector.issues
      if raised.count > step.issues.count, let issue = collector.dependencyIssues.first {
        return fail(
          """
          Step \(number) (\(describe(action))): the reducer read a dependency while reducing, \
          which a replay cannot reproduce:
            \(issue.message)

          Read it in an effect, which sends what it got back as an action: the recording then \
          holds the value and a replay injects it.
          """)
      }
      if raised.count > step.issues.count {
        return fail(
          """
          Step \(number) (\(describe(action))): reducing it raised \(raised.count) issue(s) where \
          the recorded run raised \(step.issues.count):
            \(raised[step.issues.count].message)
          """)
      }
      let (events, sends) = effect.recordedEvents()
      if effects == .compared, events != step.effects {
        // NB: the state is shown too when it also differs: the two usually tell one story.
        let stateDifference = stateDifference(state, from: recordedStates.state)
        return fail(
          """
          Step \(number) (\(describe(action))): the effects differ from the recording.
            recorded: \(step.effects.map(\.description))
            replayed: \(events.map(\.description))
          """ + (stateDifference.map { "\nThe state differs too.\($0)" } ?? ""))
      }
      for case .started(let path) in events { startedIn.insert(path) }
      for send in sends {
        guard let json = try? coder.json(send.action) else { continue }
        pendingSends.append((json, send.path))
      }
      if comparing == .everyState || number == recording.steps.count {
        guard
          compare(
            state, with: recordedStates.state, kept: step.state, number: number, action: action)
        else { return false }
      } else {
        matcher.skip()
      }
    }
    if let missing = pendingSends.first {
      return fail(
        """
        After the last step: the reducer now sends \(Self.text(missing.action)) (from \
        \(missing.path)), which the recording does not have.
        """)
    }
    // NB: an incomplete recording never passes, even when the steps it has replay.
    return recording.incompleteness == nil
  }

  /// Reduces one step, with the issues it raises collected rather than reported.
  nonisolated static func reduce(
    _ reducer: BuiltOnce<R>, _ state: inout R.State, _ action: R.Action,
    dependencies: DependencyValues, reportingTo collector: IssueCollector
  ) -> Effect<R.Action> {
    var effect: Effect<R.Action> = .none
    IssueReporters.withIssueReporter(collector) {
      effect = reducer.reduceForReplay(into: &state, action: action, dependencies: dependencies)
    }
    return effect
  }

  /// Checks that an action an effect delivered could have been sent by the replayed reducer's
  /// effects, that no action the reducer sent at once is missing before it, and that the step
  /// is an action at all (not a change made outside the reducers, which a replay cannot make).
  mutating func checkOrigin(of step: Recording.Step, number: Int) -> Bool {
    switch step.origin {
    case .changedOutside:
      return fail(
        """
        Step \(number): the recorded state changed outside the store's reducers here — a shared \
        value written by an effect, another store or another process — and a replay, which runs \
        only reducers, cannot make that change. Write the value in a reducer (an effect sends \
        what it got as an action), so that the recording holds the action that changed it.
        """)
    case .outside:
      guard let missing = pendingSends.first else { return true }
      return fail(
        """
        Step \(number): the reducer now sends \(Self.text(missing.action)) (from \
        \(missing.path)) before this step, and the recording does not have it (missing action).
        """)
    case .effect(let path):
      if let next = pendingSends.first {
        guard next.action == step.action else {
          return fail(
            """
            Step \(number): the recording has \(Self.text(step.action)) from an effect of \
            \(path), but the reducer now sends \(Self.text(next.action)) first.
            """)
        }
        pendingSends.removeFirst()
        return true
      }
      guard startedIn.contains(path) else {
        return fail(
          """
          Step \(number): the recording has \(Self.text(step.action)) delivered by an effect of \
          \(path), but the replayed reducer started no effect there (unexpected effect action).
          """)
      }
      return true
    }
  }

  /// Whether the replayed `state` is `recorded`, the state rebuilt from the recording up to
  /// step `number`, which kept `kept`; a failure otherwise.
  func compare(
    _ state: R.State, with recorded: RecordedValue, kept: RecordedValue, number: Int,
    action: R.Action
  ) -> Bool {
    do {
      if try matcher.matches(state, step: kept, rebuilt: recorded) { return true }
    } catch {
      return fail("Step \(number): the replayed state could not be encoded: \(error)")
    }
    return fail(
      "Step \(number) (\(describe(action))): the state differs from the recording."
        + (stateDifference(state, from: recorded) ?? ""))
  }

  /// How `state` differs from the recorded one — a diff, or a note that only digests were kept —
  /// or `nil` when it does not.
  func stateDifference(_ state: R.State, from recorded: RecordedValue) -> String? {
    guard let replayed = try? coder.record(state: state), replayed != recorded else { return nil }
    if case .full(let json) = recorded,
      let expected = try? coder.decode(json, as: R.State.self),
      let diff = StateDump.diff(expected, state)
    {
      return " (− recorded, + replayed)\n\(diff)"
    } else if case .digest = recorded {
      return " (The recording keeps digests: record with `states: .full` for a diff.)"
    } else if case .full(let expected) = recorded, case .full(let actual) = replayed {
      // NB: values that dump alike (a set's elements in another order) or that cannot be read
      // back (redacted) still differ in their JSON, which is shown path by path.
      return " (− recorded, + replayed, as JSON)\n\(Self.jsonDiff(from: expected, to: actual))"
    }
    return ""
  }

  /// The JSON paths where `expected` and `actual` differ, each with its two values.
  static func jsonDiff(from expected: JSONValue, to actual: JSONValue) -> String {
    StateChange.changes(from: expected, to: actual).map { change in
      let at = JSONPathComponent.describe(change.path)
      let old = value(at: change.path, in: expected)
      switch change.operation {
      case .set(let new):
        return (old.map { "  − \(at): \($0.canonicalText)\n" } ?? "")
          + "  + \(at): \(new.canonicalText)"
      case .remove:
        return "  − \(at): \(old?.canonicalText ?? "null")"
      case .splice(let offset, let count, let elements):
        let removed: [JSONValue]
        if case .array(let array)? = old {
          removed = Array(array[offset..<(offset + count)])
        } else {
          removed = []
        }
        return
          "  − \(at)[\(offset)..<\(offset + count)]: \(JSONValue.array(removed).canonicalText)\n"
          + "  + \(at)[\(offset)..<\(offset + elements.count)]: "
          + JSONValue.array(elements).canonicalText
      case .spliceText(let offset, let count, let text):
        var removed = ""
        if case .string(let string)? = old {
          let units = Array(string.utf16)
          if offset >= 0, count >= 0, offset <= units.count, count <= units.count - offset {
            removed = String(decoding: units[offset..<(offset + count)], as: UTF16.self)
          }
        }
        return
          "  − \(at)[\(offset)..<\(offset + count)]: \(JSONValue.string(removed).canonicalText)\n"
          + "  + \(at)[\(offset)..<\(offset + text.utf16.count)]: "
          + JSONValue.string(text).canonicalText
      }
    }.joined(separator: "\n")
  }

  static func value(at path: [JSONPathComponent], in json: JSONValue) -> JSONValue? {
    var current = json
    for component in path {
      switch (component, current) {
      case (.key(let key), .object(let fields)):
        guard let next = fields[key] else { return nil }
        current = next
      case (.index(let index), .array(let elements)) where elements.indices.contains(index):
        current = elements[index]
      default: return nil
      }
    }
    return current
  }

  func fail(_ message: String) -> Bool {
    TestFailures.fail("Replay diverged. " + message, at: location)
    return false
  }

  static func text(_ json: JSONValue) -> String { json.canonicalText }

}
