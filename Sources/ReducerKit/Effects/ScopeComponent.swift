/// One step of a scope path: where a child feature instance lives inside its parent.
///
/// `Scope`, `ifLet`, `ifCaseLet` and `forEach` file every effect their child returns under a
/// component (the child's key path, plus the element id for `forEach`). The chain of components
/// from the root down is the *scope path* of the reducer that returned the effect; cancel ids
/// are qualified by it, so two instances of one feature never touch each other's effects.
///
/// NB: `@unchecked Sendable`: components are made only from key paths (immutable), from
/// `Sendable` ids and from the `Sendable` markers in this file.
@usableFromInline
struct ScopeComponent: Hashable, @unchecked Sendable {
  /// The child's place in its parent: a key path, or a ``CaseComponent``.
  @usableFromInline let key: AnyHashable
  /// The element id, for a child that is one element of a collection.
  @usableFromInline let id: AnyHashable?

  @inlinable
  init(key: AnyHashable, id: AnyHashable? = nil) {
    self.key = key
    self.id = id
  }

  /// The steps this component adds to a path: the key, then the element id if any. A
  /// collection's elements are children of the collection's step, so that its owner can cancel
  /// the effects of every element it no longer holds.
  var steps: [PathStep] {
    guard let id else { return [.key(key)] }
    return [.key(key), .element(id)]
  }
}

/// A step of a path in the effect runtime's tree of instances.
///
/// NB: `@unchecked Sendable` for the same reason as ``ScopeComponent``.
/// A key path with the name to show for it, where the key path's own description has none
/// (the projected value `\.$destination` describes itself as a computed property).
@usableFromInline
struct NamedKey: Hashable, @unchecked Sendable {
  @usableFromInline let keyPath: AnyKeyPath
  let name: String

  @usableFromInline
  init(_ keyPath: AnyKeyPath, name: String) {
    self.keyPath = keyPath
    self.name = name
  }

  @usableFromInline static func == (lhs: Self, rhs: Self) -> Bool { lhs.keyPath == rhs.keyPath }
  @usableFromInline func hash(into hasher: inout Hasher) { hasher.combine(keyPath) }
}

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

/// The key of an `ifCaseLet` child: the case's state type and the call site, which tell apart
/// two `ifCaseLet`s of one reducer.
@usableFromInline
struct CaseComponent: Hashable, Sendable, CustomStringConvertible {
  let type: ObjectIdentifier
  let name: String
  let location: SourceLocation

  @usableFromInline
  init(_ type: Any.Type, location: SourceLocation) {
    self.type = ObjectIdentifier(type)
    self.name = StateDump.typeName(type)
    self.location = location
  }

  @usableFromInline
  var description: String { "(case \(name))" }
}
