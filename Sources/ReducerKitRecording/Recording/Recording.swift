import Foundation
import ReducerKit

/// What happened to a store, as a ``StoreRecorder`` wrote it down: the initial state, then every
/// action that reached the root in order — with its origin, the effects it started and
/// cancelled, and the state after it.
///
/// A recording is plain data, written as canonical JSON by ``jsonData()`` and read back by
/// ``decode(_:)``, so a bug report can carry one; `replay` in ReducerKitTesting re-runs it
/// against today's reducer as an exhaustive test. States and actions are kept as the JSON their
/// `Codable` conformances write — sets and dictionaries in a defined order, numbers exact — with
/// every `Sensitive` value written as `█████` unless the recorder allowed them.
///
/// The initial state is kept whole; each step keeps its state's changes from the step before
/// (``RecordedValue/changes(_:)``), and a step keeps the whole state once the changes since the
/// last whole state outweigh it, so that ``state(after:)`` reaches any step quickly and the file
/// grows linearly with its steps, however large the state.
public struct Recording: Equatable, Sendable {
  /// The version of the format; a replay refuses a format it does not know.
  public var format: Int
  /// How states were recorded.
  public var states: StateRecording
  /// Whether `Sensitive` values were written as they are (otherwise as `█████`).
  public var allowsSensitiveValues: Bool
  /// The state the store started with, always whole: a replay starts from it.
  public var initialState: JSONValue
  /// The id the store would give the next screen pushed on a stack: a replay makes the same ids
  /// from there, so that actions naming screens by id reach the same screens.
  public var nextStackElementID: Int
  /// Every action that reached the root, in order.
  public var steps: [Step]
  /// The lifetime of every piece of effect work the steps started, in the order they started:
  /// for a timeline (a replay does not compare them, as they depend on timing).
  public var effectSpans: [EffectSpan]
  /// Why the recording stops short of the session, or `nil` if it holds every step: a step the
  /// recorder could not write ends the recording there, and a replay says so first.
  public var incompleteness: Incompleteness?
  /// The sets and dictionaries the recorded states hold, by where they are (their JSON alone
  /// reads as arrays and objects): for a reader that shows values as the feature wrote them.
  /// A replay does not use them.
  public var unorderedCollections: [UnorderedCollection]

  /// The format this version of ReducerKit writes: 4 may splice a long string where it changed
  /// (3 states its step count and a digest of its content, 2 kept states as changes, numbers
  /// exact).
  public static let currentFormat = 4
  /// The formats this version reads and replays: 3 is 4 without text splices.
  public static let readableFormats = 3...currentFormat
  /// Every this many steps, a step kept its whole state rather than its changes (as 0.1 did).
  @available(
    *, deprecated,
    message:
      "A recorder keeps a whole state once the changes since the last outweigh it; a reader finds whole states by their kind (RecordedValue.full), not by their place."
  )
  public static let checkpointInterval = 100

  /// Why a recording stops short.
  public struct Incompleteness: Equatable, Sendable {
    /// The number (from 1) of the first step that could not be recorded.
    public var step: Int
    /// What went wrong, with the fix.
    public var reason: String

    /// Creates a note of incompleteness.
    /// - Parameters:
    ///   - step: The first step not recorded.
    ///   - reason: Why.
    public init(step: Int, reason: String) {
      self.step = step
      self.reason = reason
    }
  }

  /// One action that reached the root store.
  public struct Step: Equatable, Sendable {
    /// The action, as its `Encodable` conformance wrote it.
    public var action: JSONValue
    /// Who sent it.
    public var origin: Origin
    /// The effects the action started and cancelled, in the order the reducer returned them.
    public var effects: [EffectEvent]
    /// The runtime warnings reducing the action raised (an action for a child no longer
    /// there, say): a replay that raises as many has not diverged.
    public var issues: [String]
    /// The state after the action: whole, its changes from the step before, or a digest.
    public var state: RecordedValue
    /// When the action was reduced, since the recording started (to the microsecond), if the
    /// recorder kept times (``StoreRecorder/init(states:allowsSensitiveValues:encoding:times:)``).
    /// A replay does not compare it.
    public var time: Duration?

    /// Creates a step.
    /// - Parameters:
    ///   - action: The action's JSON.
    ///   - origin: Who sent it.
    ///   - effects: The effects it started, sent and cancelled.
    ///   - issues: The warnings reducing it raised.
    ///   - state: The state after it.
    ///   - time: When it was reduced, since the recording started.
    public init(
      action: JSONValue, origin: Origin, effects: [EffectEvent], issues: [String] = [],
      state: RecordedValue, time: Duration? = nil
    ) {
      self.action = action
      self.origin = origin
      self.effects = effects
      self.issues = issues
      self.state = state
      self.time = time
    }
  }

  /// The lifetime of one piece of an effect's work (a `.run`, a concatenation, a throttle's
  /// wait), counted in steps: when it started and ended, and how.
  public struct EffectSpan: Equatable, Sendable {
    /// The feature instance whose effect it is (`rows[id: 3]`, or `the root feature`).
    public var path: String
    /// The number (from 1) of the last step recorded when it started: the step that returned
    /// it, unless it is part of a composite effect that started it later.
    public var startedAfter: Int
    /// The index in ``Recording/effectSpans`` of the composite effect it is part of, if any.
    public var parent: Int?
    /// The number of the last step recorded when it ended, or `nil` if it was still running
    /// when the recording was read.
    public var endedAfter: Int?
    /// Whether it ended by cancellation rather than by finishing its work.
    public var wasCancelled: Bool
    /// The cancellation ids it runs under (`"load"`, `redacted in App/Rows.swift`), as
    /// ``EffectEvent`` names them; empty for work no id can cancel but its feature's removal.
    public var cancelIDs: [String]

    /// Creates a span.
    /// - Parameters:
    ///   - path: The feature instance it belongs to.
    ///   - startedAfter: The last step recorded when it started.
    ///   - parent: The composite effect it is part of.
    ///   - endedAfter: The last step recorded when it ended, if it did.
    ///   - wasCancelled: Whether it was cancelled.
    ///   - cancelIDs: The cancellation ids it runs under.
    public init(
      path: String, startedAfter: Int, parent: Int? = nil, endedAfter: Int? = nil,
      wasCancelled: Bool = false, cancelIDs: [String] = []
    ) {
      self.path = path
      self.startedAfter = startedAfter
      self.parent = parent
      self.endedAfter = endedAfter
      self.wasCancelled = wasCancelled
      self.cancelIDs = cancelIDs
    }
  }

  /// Who sent an action (`ActionOrigin`, which the core's store hook reports).
  public typealias Origin = ActionOrigin

  /// An effect an action started or cancelled (``EffectEvent``, which the core reads from an
  /// effect's structure).
  public typealias EffectEvent = ReducerKit.EffectEvent

  /// Creates a recording.
  /// - Parameters:
  ///   - states: How states are kept.
  ///   - allowsSensitiveValues: Whether sensitive values are written as they are.
  ///   - initialState: The first state's JSON.
  ///   - nextStackElementID: The id of the next screen pushed on a stack.
  ///   - steps: The steps.
  ///   - effectSpans: The lifetimes of the effects' work.
  ///   - incompleteness: Why it stops short, if it does.
  ///   - unorderedCollections: The sets and dictionaries in the states.
  ///   - format: The format version.
  public init(
    states: StateRecording, allowsSensitiveValues: Bool = false, initialState: JSONValue,
    nextStackElementID: Int = 0, steps: [Step] = [], effectSpans: [EffectSpan] = [],
    incompleteness: Incompleteness? = nil, unorderedCollections: [UnorderedCollection] = [],
    format: Int = Recording.currentFormat
  ) {
    self.unorderedCollections = unorderedCollections
    self.effectSpans = effectSpans
    self.incompleteness = incompleteness
    self.nextStackElementID = nextStackElementID
    self.format = format
    self.states = states
    self.allowsSensitiveValues = allowsSensitiveValues
    self.initialState = initialState
    self.steps = steps
  }

  /// The state after step `index` (from 0), whole (or its digest): from the last whole state
  /// at or before it, with the changes since applied.
  /// - Parameter index: The step's index in ``steps``.
  /// - Returns: The state, `.full` or `.digest`.
  /// - Throws: ``StateChangeError`` if a change does not apply (an edited file).
  public func state(after index: Int) throws -> RecordedValue {
    guard steps.indices.contains(index) else {
      throw StateChangeError(
        path: [], problem: "there is no step \(index + 1) in a recording of \(steps.count)")
    }
    var start = index
    while start >= 0, case .changes = steps[start].state { start -= 1 }
    var cursor = StateCursor(
      state: start < 0 ? .full(initialState) : steps[start].state)
    for step in steps[(start + 1)..<(index + 1)] { try cursor.advance(by: step.state) }
    return cursor.state
  }
}

/// Walks a recording's states in order, applying each step's changes to the state before.
package struct StateCursor {
  /// The state after the last step passed.
  package private(set) var state: RecordedValue

  /// A cursor at `state` (the initial state, or a checkpoint).
  package init(state: RecordedValue) { self.state = state }

  /// Moves past a step whose state was recorded as `recorded`.
  /// - Throws: ``StateChangeError`` if its changes do not apply.
  package mutating func advance(by recorded: RecordedValue) throws {
    guard case .changes(let changes) = recorded else {
      state = recorded
      return
    }
    guard case .full(var json) = state else {
      throw StateChangeError(path: [], problem: "changes follow a digest, not a whole state")
    }
    // NB: the state is taken out while it changes, so that each change is made in place.
    state = .digest("")
    for change in changes { try change.apply(to: &json) }
    state = .full(json)
  }
}

/// How a recorder writes the state after each action.
public enum StateRecording: String, Sendable {
  /// The whole state, as JSON: a replay shows a readable diff at the first divergence.
  case full
  /// A digest of the state's canonical JSON (64-bit FNV-1a over its compact text): a small
  /// recording; a replay can tell that a state differs, not how.
  case digest
}

/// A state as recorded: its JSON, its changes from the step before, or a digest of it.
public enum RecordedValue: Equatable, Sendable {
  /// The value's JSON.
  case full(JSONValue)
  /// The changes from the state of the step before (see ``Recording/state(after:)``).
  case changes([StateChange])
  /// The digest of the value's JSON (see ``StateRecording/digest``).
  case digest(String)
}
