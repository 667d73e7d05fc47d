import Foundation
import ReducerKit

extension Recording {
  /// Reads a recording from the JSON ``jsonData()`` wrote, every number exactly.
  ///
  /// The reader is strict, as a recording is outside data: RFC 8259 JSON only, no field it does
  /// not know, every count and offset in range, and the step count and digest the file states
  /// checked against what it holds — so a file that was cut short, edited or damaged is refused,
  /// naming what is wrong, rather than replayed as a pass. (The digest finds damage, not
  /// forgery: anyone can write a file with a digest that matches.)
  /// - Parameter data: The JSON.
  /// - Returns: The recording.
  /// - Throws: `DecodingError.dataCorrupted` naming the byte or the field that is wrong.
  public static func decode(_ data: Data) throws -> Recording {
    let json = try JSONParser.parse(data)
    let root = JSONFields(json, at: "the recording")
    let format = try root.int("format")
    guard readableFormats.contains(format) else {
      throw JSONFields.corrupted(
        "The recording's format \(format) is not one this version reads "
          + "(\(readableFormats.lowerBound) to \(currentFormat)); record it again with this version."
      )
    }
    try root.onlyKnown([
      "format", "states", "allowsSensitiveValues", "initialState", "nextStackElementID", "steps",
      "effectSpans", "incomplete", "stepCount", "digest", "collections",
    ])
    let stateText = try root.string("states")
    guard let states = StateRecording(rawValue: stateText) else {
      throw JSONFields.corrupted("states: expected \"full\" or \"digest\", found \"\(stateText)\".")
    }
    let incompleteness = try root.optional("incomplete").map {
      let fields = JSONFields($0, at: "the recording.incomplete")
      try fields.onlyKnown(["step", "reason"])
      return Incompleteness(
        step: try fields.count("step", from: 1),
        reason: try fields.string("reason"))
    }
    let stepsJSON = try root.array("steps")
    let stepCount = try root.count("stepCount")
    guard stepCount == stepsJSON.count else {
      throw JSONFields.corrupted(
        "the recording.steps: the file says it has \(stepCount) steps, and it holds "
          + "\(stepsJSON.count): it was cut short or edited.")
    }
    let steps = try stepsJSON.enumerated().map { index, step in
      try Step(json: JSONFields(step, at: "the recording.steps[\(index)]"))
    }
    var latest = Duration.zero
    for (index, step) in steps.enumerated() {
      guard let time = step.time else { continue }
      guard time >= latest else {
        throw JSONFields.corrupted(
          "the recording.steps[\(index)].time: earlier than a step before it; times only grow.")
      }
      latest = time
    }
    let spansJSON = try root.optional("effectSpans").map { _ in try root.array("effectSpans") }
    let spans = try (spansJSON ?? []).enumerated().map { index, span in
      try EffectSpan(
        json: JSONFields(span, at: "the recording.effectSpans[\(index)]"), index: index,
        stepCount: stepCount)
    }
    let collections = try root.optional("collections").map { _ in
      try root.array("collections").enumerated().map { index, entry in
        try UnorderedCollection(json: JSONFields(entry, at: "the recording.collections[\(index)]"))
      }
    }
    let recording = Recording(
      states: states, allowsSensitiveValues: try root.bool("allowsSensitiveValues"),
      initialState: try root.value("initialState"),
      nextStackElementID: try root.count("nextStackElementID"), steps: steps, effectSpans: spans,
      // NB: read as this version's format: 3 is 4 without text splices, and a recording of 4
      // that splices none is written as 3 (see `writtenFormat`).
      incompleteness: incompleteness, unorderedCollections: collections ?? [],
      format: currentFormat)
    let stated = try root.string("digest")
    // NB: the digest of the content as read (every field but the digest), which is what the
    // writer digested: no second tree is built from the recording.
    guard case .object(var content) = json else { throw JSONFields.corrupted("expected an object") }
    content["digest"] = nil
    let digest = RecordingCoder.digest(.object(content))
    guard stated == digest else {
      throw JSONFields.corrupted(
        "the recording.digest: the file says \(stated), and what it holds has the digest "
          + "\(digest): its steps, states or actions were edited or damaged.")
    }
    return recording
  }

  /// The recording as canonical JSON, indented so that it diffs well under version control:
  /// keys sorted, numbers exact, equal recordings byte for byte equal.
  /// - Returns: The JSON.
  public func jsonData() -> Data {
    Data(JSONWriter.indented(contentFields, digestKey: "digest"))
  }

  /// The format written: 3 for a recording of this format that splices no text, which is what
  /// format 3 holds, so that a reader of 3 (ReducerKit 0.1) still reads it, and its bytes are
  /// those it had.
  var writtenFormat: Int {
    guard format == 4 else { return format }
    let splicesText = steps.contains { step in
      guard case .changes(let changes) = step.state else { return false }
      return changes.contains {
        if case .spliceText = $0.operation { true } else { false }
      }
    }
    return splicesText ? 4 : 3
  }

  /// The recording's fields, without its digest.
  private var contentFields: [String: JSONValue] {
    var fields: [String: JSONValue] = [
      "format": .number(JSONNumber(writtenFormat)),
      "states": .string(states.rawValue),
      "allowsSensitiveValues": .bool(allowsSensitiveValues),
      "initialState": initialState,
      "nextStackElementID": .number(JSONNumber(nextStackElementID)),
      "steps": .array(steps.map(\.json)),
      "stepCount": .number(JSONNumber(steps.count)),
    ]
    // NB: written only when there are any, so that a recording without effects reads as before.
    if !effectSpans.isEmpty { fields["effectSpans"] = .array(effectSpans.map(\.json)) }
    if !unorderedCollections.isEmpty {
      fields["collections"] = .array(unorderedCollections.map(\.json))
    }
    if let incompleteness {
      fields["incomplete"] = .object([
        "step": .number(JSONNumber(incompleteness.step)),
        "reason": .string(incompleteness.reason),
      ])
    }
    return fields
  }
}

extension Recording.EffectSpan {
  /// `{"path": …, "startedAfter": 3, "endedAfter": 5, "cancelled": true, "parent": 0,
  /// "cancelIDs": ["load"]}`, all but the first two only when they apply.
  var json: JSONValue {
    var fields: [String: JSONValue] = [
      "path": .string(path), "startedAfter": .number(JSONNumber(startedAfter)),
    ]
    if let parent { fields["parent"] = .number(JSONNumber(parent)) }
    if let endedAfter { fields["endedAfter"] = .number(JSONNumber(endedAfter)) }
    if wasCancelled { fields["cancelled"] = .bool(true) }
    if !cancelIDs.isEmpty { fields["cancelIDs"] = .array(cancelIDs.map { .string($0) }) }
    return .object(fields)
  }

  /// Reads the span at `index`, which must start and end within the recording's steps, end
  /// after it starts, and be part only of a span that started before it.
  init(json fields: JSONFields, index: Int, stepCount: Int) throws {
    try fields.onlyKnown(["path", "startedAfter", "parent", "endedAfter", "cancelled", "cancelIDs"])
    let startedAfter = try fields.count("startedAfter", through: stepCount)
    self.init(
      path: try fields.string("path"), startedAfter: startedAfter,
      parent: fields.has("parent") ? try fields.count("parent", through: index - 1) : nil,
      endedAfter: fields.has("endedAfter")
        ? try fields.count("endedAfter", from: startedAfter, through: stepCount) : nil,
      wasCancelled: fields.has("cancelled") ? try fields.bool("cancelled") : false,
      cancelIDs: fields.has("cancelIDs") ? try fields.strings("cancelIDs") : [])
  }
}

extension Recording.Step {
  var json: JSONValue {
    var fields: [String: JSONValue] = [
      "action": action, "origin": origin.json, "effects": .array(effects.map(\.json)),
      "state": state.json,
    ]
    if !issues.isEmpty { fields["issues"] = .array(issues.map(JSONValue.string)) }
    if let time { fields["time"] = .number(JSONNumber(Self.microseconds(time))) }
    return .object(fields)
  }

  /// `time` in whole microseconds (what a file keeps: `"time": 1250000` is 1.25 s).
  package static func microseconds(_ time: Duration) -> Int64 {
    let (seconds, attoseconds) = time.components
    return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
  }

  init(json fields: JSONFields) throws {
    try fields.onlyKnown(["action", "origin", "effects", "issues", "state", "time"])
    self.init(
      action: try fields.value("action"),
      origin: try Recording.Origin(json: fields.field("origin")),
      effects: try fields.array("effects").enumerated().map {
        try Recording.EffectEvent(json: JSONFields($1, at: "\(fields.place).effects[\($0)]"))
      },
      issues: try (fields.optional("issues").map { _ in try fields.array("issues") } ?? [])
        .enumerated().map {
          guard case .string(let text) = $1 else {
            throw JSONFields.corrupted("\(fields.place).issues[\($0)]: expected a string.")
          }
          return text
        },
      state: try RecordedValue(json: fields.field("state")),
      time: try fields.optional("time").map { _ in
        .microseconds(try fields.count("time", through: Self.latestTime))
      })
  }

  /// The latest time a file may give a step: a hundred years, in microseconds.
  static let latestTime = 100 * 366 * 86_400 * 1_000_000
}

extension Recording.Origin {
  var json: JSONValue {
    switch self {
    case .outside: .string("outside")
    case .changedOutside: .string("changedOutside")
    case .effect(let path): .object(["effect": .string(path)])
    }
  }

  init(json fields: JSONFields) throws {
    switch fields.value {
    case .string("outside"): self = .outside
    case .string("changedOutside"): self = .changedOutside
    case .object:
      try fields.onlyKnown(["effect"])
      self = .effect(path: try fields.string("effect"))
    default:
      throw JSONFields.corrupted(
        "\(fields.place): expected \"outside\", \"changedOutside\" or {\"effect\": path}.")
    }
  }
}

extension Recording.EffectEvent {
  var json: JSONValue {
    switch self {
    case .started(let path): .object(["started": .string(path)])
    case .sent(let path): .object(["sent": .string(path)])
    case .cancelled(let path, let id):
      .object(["cancelled": .object(["path": .string(path), "id": .string(id)])])
    }
  }

  init(json fields: JSONFields) throws {
    switch try fields.onlyKey(of: ["started", "sent", "cancelled"]) {
    case "started": self = .started(path: try fields.string("started"))
    case "sent": self = .sent(path: try fields.string("sent"))
    default:
      let cancelled = try fields.field("cancelled")
      try cancelled.onlyKnown(["path", "id"])
      self = .cancelled(path: try cancelled.string("path"), id: try cancelled.string("id"))
    }
  }
}

extension RecordedValue {
  var json: JSONValue {
    switch self {
    case .full(let value): .object(["full": value])
    case .digest(let digest): .object(["digest": .string(digest)])
    case .changes(let changes): .object(["changes": .array(changes.map(\.json))])
    }
  }

  init(json fields: JSONFields) throws {
    switch try fields.onlyKey(of: ["full", "digest", "changes"]) {
    case "full": self = .full(try fields.value("full"))
    case "digest": self = .digest(try fields.string("digest"))
    default:
      self = .changes(
        try fields.array("changes").enumerated().map {
          try StateChange(json: $1, at: "\(fields.place).changes[\($0)]")
        })
    }
  }
}

extension StateChange {
  /// `["set", path, value]`, `["remove", path]`, `["splice", path, offset, count, elements]` or
  /// `["text", path, offset, count, text]`.
  var json: JSONValue {
    let at = JSONValue.array(
      path.map {
        switch $0 {
        case .key(let key): .string(key)
        case .index(let index): .number(JSONNumber(index))
        }
      })
    switch operation {
    case .set(let value): return .array([.string("set"), at, value])
    case .remove: return .array([.string("remove"), at])
    case .splice(let offset, let count, let elements):
      return .array([
        .string("splice"), at, .number(JSONNumber(offset)), .number(JSONNumber(count)),
        .array(elements),
      ])
    case .spliceText(let offset, let count, let text):
      return .array([
        .string("text"), at, .number(JSONNumber(offset)), .number(JSONNumber(count)),
        .string(text),
      ])
    }
  }

  init(json: JSONValue, at place: String) throws {
    func bad() -> DecodingError {
      JSONFields.corrupted(
        "\(place): expected [\"set\", path, value], [\"remove\", path], "
          + "[\"splice\", path, offset, count, elements] or [\"text\", path, offset, count, text].")
    }
    guard case .array(let parts) = json, parts.count >= 2, case .array(let at) = parts[1] else {
      throw bad()
    }
    let path: [JSONPathComponent] = try at.map {
      switch $0 {
      case .string(let key): return .key(key)
      case .number(let number):
        guard let index = Int(number.text), (0...JSONFields.maximumCount).contains(index) else {
          throw bad()
        }
        return .index(index)
      default: throw bad()
      }
    }
    /// A splice's offset and count, each in range.
    func offsetAndCount() throws -> (offset: Int, count: Int) {
      let counts = 0...JSONFields.maximumCount
      guard case .number(let offset) = parts[2], let offset = Int(offset.text),
        counts.contains(offset), case .number(let count) = parts[3],
        let count = Int(count.text), counts.contains(count)
      else { throw bad() }
      return (offset, count)
    }
    switch (parts[0], parts.count) {
    case (.string("set"), 3): self.init(path: path, operation: .set(parts[2]))
    case (.string("remove"), 2): self.init(path: path, operation: .remove)
    case (.string("splice"), 5):
      guard case .array(let elements) = parts[4] else { throw bad() }
      let (offset, count) = try offsetAndCount()
      self.init(path: path, operation: .splice(offset: offset, count: count, elements: elements))
    case (.string("text"), 5):
      guard case .string(let text) = parts[4] else { throw bad() }
      let (offset, count) = try offsetAndCount()
      self.init(path: path, operation: .spliceText(offset: offset, count: count, text: text))
    default: throw bad()
    }
  }
}

/// An object of a recording being read, with where it is (`steps[3].origin`) for the errors.
struct JSONFields {
  let value: JSONValue
  let place: String

  init(_ value: JSONValue, at place: String) {
    self.value = value
    self.place = place
  }

  /// The largest count, offset or index a recording may hold (2^40): far beyond any session,
  /// and small enough that adding two never overflows.
  static let maximumCount = 1 << 40

  static func corrupted(_ message: String) -> DecodingError {
    .dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: message))
  }

  func has(_ key: String) -> Bool {
    guard case .object(let fields) = value else { return false }
    return fields[key] != nil
  }

  func optional(_ key: String) throws -> JSONValue? {
    guard case .object(let fields) = value else {
      throw Self.corrupted("\(place): expected an object.")
    }
    return fields[key]
  }

  func value(_ key: String) throws -> JSONValue {
    guard let value = try optional(key) else {
      throw Self.corrupted("\(place): the field \"\(key)\" is missing.")
    }
    return value
  }

  func field(_ key: String) throws -> JSONFields {
    JSONFields(try value(key), at: "\(place).\(key)")
  }

  func string(_ key: String) throws -> String {
    guard case .string(let text) = try value(key) else {
      throw Self.corrupted("\(place).\(key): expected a string.")
    }
    return text
  }

  func int(_ key: String) throws -> Int {
    guard case .number(let number) = try value(key), let integer = Int(number.text) else {
      throw Self.corrupted("\(place).\(key): expected an integer.")
    }
    return integer
  }

  /// The integer at `key`, which must be from `lowest` through `highest` (a count by default).
  func count(_ key: String, from lowest: Int = 0, through highest: Int = maximumCount) throws
    -> Int
  {
    let integer = try int(key)
    guard lowest <= integer, integer <= highest else {
      throw Self.corrupted(
        lowest > highest
          ? "\(place).\(key): there can be none here, and the file has \(integer)."
          : "\(place).\(key): expected \(lowest) to \(highest), found \(integer).")
    }
    return integer
  }

  /// Refuses a field that is not one of `keys`, naming it: a misspelled or unknown field would
  /// otherwise be ignored, and what it meant lost.
  func onlyKnown(_ keys: Set<String>) throws {
    guard case .object(let fields) = value else {
      throw Self.corrupted("\(place): expected an object.")
    }
    if let unknown = fields.keys.filter({ !keys.contains($0) }).min() {
      throw Self.corrupted(
        "\(place).\(unknown): no such field in a recording (expected one of "
          + "\(keys.sorted().joined(separator: ", "))).")
    }
  }

  /// The one field of an object that must have exactly one of `keys`.
  func onlyKey(of keys: [String]) throws -> String {
    try onlyKnown(Set(keys))
    guard case .object(let fields) = value, fields.count == 1, let key = fields.keys.first else {
      throw Self.corrupted(
        "\(place): expected an object with one of \(keys.joined(separator: ", ")).")
    }
    return key
  }

  func bool(_ key: String) throws -> Bool {
    guard case .bool(let flag) = try value(key) else {
      throw Self.corrupted("\(place).\(key): expected true or false.")
    }
    return flag
  }

  func strings(_ key: String) throws -> [String] {
    try array(key).map {
      guard case .string(let text) = $0 else {
        throw Self.corrupted("\(place).\(key): expected an array of strings.")
      }
      return text
    }
  }

  func array(_ key: String) throws -> [JSONValue] {
    guard case .array(let elements) = try value(key) else {
      throw Self.corrupted("\(place).\(key): expected an array.")
    }
    return elements
  }
}
