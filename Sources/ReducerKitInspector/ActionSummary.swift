import ReducerKit
import ReducerKitRecording

/// An action's name for the page, read from its recorded JSON: the chain of its enum cases
/// (`articles.element.favoriteTapped`), as a Swift enum's `Codable` conformance writes them.
enum ActionSummary {
  /// The chain of cases: each single-field object is a case; its payload (`_0`, or a labelled
  /// tuple) continues into the field that is itself a case, preferring one named `action`.
  static func name(of action: JSONValue) -> String {
    var names: [String] = []
    var value = action
    while names.count < 32, case .object(let fields) = value, fields.count == 1,
      let (name, payload) = fields.first
    {
      names.append(name)
      guard let next = continuation(of: payload) else { break }
      value = next
    }
    switch (names.isEmpty, action) {
    case (false, _): return names.joined(separator: ".")
    case (true, .null): return "(state changed outside)"
    case (true, .string(let text)): return text
    default: return "(action)"
    }
  }

  /// Where the chain goes on from a case's payload: the payload of `_0` alone, or the labelled
  /// field holding a case.
  private static func continuation(of payload: JSONValue) -> JSONValue? {
    guard case .object(let fields) = payload, !fields.isEmpty else { return nil }
    if fields.count == 1, let only = fields["_0"] { return isCase(only) ? only : nil }
    if let action = fields["action"], isCase(action) { return action }
    return fields.keys.sorted().lazy.compactMap { fields[$0] }.first(where: isCase)
  }

  /// Whether `value` reads as an enum case: an object of one field whose value is an object.
  private static func isCase(_ value: JSONValue) -> Bool {
    guard case .object(let fields) = value, fields.count == 1, case .object = fields.first?.value
    else { return false }
    return true
  }
}
