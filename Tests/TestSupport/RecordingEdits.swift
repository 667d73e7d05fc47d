import Foundation
import ReducerKitRecording

/// Edits of a recording's JSON the way a hand, a tool or damage makes them — a number made
/// extreme, a field dropped or renamed, an element dropped, doubled or moved, a value of another
/// kind — for the fuzzers of everything that reads recordings.
public enum RecordingEdits {
  /// The integers most likely to overflow what reads them.
  public static let extremeNumbers: [JSONNumber] = [
    JSONNumber(Int.max), JSONNumber(Int.min), JSONNumber(UInt64.max), -1, 0, 1,
    JSONNumber(1 << 40), JSONNumber((1 << 40) + 1), JSONNumber(Int32.max),
    JSONNumber(text: "1e308")!, JSONNumber(text: "0.5")!,
    JSONNumber(text: "-99999999999999999999999")!,
  ]

  /// `file` with its step count and digest made to match what it holds: an edit by someone (or
  /// something) that knows the format, which only the reader's other checks can refuse.
  public static func signed(_ file: JSONValue) -> Data {
    guard case .object(var fields) = file else { return Data(file.canonicalText.utf8) }
    fields["digest"] = nil
    if case .array(let steps) = fields["steps"] {
      fields["stepCount"] = .number(JSONNumber(steps.count))
    }
    fields["digest"] = .string(RecordingCoder.digest(.object(fields)))
    return Data(JSONValue.object(fields).canonicalText.utf8)
  }

  /// Makes one random edit somewhere in `value`; returns what it did, for a failure's message.
  @discardableResult
  public static func edit(_ value: inout JSONValue, using random: inout FuzzRandom) -> String {
    var paths: [[JSONPathComponent]] = []
    collectPaths(value, at: [], into: &paths)
    let path = paths.randomElement(using: &random) ?? []
    var description = ""
    modify(&value, at: path[...]) { node in
      description = editNode(&node, using: &random)
    }
    return "\(JSONPathComponent.describe(path)): \(description)"
  }

  private static func editNode(_ node: inout JSONValue, using random: inout FuzzRandom) -> String {
    switch (node, Int.random(in: 0..<4, using: &random)) {
    case (.number, 0), (.number, 1):
      let number = extremeNumbers.randomElement(using: &random) ?? 0
      node = .number(number)
      return "the number made \(number)"
    case (.object(var fields), 0) where !fields.isEmpty:
      let key = fields.keys.sorted().randomElement(using: &random) ?? ""
      fields[key] = nil
      node = .object(fields)
      return "field \(key) dropped"
    case (.object(var fields), 1) where !fields.isEmpty:
      let key = fields.keys.sorted().randomElement(using: &random) ?? ""
      fields[key + "_"] = fields.removeValue(forKey: key)
      node = .object(fields)
      return "field \(key) renamed"
    case (.array(var elements), 0) where !elements.isEmpty:
      let index = Int.random(in: 0..<elements.count, using: &random)
      elements.remove(at: index)
      node = .array(elements)
      return "element \(index) dropped"
    case (.array(var elements), 1) where !elements.isEmpty:
      let index = Int.random(in: 0..<elements.count, using: &random)
      elements.insert(elements[index], at: index)
      node = .array(elements)
      return "element \(index) doubled"
    case (.array(var elements), 2) where elements.count > 1:
      let index = Int.random(in: 0..<(elements.count - 1), using: &random)
      elements.swapAt(index, index + 1)
      node = .array(elements)
      return "elements \(index) and \(index + 1) swapped"
    case (.string(let text), 0):
      node = .string(text + "x")
      return "the string made \(text)x"
    default:
      let values: [JSONValue] = [
        .null, .bool(true), .string(""), .array([]), .object([:]), .number(-1),
        .array([.number(JSONNumber(Int.max))]), .object(["full": .null]),
      ]
      node = values.randomElement(using: &random) ?? .null
      return "replaced by \(node.canonicalText)"
    }
  }

  private static func collectPaths(
    _ value: JSONValue, at path: [JSONPathComponent], into paths: inout [[JSONPathComponent]]
  ) {
    paths.append(path)
    switch value {
    case .object(let fields):
      for key in fields.keys.sorted() {
        collectPaths(fields[key] ?? .null, at: path + [.key(key)], into: &paths)
      }
    case .array(let elements):
      for (index, element) in elements.enumerated() {
        collectPaths(element, at: path + [.index(index)], into: &paths)
      }
    default: break
    }
  }

  private static func modify(
    _ value: inout JSONValue, at path: ArraySlice<JSONPathComponent>,
    _ body: (inout JSONValue) -> Void
  ) {
    guard let first = path.first else { return body(&value) }
    switch (first, value) {
    case (.key(let key), .object(var fields)):
      var child = fields[key] ?? .null
      modify(&child, at: path.dropFirst(), body)
      fields[key] = child
      value = .object(fields)
    case (.index(let index), .array(var elements)) where elements.indices.contains(index):
      modify(&elements[index], at: path.dropFirst(), body)
      value = .array(elements)
    default: break
    }
  }
}
