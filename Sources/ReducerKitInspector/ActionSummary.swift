import ReducerKit
import ReducerKitRecording

/// An action's name for the page, read from its recorded JSON: the chain of its enum cases
/// as a Swift enum's `Codable` conformance writes them, with what a debugger looks for first —
/// the element an action is for and the field a binding sets
/// (`articles[id: 1].favoriteTapped`, `editor.presented.binding(\.title = "Draft")`).
enum ActionSummary {
  /// The chain of cases: each single-field object is a case; its payload (`_0`, or a labelled
  /// tuple) continues into the field that is itself a case, preferring one named `action`. An
  /// `element(id:action:)` case names its element by id; a binding names its field and value.
  static func name(of action: JSONValue) -> String {
    var names: [String] = []
    var value = action
    while names.count < 32, case .object(let fields) = value, fields.count == 1,
      let (name, payload) = fields.first
    {
      if name == "binding", let (field, set) = binding(in: payload) {
        names.append("binding(\\.\(field) = \(short(set)))")
        break
      }
      if name == "element", !names.isEmpty, case .object(let labelled) = payload,
        let id = labelled["id"], labelled["action"] != nil
      {
        names[names.count - 1] += "[id: \(short(id))]"
      } else {
        names.append(name)
      }
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

  /// The field and value of a binding action's payload (`{"_0": {"field": …, "value": …}}`).
  private static func binding(in payload: JSONValue) -> (String, JSONValue)? {
    guard case .object(let fields) = payload, fields.count == 1,
      case .object(let binding)? = fields["_0"], binding.count == 2,
      case .string(let field)? = binding["field"], let value = binding["value"]
    else { return nil }
    return (field, value)
  }

  /// A value as a name shows it: its JSON, cut to 40 characters.
  private static func short(_ value: JSONValue) -> String {
    let text = value.canonicalText
    return text.count <= 40 ? text : String(text.prefix(39)) + "…"
  }

  /// Whether `value` reads as an enum case: an object of one field whose value is an object.
  private static func isCase(_ value: JSONValue) -> Bool {
    guard case .object(let fields) = value, fields.count == 1, case .object = fields.first?.value
    else { return false }
    return true
  }
}
