import ReducerKit
import ReducerKitRecording

/// The data a page embeds: each step's action, name, lane, effect events, warnings and state
/// changes; whole states once the changes since the last outweigh it (``CheckpointSpacing``),
/// so that the page rebuilds any state from a few changes and stays linear in the steps; the lanes; and the effect spans.
///
/// Numbers the page's JavaScript could not hold exactly (integers beyond 15 digits, fractions)
/// are written as `{"\u{0}#": "text"}`, and an object key that starts with `\u{0}` gets one
/// more, so that the page shows every number as it was recorded.
struct PageData {
  /// The marker key of a number kept as text.
  static let numberTag = "\u{0}#"

  let document: JSONValue

  init(_ recording: Recording, title: String) throws {
    var lanes = LaneTable()
    var steps: [JSONValue] = []
    steps.reserveCapacity(recording.steps.count)
    var checkpoints: [JSONValue] = []
    var cursor = StateCursor(state: .full(recording.initialState))
    var spacing = CheckpointSpacing(stateWeight: recording.initialState.weight)
    let cancelledWork = Self.cancelledWork(recording)
    for (index, step) in recording.steps.enumerated() {
      // NB: the state before is kept only for a step that recorded its state whole (its
      // changes are found here): held across every step, it made each step's changes copy the
      // state they apply to (a growing array copied whole a step).
      var before: RecordedValue?
      if case .changes = step.state {} else { before = cursor.state }
      try cursor.advance(by: step.state)
      var fields: [String: JSONValue] = [
        "n": .string(ActionSummary.name(of: step.action)),
        "a": Self.tagged(step.action),
        "o": .number(JSONNumber(lanes.index(of: step.origin))),
      ]
      let effects = Self.shownEffects(step.effects, cancelling: cancelledWork[index + 1] ?? [])
      if !effects.isEmpty { fields["e"] = .array(effects.map { .string($0.description) }) }
      if !step.issues.isEmpty { fields["w"] = .array(step.issues.map(JSONValue.string)) }
      if let time = step.time {
        fields["t"] = .number(JSONNumber(Recording.Step.microseconds(time)))
      }
      var changes: [StateChange] = []
      switch (before, cursor.state, step.state) {
      case (_, .digest(let digest), _): fields["d"] = .string(digest)
      case (_, _, .changes(let recorded)): changes = recorded
      case (.full(let old)?, .full(let new), _): changes = StateChange.changes(from: old, to: new)
      // NB: a whole state after a digest, or (never) changes as a cursor's state.
      default: break
      }
      if case .full(let state) = cursor.state {
        fields["c"] = .array(changes.map(Self.change))
        // NB: a tap that did nothing (a placeholder swallowed it, or the feature ignored it):
        // what a developer asks of a tap on a redacted row.
        if step.origin == .outside, changes.isEmpty, step.effects.isEmpty {
          fields["z"] = .bool(true)
        }
        if spacing.keepsWhole(after: changes, state: state) {
          checkpoints.append(.array([.number(JSONNumber(index)), Self.tagged(state)]))
        }
      }
      steps.append(.object(fields))
    }
    let spansByStart = EffectEnding.spansByStart(recording)
    let spans: [JSONValue] = recording.effectSpans.enumerated().map { index, span in
      var fields: [String: JSONValue] = [
        "l": .number(JSONNumber(lanes.index(of: .effect(path: span.path)))),
        "s": .number(JSONNumber(span.startedAfter)),
      ]
      if let end = span.endedAfter { fields["e"] = .number(JSONNumber(end)) }
      if span.wasCancelled {
        fields["x"] = .bool(true)
        let ending = EffectEnding.of(
          spanAt: index, in: recording, startedAfter: spansByStart)
        if ending != .cancelled { fields["why"] = .string(ending.rawValue) }
      }
      if !span.cancelIDs.isEmpty { fields["i"] = .array(span.cancelIDs.map { .string($0) }) }
      return .object(fields)
    }
    var document: [String: JSONValue] = [
      "title": .string(title),
      "states": .string(recording.states.rawValue),
      "sensitive": .bool(recording.allowsSensitiveValues),
      "initial": Self.tagged(recording.initialState),
      "steps": .array(steps),
      "checkpoints": .array(checkpoints),
      "lanes": .array(lanes.names.map(JSONValue.string)),
      "spans": .array(spans),
    ]
    if !recording.unorderedCollections.isEmpty {
      document["collections"] = .array(
        recording.unorderedCollections.map {
          .array([
            .array($0.path.map { $0.map(JSONValue.string) ?? .null }), .string($0.kind.rawValue),
          ])
        })
    }
    if let incompleteness = recording.incompleteness {
      document["incomplete"] = .string(
        "The recording stops before step \(incompleteness.step): \(incompleteness.reason)")
    }
    self.document = .object(document)
  }

  /// `["set", path, value]`, `["remove", path]`, `["splice", path, offset, count, elements]` or
  /// `["text", path, offset, count, text]` (offsets in UTF-16 code units, JavaScript's own).
  static func change(_ change: StateChange) -> JSONValue {
    let path = JSONValue.array(
      change.path.map {
        switch $0 {
        case .key(let key): .string(key)
        case .index(let index): .number(JSONNumber(index))
        }
      })
    switch change.operation {
    case .set(let value): return .array([.string("set"), path, tagged(value)])
    case .remove: return .array([.string("remove"), path])
    case .splice(let offset, let count, let elements):
      return .array([
        .string("splice"), path, .number(JSONNumber(offset)), .number(JSONNumber(count)),
        .array(elements.map(tagged)),
      ])
    case .spliceText(let offset, let count, let text):
      return .array([
        .string("text"), path, .number(JSONNumber(offset)), .number(JSONNumber(count)),
        .string(text),
      ])
    }
  }

  /// The paths of the effect work each step cancelled, by step number.
  static func cancelledWork(_ recording: Recording) -> [Int: [String]] {
    var cancelled: [Int: [String]] = [:]
    for span in recording.effectSpans where span.wasCancelled {
      if let end = span.endedAfter { cancelled[end, default: []].append(span.path) }
    }
    return cancelled
  }

  /// A step's effect events as the page lists them: without a cancellation of a collection's
  /// removed elements, or of all of an instance's work, that stopped no work — the cancellation
  /// a stack returns with every push (its ids changed), which read as if the push cancelled
  /// something. `cancelling` is the paths of the work the step cancelled.
  static func shownEffects(_ events: [EffectEvent], cancelling: [String]) -> [EffectEvent] {
    events.filter { event in
      guard case .cancelled(let path, let id) = event, id == "removed elements" || id == "all"
      else { return true }
      return cancelling.contains { EffectEnding.isWithin($0, path) }
    }
  }

  /// `value` with every number JavaScript would round kept as text, and marker-like keys
  /// escaped.
  static func tagged(_ value: JSONValue) -> JSONValue {
    switch value {
    case .null, .bool, .string: return value
    case .number(let number):
      return isExactInJavaScript(number.text)
        ? value : .object([numberTag: .string(number.text)])
    case .array(let elements): return .array(elements.map(tagged))
    case .object(let fields):
      var escaped: [String: JSONValue] = [:]
      escaped.reserveCapacity(fields.count)
      for (key, field) in fields {
        escaped[key.hasPrefix("\u{0}") ? "\u{0}" + key : key] = tagged(field)
      }
      return .object(escaped)
    }
  }

  /// Whether JavaScript reads and prints `text` back unchanged: an integer of at most 15
  /// digits (every such integer is below 2^53).
  static func isExactInJavaScript(_ text: String) -> Bool {
    let digits = text.utf8.drop { $0 == UInt8(ascii: "-") }
    return !digits.isEmpty && digits.count <= 15
      && digits.allSatisfy { (0x30...0x39).contains($0) } && text != "-0"
  }
}

/// The page's lanes: where actions come from — outside (the view, the user), each feature
/// instance's effects in the order they first appear, and changes outside the reducers.
struct LaneTable {
  private(set) var names: [String] = ["outside"]
  private var indices: [String: Int] = ["outside": 0]

  mutating func index(of origin: Recording.Origin) -> Int {
    let name =
      switch origin {
      case .outside: "outside"
      case .effect(let path): path
      case .changedOutside: "changed outside"
      }
    if let index = indices[name] { return index }
    indices[name] = names.count
    names.append(name)
    return names.count - 1
  }
}
