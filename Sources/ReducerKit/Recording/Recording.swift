import Foundation

/// What happened to a store, as a ``StoreRecorder`` wrote it down: the initial state, then every
/// action that reached the root in order — with its origin, the effects it started and
/// cancelled, and the state after it.
///
/// A recording is plain data (`Codable`, written as JSON by ``StoreRecorder/jsonData()``), so a
/// bug report can carry one; `replay` in ReducerKitTesting re-runs it against today's reducer as
/// an exhaustive test. States and actions are kept as the JSON their `Codable` conformances
/// write, with every ``Sensitive`` value written as `█████` unless the recorder allowed them.
public struct Recording: Codable, Equatable, Sendable {
  /// The version of the format; a replay refuses a format it does not know.
  public var format: Int
  /// How states were recorded.
  public var states: StateRecording
  /// Whether ``Sensitive`` values were written as they are (otherwise as `█████`).
  public var allowsSensitiveValues: Bool
  /// The state the store started with, always whole: a replay starts from it.
  public var initialState: JSONValue
  /// The id the store would give the next screen pushed on a stack: a replay makes the same ids
  /// from there, so that actions naming screens by id reach the same screens.
  public var nextStackElementID: Int
  /// Every action that reached the root, in order.
  public var steps: [Step]

  /// The format this version of ReducerKit writes.
  public static let currentFormat = 1

  /// One action that reached the root store.
  public struct Step: Codable, Equatable, Sendable {
    /// The action, as its `Encodable` conformance wrote it.
    public var action: JSONValue
    /// Who sent it.
    public var origin: Origin
    /// The effects the action started and cancelled, in the order the reducer returned them.
    public var effects: [EffectEvent]
    /// The runtime warnings reducing the action raised (an action for a child no longer
    /// there, say): a replay that raises as many has not diverged.
    public var issues: [String]
    /// The state after the action.
    public var state: RecordedValue

    /// Creates a step.
    /// - Parameters:
    ///   - action: The action's JSON.
    ///   - origin: Who sent it.
    ///   - effects: The effects it started, sent and cancelled.
    ///   - issues: The warnings reducing it raised.
    ///   - state: The state after it.
    public init(
      action: JSONValue, origin: Origin, effects: [EffectEvent], issues: [String] = [],
      state: RecordedValue
    ) {
      self.action = action
      self.origin = origin
      self.effects = effects
      self.issues = issues
      self.state = state
    }
  }

  /// Who sent an action.
  public enum Origin: Codable, Equatable, Sendable, CustomStringConvertible {
    /// Sent from outside the store: a view, the user, the app.
    case outside
    /// Delivered by an effect of the feature instance at `path` (`rows[id: 3] → detail`, or
    /// `the root feature`).
    case effect(path: String)
    /// No action: the state changed outside the store's reducers — a shared value written by an
    /// effect, another store or another process. The step's action is `null`; its state is the
    /// state the next action found.
    case changedOutside

    /// `outside`, or `an effect of rows[id: 3]`.
    public var description: String {
      switch self {
      case .outside: "outside"
      case .changedOutside: "a change outside the store's reducers"
      case .effect(let path): "an effect of \(path)"
      }
    }
  }

  /// An effect an action started or cancelled, with the feature instance it belongs to.
  public enum EffectEvent: Codable, Equatable, Sendable, CustomStringConvertible {
    /// Work started (a `.run`, a concatenation, a throttle, a debounce's wait) by the instance
    /// at `path`.
    case started(path: String)
    /// An action was sent at once (`.send`) by the instance at `path`; it is the next step.
    case sent(path: String)
    /// The effects under the cancellation id `id` of the instance at `path` were cancelled.
    case cancelled(path: String, id: String)

    /// `started in rows[id: 3]`, or `cancelled "load" in the root feature`.
    public var description: String {
      switch self {
      case .started(let path): "started in \(path)"
      case .sent(let path): "sent at once by \(path)"
      case .cancelled(let path, let id): "cancelled \(id) in \(path)"
      }
    }
  }

  /// Creates a recording.
  /// - Parameters:
  ///   - states: How states are kept.
  ///   - allowsSensitiveValues: Whether sensitive values are written as they are.
  ///   - initialState: The first state's JSON.
  ///   - nextStackElementID: The id of the next screen pushed on a stack.
  ///   - steps: The steps.
  ///   - format: The format version.
  public init(
    states: StateRecording, allowsSensitiveValues: Bool = false, initialState: JSONValue,
    nextStackElementID: Int = 0, steps: [Step] = [], format: Int = Recording.currentFormat
  ) {
    self.nextStackElementID = nextStackElementID
    self.format = format
    self.states = states
    self.allowsSensitiveValues = allowsSensitiveValues
    self.initialState = initialState
    self.steps = steps
  }

  /// Reads a recording from the JSON ``StoreRecorder/jsonData()`` wrote.
  /// - Parameter data: The JSON.
  /// - Returns: The recording.
  /// - Throws: `DecodingError` if the data is not a recording.
  public static func decode(_ data: Data) throws -> Recording {
    try JSONDecoder().decode(Recording.self, from: data)
  }

  /// The recording as JSON, keys sorted and indented so that it diffs well under version
  /// control.
  /// - Returns: The JSON.
  /// - Throws: `EncodingError` only if a number is not finite.
  public func jsonData() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(self)
  }
}

/// How a recorder writes the state after each action.
public enum StateRecording: String, Codable, Sendable {
  /// The whole state, as JSON: a replay shows a readable diff at the first divergence.
  case full
  /// A digest of the state's JSON (64-bit FNV-1a over the sorted-keys encoding): a small
  /// recording; a replay can tell that a state differs, not how.
  case digest
}

/// A state as recorded: its JSON, or a digest of it.
public enum RecordedValue: Codable, Equatable, Sendable {
  /// The value's JSON.
  case full(JSONValue)
  /// The digest of the value's JSON (see ``StateRecording/digest``).
  case digest(String)
}
