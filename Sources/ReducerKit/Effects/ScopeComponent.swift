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

/// A key path with the name to show for it, where the key path's own description has none
/// (the projected value `\.$destination` describes itself as a computed property).
///
/// NB: `@unchecked Sendable`: a key path is immutable.
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
