import Foundation

/// Records what happens to a store, for a bug report or a regression test: the initial state,
/// then every action that reaches the root with its origin, the effects it starts and cancels,
/// and the state after it.
///
/// ```swift
/// let recorder = StoreRecorder()
/// let store = Store(initialState: Articles.State(), recordingTo: recorder) { Articles() }
/// // … the app runs …
/// try recorder.write(to: URL(fileURLWithPath: "bug-1234.json"))
/// ```
///
/// Recording is off unless a store is created with a recorder: a store without one pays a
/// single check per action. The feature's `State` and `Action` must be `Codable`. ``Sensitive``
/// values are written as `█████` unless `allowsSensitiveValues` is set: a recording is made to
/// be attached to bug reports. Replay it in a test with `replay(_:reducer:)` from
/// ReducerKitTesting.
@MainActor
public final class StoreRecorder {
  /// What has been recorded so far; `nil` until a store starts recording.
  public private(set) var recording: Recording?
  let coder: RecordingCoder
  private var hasReportedFailure = false
  /// The state last recorded, whole (its digest aside): the next step keeps its changes from
  /// it, and the next action must find it, or it changed outside the reducers.
  private var lastState: JSONValue?
  /// Whether the state last recorded holds a ``Shared`` value: only then can it change outside
  /// the reducers (everything else in it is a value), so only then is it checked.
  private var lastStateHoldsShared = false

  /// Creates a recorder.
  /// - Parameters:
  ///   - states: Whether to keep each state (as its changes from the step before, and whole
  ///     every ``Recording/checkpointInterval`` steps; a replay shows a diff) or as a digest (a
  ///     smaller recording; a replay can only say that a state differs).
  ///   - allowsSensitiveValues: Write ``Sensitive`` values as they are. Leave it off for any
  ///     recording that leaves the machine.
  public init(states: StateRecording = .full, allowsSensitiveValues: Bool = false) {
    self.coder = RecordingCoder(states: states, allowsSensitiveValues: allowsSensitiveValues)
  }

  /// The recording as canonical JSON (see ``Recording/jsonData()``).
  /// - Returns: The JSON, or an empty recording's if no store recorded yet.
  public func jsonData() -> Data {
    (recording
      ?? Recording(
        states: coder.states, allowsSensitiveValues: coder.allowsSensitiveValues,
        initialState: .null)).jsonData()
  }

  /// Writes the recording as JSON to `url`, atomically.
  /// - Parameter url: Where to write.
  /// - Throws: A file-system error.
  public func write(to url: URL) throws {
    try jsonData().write(to: url, options: .atomic)
  }

  func start(initialState: some Encodable, nextStackElementID: Int) {
    guard recording == nil else {
      report("A StoreRecorder records one store; a second store was given the same recorder.")
      return
    }
    do {
      let sighting = SharedSighting()
      var encoder = CanonicalEncoder()
      encoder.userInfo[.sharedSighting] = sighting
      if !coder.allowsSensitiveValues { encoder.userInfo[.redactsSensitiveValues] = true }
      let json = try encoder.encode(initialState)
      recording = Recording(
        states: coder.states, allowsSensitiveValues: coder.allowsSensitiveValues,
        initialState: json, nextStackElementID: nextStackElementID)
      (lastState, lastStateHoldsShared) = (json, sighting.seen.load(ordering: .relaxed))
    } catch {
      report("The initial state could not be encoded for the recording: \(Self.reason(error))")
    }
  }

  func append(
    action: some Encodable, origin: Recording.Origin, events: [Recording.EffectEvent],
    issues: [String], state: some Encodable, at location: SourceLocation?
  ) {
    guard let count = recording?.steps.count, recording?.incompleteness == nil else { return }
    do {
      let actionJSON = try coder.json(action)
      let (json, holdsShared) = try encodeNotingShared(state)
      recording?.steps.append(
        Recording.Step(
          action: actionJSON, origin: origin, effects: events, issues: issues,
          state: recordedValue(json, step: count + 1)))
      (lastState, lastStateHoldsShared) = (json, holdsShared)
    } catch {
      stop(atStep: count + 1, because: Self.reason(error), at: location)
    }
  }

  /// Notes the state an action from outside finds: if it is not the state last recorded, it
  /// changed outside the reducers (a shared value), and that change is a step of its own.
  func willReduce(state: some Encodable, at location: SourceLocation?) {
    guard let count = recording?.steps.count, recording?.incompleteness == nil,
      lastStateHoldsShared, let lastState
    else { return }
    do {
      let (found, _) = try encodeNotingShared(state)
      guard found != lastState else { return }
      recording?.steps.append(
        Recording.Step(
          action: .null, origin: .changedOutside, effects: [],
          state: recordedValue(found, step: count + 1)))
      self.lastState = found
    } catch {
      stop(atStep: count + 1, because: Self.reason(error), at: location)
    }
  }

  private func encodeNotingShared(_ state: some Encodable) throws -> (JSONValue, Bool) {
    let sighting = SharedSighting()
    var encoder = CanonicalEncoder()
    encoder.userInfo[.sharedSighting] = sighting
    if !coder.allowsSensitiveValues { encoder.userInfo[.redactsSensitiveValues] = true }
    return (try encoder.encode(state), sighting.seen.load(ordering: .relaxed))
  }

  /// What step `number` keeps of `json`: its digest, the whole state at a checkpoint, or its
  /// changes from the state before.
  private func recordedValue(_ json: JSONValue, step number: Int) -> RecordedValue {
    switch coder.states {
    case .digest: return .digest(RecordingCoder.digest(json))
    case .full:
      guard let lastState, !number.isMultiple(of: Recording.checkpointInterval) else {
        return .full(json)
      }
      return .changes(StateChange.changes(from: lastState, to: json))
    }
  }

  /// Ends the recording at step `number`, which could not be recorded: the file says so, and
  /// the failure is reported where the action was sent.
  private func stop(atStep number: Int, because reason: String, at location: SourceLocation?) {
    recording?.incompleteness = Recording.Incompleteness(step: number, reason: reason)
    report(
      """
      Step \(number) could not be recorded, so the recording stops before it (its file says it \
      is incomplete, and a replay says so first): \(reason)
      """, at: location)
  }

  /// An encoding error's own words, without the context's dump.
  static func reason(_ error: any Error) -> String {
    switch error {
    case EncodingError.invalidValue(_, let context):
      let path = context.codingPath.map(\.stringValue).joined(separator: ".")
      return context.debugDescription + (path.isEmpty ? "" : " (at \(path))")
    default: return "\(error)"
    }
  }

  private func report(_ message: String, at location: SourceLocation? = nil) {
    guard !hasReportedFailure else { return }
    hasReportedFailure = true
    if let location {
      reportIssue(message, at: location)
    } else {
      reportIssue(message)
    }
  }
}

/// A recorder as the root store keeps it: typed for the feature, with the origins of the actions
/// it queued.
@MainActor
@usableFromInline
final class RecordingSink<State, Action> {
  let record:
    @MainActor (
      _ action: Action, _ origin: Recording.Origin, _ events: [Recording.EffectEvent],
      _ issues: [String], _ state: State, _ location: SourceLocation?
    ) -> Void
  /// Notes the state an action finds before it is reduced.
  let found: @MainActor (_ state: State, _ location: SourceLocation?) -> Void
  /// The origins of the actions in the root's queue, in the same order.
  var queued: [Recording.Origin] = []

  init(
    record:
      @escaping @MainActor (
        Action, Recording.Origin, [Recording.EffectEvent], [String], State, SourceLocation?
      ) -> Void,
    found: @escaping @MainActor (State, SourceLocation?) -> Void
  ) {
    self.record = record
    self.found = found
  }

  /// Records `action`, reduced into `state`, which returned `effect` and raised `issues`.
  func didReduce(
    _ action: Action, from origin: Recording.Origin, effect: Effect<Action>, issues: [String],
    state: State, sentAt location: SourceLocation?
  ) {
    record(action, origin, effect.recordedEvents().events, issues, state, location)
  }
}

extension RecordingSink where State: Encodable, Action: Encodable {
  /// Starts `recorder`'s recording at `initialState`, with stacks' ids from
  /// `nextStackElementID` on.
  convenience init(_ recorder: StoreRecorder, initialState: State, nextStackElementID: Int) {
    recorder.start(initialState: initialState, nextStackElementID: nextStackElementID)
    self.init(
      record: { action, origin, events, issues, state, location in
        recorder.append(
          action: action, origin: origin, events: events, issues: issues, state: state,
          at: location)
      },
      found: { recorder.willReduce(state: $0, at: $1) })
  }
}

/// Passes issues on to the reporter in charge and keeps their messages, for the step being
/// recorded.
final class IssueTee: IssueReporter {
  private let forward: any IssueReporter
  private let kept = LockedValue<[String]>([])

  init(forwardingTo reporter: any IssueReporter) { self.forward = reporter }

  func report(_ message: String, at location: SourceLocation) {
    kept.withLock { $0.append(message) }
    forward.report(message, at: location)
  }

  // NB: an advisory is kept with the step like any warning (a replay counts them alike) and
  // forwarded as an advisory, so that a test reporter prints it instead of failing.
  func advise(_ message: String, at location: SourceLocation) {
    kept.withLock { $0.append(message) }
    forward.advise(message, at: location)
  }

  /// The messages, in the order they were raised.
  var messages: [String] { kept.withLock { $0 } }
}
