// NB: the associated types are named like `CasePath`'s generic parameters, which witness them:
// named `Root` and `Value`, they would shadow a feature named `Root` inside `extension CasePath`.
/// How a reducer the kit builds finds its child's actions among its parent's and wraps them
/// back: a ``CasePath`` (two closures), or one of the case-path plugin's case keys (the same two
/// operations as code of their own, inlined wherever the reducer is specialized).
///
/// You never write this type: `Scope(state: \.child, action: \.child)` takes a case key where
/// the plugin wrote one, and `action: .child` or a hand-written case path otherwise.
public protocol _ActionPath<EnumRoot>: Sendable {
  /// The enum that holds the case.
  associatedtype EnumRoot
  /// The case's payload.
  associatedtype CaseValue
  /// The payload of the case, or `nil` when `root` is in another case.
  func _extract(_ root: EnumRoot) -> CaseValue?
  /// Wraps a payload in the case, as a function an effect keeps.
  var _embedding: @Sendable (CaseValue) -> EnumRoot { get }
}

extension CasePath: _ActionPath {
  /// Calls ``extract``.
  @inlinable @inline(__always)
  public func _extract(_ root: EnumRoot) -> CaseValue? { extract(root) }

  /// ``embed``.
  @inlinable @inline(__always)
  public var _embedding: @Sendable (CaseValue) -> EnumRoot { embed }
}

/// One case of an enum as a type of its own, which the case-path plugin writes per case (in the
/// enum's `_CaseKeys`): `\.child` resolves to it where a reducer takes an action path, so that
/// the reducer's type names the case and an action reaches the child through a `switch`
/// compiled into it, not through a closure.
///
/// Everywhere else (`receive(\.child)`, `action[case: \.child]`, a ``CaseKeyPath`` variable)
/// `\.child` stays a ``CaseKeyPath``.
public protocol _CaseKey<EnumRoot>: _ActionPath {
  /// The key: it holds nothing.
  init()
  /// The payload of the case, or `nil` when `root` is in another case.
  func extract(_ root: EnumRoot) -> CaseValue?
  // NB: the case's constructor is reached through its static case path: a property of function
  // type spelled `(CaseValue) -> EnumRoot` in the generated key would take a payload that is
  // itself a function (`case run(@Sendable () -> Int)`) as non-escaping.
  /// The case's static case path (the plugin writes both): its constructor wraps a payload.
  static var casePath: CasePath<EnumRoot, CaseValue> { get }
}

extension _CaseKey {
  /// Calls ``extract(_:)``.
  @inlinable @inline(__always)
  public func _extract(_ root: EnumRoot) -> CaseValue? { extract(root) }

  /// The case's constructor.
  @inlinable
  public var _embedding: @Sendable (CaseValue) -> EnumRoot { Self.casePath.embed }
}

/// What a ``CasePathable`` enum has when the case-path plugin did not write its case keys (the
/// kit's own enums, a hand-written conformance): no member, so `\.child` is always a
/// ``CaseKeyPath`` there.
public struct _NoCaseKeys: Sendable {}

extension Case where Root == Value, Value: CasePathable {
  /// The case named `keyPath`, as the plugin's key type: what `\.child` is where a reducer takes
  /// an action path (`Scope(state: \.child, action: \.child)`).
  /// - Parameter keyPath: A property of the enum's `_CaseKeys`.
  public subscript<Key: _CaseKey>(dynamicMember keyPath: KeyPath<Value._CaseKeys, Key>) -> Key
  where Key.EnumRoot == Root {
    Key()
  }
}

extension _CaseKey {
  /// Whether `root` is in this key's case: what `is(\.child)` asks where `\.child` resolved to
  /// the key.
  func matches(_ root: EnumRoot) -> Bool { extract(root) != nil }
}
