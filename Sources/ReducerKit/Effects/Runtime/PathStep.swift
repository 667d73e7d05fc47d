/// A step of a path in the effect runtime's tree of instances: a child's key, or an element's
/// id below its collection's key.
///
/// NB: `@unchecked Sendable` for the same reason as ``ScopeComponent``: its keys and ids are
/// made from key paths and `Sendable` values.
@usableFromInline
enum PathStep: Hashable, @unchecked Sendable, CustomStringConvertible {
  case key(AnyHashable)
  case element(AnyHashable)

  @usableFromInline
  var description: String {
    switch self {
    case .key(let key): Self.describe(key: key)
    case .element(let id): "[id: \(ReducerKit.describe(id.base))]"
    }
  }

  /// A readable name for a key: `rows` for the key path `\Feature.State.rows`.
  static func describe(key: AnyHashable) -> String {
    if let named = key.base as? NamedKey { return named.name }
    guard let keyPath = key.base as? AnyKeyPath else { return "\(key.base)" }
    var text = "\(keyPath)"
    if text.hasPrefix("\\") { text.removeFirst() }
    // NB: drop the root type's (possibly nested) name: its segments start with a capital.
    let segments = text.split(separator: ".")
    let properties = segments.drop { $0.first?.isUppercase == true }
    return properties.isEmpty ? text : properties.joined(separator: ".")
  }

  /// How a path prints in messages: `rows[id: 3] → detail`.
  static func describe(path: [PathStep]) -> String {
    guard !path.isEmpty else { return "the root feature" }
    var text = ""
    for step in path {
      if case .key = step, !text.isEmpty { text += " → " }
      text += step.description
    }
    return text
  }
}
