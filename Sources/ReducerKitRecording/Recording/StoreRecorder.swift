import Foundation
import ReducerKit
import ReducerKitShims

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
/// Recording is off unless a store is created with a recorder: a store without one compiles no
/// recording code at all (its root is generic over what watches it). A recorded send keeps the
/// step's values and encodes them when the recording is read or written (see ``Encoding``). The
/// feature's `State` and `Action` must be `Codable`. `Sensitive`
/// values are written as `█████` unless `allowsSensitiveValues` is set: a recording is made to
/// be attached to bug reports. Replay it in a test with `replay(_:reducer:)` from
/// ReducerKitTesting.
@MainActor
public final class StoreRecorder {
  /// What has been recorded so far; `nil` until a store starts recording. (With
  /// ``Encoding/deferred``, reading it encodes the steps kept until then.)
  public var recording: Recording? {
    flushPending?()
    return stored.map(withCollections)
  }
  // NB: `nonisolated(unsafe)`, here and on everything the encoding touches: a store whose
  // state and actions are `Sendable` has its steps encoded on a queue of its hook's (see
  // `RecordingHook.encoder`), and the main actor reads or encodes only once that queue is
  // drained (`RecordingHook.drainEncoder()`), so that one of them at a time touches these.
  nonisolated(unsafe) private var stored: Recording?
  /// The sets and dictionaries the state encoder met, which the recording lists.
  nonisolated(unsafe) private let collections = UnorderedCollections()
  /// Encodes the steps the store keeps typed (see ``recording``).
  var flushPending: (() -> Void)?
  nonisolated let coder: RecordingCoder
  /// When steps are encoded.
  public let encoding: Encoding
  /// Marked by every shared value a state encoding meets (reset before each).
  nonisolated private let sighting = SharedSighting()
  // NB: made once: building the user info of an encoder per step hashed its keys every time.
  nonisolated(unsafe) private var encoders: (action: CanonicalEncoder, state: CanonicalEncoder)?
  nonisolated(unsafe) private var hasReportedFailure = false
  /// Failures met while encoding off the main actor, said on it (see `sayFailuresMetOffMain`):
  /// a test's issue is recorded from the test's own context.
  nonisolated(unsafe) private var failuresMetOffMain: [(String, SourceLocation?)] = []
  /// Whether the encoding running now runs off the main actor (set around each batch the hook's
  /// queue encodes).
  nonisolated(unsafe) var encodesOffMain = false
  /// The state last recorded, whole (its digest aside): the next step keeps its changes from
  /// it, and the next action must find it, or it changed outside the reducers.
  nonisolated(unsafe) private var lastState: JSONValue?
  /// Whether the state last recorded holds a `Shared` value: only then can it change outside
  /// the reducers (everything else in it is a value), so only then is it checked.
  nonisolated(unsafe) private var lastStateHoldsShared = false
  /// What the last state's encoding kept, for the next one to reuse its unchanged parts.
  nonisolated(unsafe) private var kept: EncodedValue?
  /// When a step keeps its whole state rather than its changes.
  nonisolated(unsafe) private var checkpoints = CheckpointSpacing(stateWeight: 0)
  /// Where the last state encoding's arrays kept runs of the one before, for its changes.
  nonisolated(unsafe) private let spliceHints = SpliceHints()

  /// Creates a recorder.
  /// - Parameters:
  ///   - states: Whether to keep each state (as its changes from the step before, and whole once
  ///     the changes since the last whole state outweigh it; a replay shows a diff) or as a
  ///     digest (a smaller recording; a replay can only say that a state differs).
  ///   - allowsSensitiveValues: Write `Sensitive` values as they are. Leave it off for any
  ///     recording that leaves the machine.
  ///   - encoding: Keep steps as values and encode them when the recording is read or written
  ///     (the default: a send costs about 17 unrecorded sends), or encode each step as it
  ///     happens (a send costs about 400; a step that cannot be encoded fails at once).
  ///   - times: Write when each step was reduced, since the recording started (the inspector
  ///     shows it). Off, a file's bytes depend on its values only: two recordings of one
  ///     session are the same file.
  public init(
    states: StateRecording = .full, allowsSensitiveValues: Bool = false,
    encoding: Encoding = .deferred, times: Bool = true
  ) {
    self.coder = RecordingCoder(states: states, allowsSensitiveValues: allowsSensitiveValues)
    self.encoding = encoding
    self.recordsTimes = times
  }

  /// Whether each step's time is written.
  nonisolated public let recordsTimes: Bool
  /// The monotonic clock when the store started recording, in nanoseconds.
  nonisolated(unsafe) private var startedAt: UInt64 = 0

  /// `nanoseconds` (the monotonic clock) as a time since the recording started.
  nonisolated private func time(at nanoseconds: UInt64) -> Duration? {
    guard recordsTimes else { return nil }
    // NB: to the microsecond, as a file keeps it: a recording read back is the one written.
    return .microseconds(Int64(clamping: (nanoseconds &- startedAt) / 1_000))
  }

  /// When a recorder encodes the steps it records.
  public enum Encoding: Sendable {
    /// As each action is reduced: a step that cannot be encoded (a binding to a field its
    /// state's `BindableFields` does not list) is reported as it happens, at the line that sent
    /// the action, and the recording ends there.
    case atOnce
    /// When the recording is read or written, and in the background once a few hundred are
    /// kept: for a feature whose `State` and `Action` are `Sendable`, on a queue of the store's
    /// own, off the main actor, which waits for it only to read the recording or past the
    /// bound below; for any other, in turns of the main actor of at most 4 ms and one step
    /// each, so that the app's frames go on between them whatever a step costs. The store keeps
    /// each step's action and state as they are, so a send pays for an append instead of an
    /// encoding — cheap enough to record every session of an app. Up to 1,024 steps are kept,
    /// fewer for a large state: a loop that sends more without letting the main actor turn has
    /// the oldest encoded in the send that passes the bound. Each kept state becomes a copy of
    /// its own once the app writes its state again, so the bound is the recording's memory: as
    /// many steps as about a million JSON values of state allow (the recorder's estimate
    /// after each batch it encodes), and at least 16. (A state that is not `Sendable` stays on the main actor: it may hold a class
    /// instance the main actor writes while a queue would read it.) A step that cannot be
    /// encoded is reported when it is encoded (off the main actor: when the main actor next
    /// waits for the queue), still at the line that sent it, and the recording ends there.
    /// While any `Shared` value exists, steps are encoded at once anyway: a shared value is a
    /// reference, whose value at a step is only known then.
    case deferred
  }

  /// The recording as canonical JSON (see ``Recording/jsonData()``).
  /// - Returns: The JSON, or an empty recording's if no store recorded yet.
  public func jsonData() -> Data {
    flushPending?()
    return
      (stored.map(withCollections)
      ?? Recording(
        states: coder.states, allowsSensitiveValues: coder.allowsSensitiveValues,
        initialState: .null)).jsonData()
  }

  /// `recording` with the sets and dictionaries met so far.
  private func withCollections(_ recording: Recording) -> Recording {
    var recording = recording
    recording.unorderedCollections = collections.sorted
    return recording
  }

  /// Writes the recording as JSON to `url`, atomically.
  /// - Parameter url: Where to write.
  /// - Throws: A file-system error.
  public func write(to url: URL) throws {
    try jsonData().write(to: url, options: .atomic)
  }

  /// Starts the recording of the store whose hook calls it; `false` — and a report — when the
  /// recorder already records another store, which it goes on recording alone.
  func start(initialState: some Encodable, nextStackElementID: Int) -> Bool {
    guard stored == nil else {
      report("A StoreRecorder records one store; a second store was given the same recorder.")
      return false
    }
    startedAt = reducerkit_monotonic_nanoseconds()
    do {
      let (json, holdsShared) = try encodeNotingShared(initialState)
      stored = Recording(
        states: coder.states, allowsSensitiveValues: coder.allowsSensitiveValues,
        initialState: json, nextStackElementID: nextStackElementID)
      (lastState, lastStateHoldsShared) = (json, holdsShared)
      checkpoints = CheckpointSpacing(stateWeight: json.weight)
    } catch {
      report("The initial state could not be encoded for the recording: \(Self.reason(error))")
    }
    return true
  }

  @usableFromInline
  nonisolated func append(
    action: some Encodable, origin: Recording.Origin, events: [Recording.EffectEvent],
    issues: [String], state: some Encodable, at location: SourceLocation?, reducedAt: UInt64
  ) {
    guard let count = stored?.steps.count, stored?.incompleteness == nil else { return }
    do {
      let actionJSON = try madeEncoders.action.encode(action)
      let (json, holdsShared) = try encodeNotingShared(state)
      stored?.steps.append(
        Recording.Step(
          action: actionJSON, origin: origin, effects: events, issues: issues,
          state: recordedValue(json, step: count + 1), time: time(at: reducedAt)))
      let replaced = lastState
      (lastState, lastStateHoldsShared) = (json, holdsShared)
      if encodesOffMain, let replaced { statesReplacedOffMain.append(replaced) }
    } catch {
      stop(atStep: count + 1, because: Self.reason(error), at: location)
    }
  }

  /// The states that steps encoded off the main actor replaced as the last one, which the
  /// queue hands to the main actor to release (see `RecordingHook.encodesOffMainActor()`).
  nonisolated(unsafe) private var statesReplacedOffMain: [JSONValue] = []

  /// Takes the states replaced off the main actor (on the queue that encodes, after a batch).
  nonisolated func takeStatesReplacedOffMain() -> [JSONValue] {
    var taken: [JSONValue] = []
    swap(&taken, &statesReplacedOffMain)
    return taken
  }

  /// The index in the recording's effect spans of each piece of work still running, by the
  /// runtime's key.
  nonisolated(unsafe) private var openSpans: [Int: Int] = [:]

  /// Notes what an effect's work did, between the steps recorded so far: its span starts or
  /// ends after the last of them.
  nonisolated func note(_ event: EffectLifecycleEvent) {
    guard let count = stored?.steps.count, stored?.incompleteness == nil else { return }
    switch event {
    case .started(let id, let path, let parent, let cancelIDs):
      openSpans[id] = stored?.effectSpans.count
      stored?.effectSpans.append(
        Recording.EffectSpan(
          path: path, startedAfter: count, parent: parent.flatMap { openSpans[$0] },
          cancelIDs: cancelIDs))
    // NB: a cancelled span ends at the step that cancelled it, not when its work noticed.
    case .cancelled(let id):
      guard let index = openSpans.removeValue(forKey: id) else { return }
      stored?.effectSpans[index].endedAfter = count
      stored?.effectSpans[index].wasCancelled = true
    case .ended(let id, let cancelled):
      guard let index = openSpans.removeValue(forKey: id) else { return }
      stored?.effectSpans[index].endedAfter = count
      stored?.effectSpans[index].wasCancelled = cancelled
    case .delivers: return
    }
  }

  /// Notes the state an action from outside finds: if it is not the state last recorded, it
  /// changed outside the reducers (a shared value), and that change is a step of its own.
  @usableFromInline
  func willReduce(state: some Encodable, at location: SourceLocation?) {
    guard let count = stored?.steps.count, stored?.incompleteness == nil,
      lastStateHoldsShared, let lastState
    else { return }
    do {
      let (found, _) = try encodeNotingShared(state)
      guard found != lastState else { return }
      stored?.steps.append(
        Recording.Step(
          action: .null, origin: .changedOutside, effects: [],
          state: recordedValue(found, step: count + 1),
          time: time(at: reducerkit_monotonic_nanoseconds())))
      self.lastState = found
    } catch {
      stop(atStep: count + 1, because: Self.reason(error), at: location)
    }
  }

  /// About how many JSON values the state last recorded holds, at most: what its store's hook
  /// bounds the steps it keeps by. Free when changes are kept (the checkpoints' count); a
  /// digest recording counts the state, once per batch of steps encoded.
  nonisolated var stateWeightEstimate: Int {
    switch coder.states {
    case .full: checkpoints.weightEstimate
    case .digest: lastState?.weight ?? 0
    }
  }

  /// The encoders, made on first use.
  nonisolated private var madeEncoders: (action: CanonicalEncoder, state: CanonicalEncoder) {
    if let encoders { return encoders }
    let made = (
      coder.encoder(nil), coder.encoder(sighting, collections: collections, hints: spliceHints)
    )
    encoders = made
    return made
  }

  nonisolated private func encodeNotingShared(_ state: some Encodable) throws -> (JSONValue, Bool) {
    sighting.seen.store(false, ordering: .relaxed)
    // NB: hints stand for one encoding, the one whose changes are found next.
    spliceHints.removeAll()
    let json = try madeEncoders.state.encode(state, keeping: &kept, sighting: sighting)
    return (json, sighting.seen.load(ordering: .relaxed))
  }

  /// What step `number` keeps of `json`: its digest, the whole state at a checkpoint, or its
  /// changes from the state before.
  nonisolated private func recordedValue(_ json: JSONValue, step number: Int) -> RecordedValue {
    switch coder.states {
    case .digest: return .digest(RecordingCoder.digest(json))
    case .full:
      guard let lastState else { return .full(json) }
      let changes = StateChange.changes(from: lastState, to: json, hints: spliceHints)
      spliceHints.removeAll()
      return checkpoints.keepsWhole(after: changes, state: json) ? .full(json) : .changes(changes)
    }
  }

  /// Ends the recording at step `number`, which could not be recorded: the file says so, and
  /// the failure is reported where the action was sent.
  nonisolated private func stop(
    atStep number: Int, because reason: String, at location: SourceLocation?
  ) {
    stored?.incompleteness = Recording.Incompleteness(step: number, reason: reason)
    report(
      """
      Step \(number) could not be recorded, so the recording stops before it (its file says it \
      is incomplete, and a replay says so first): \(reason)
      """, at: location)
  }

  /// An encoding error's own words, without the context's dump.
  nonisolated static func reason(_ error: any Error) -> String {
    switch error {
    case EncodingError.invalidValue(_, let context):
      let path = context.codingPath.map(\.stringValue).joined(separator: ".")
      return context.debugDescription + (path.isEmpty ? "" : " (at \(path))")
    default: return "\(error)"
    }
  }

  nonisolated private func report(_ message: String, at location: SourceLocation? = nil) {
    guard !hasReportedFailure else { return }
    hasReportedFailure = true
    if encodesOffMain { return failuresMetOffMain.append((message, location)) }
    say(message, at: location)
  }

  /// Says the failures met while encoding off the main actor; called on it, once the encoding
  /// is done.
  func sayFailuresMetOffMain() {
    guard !failuresMetOffMain.isEmpty else { return }
    let failures = failuresMetOffMain
    failuresMetOffMain = []
    for (message, location) in failures { say(message, at: location) }
  }

  nonisolated private func say(_ message: String, at location: SourceLocation?) {
    if let location {
      reportIssue(message, at: location)
    } else {
      reportIssue(message)
    }
  }
}
