/// Where a value sits in its root's bytes when it sits at one place for every value of the root
/// (a stored property, however deep, of structs held inline), or one of the named states where
/// it does not: the one type every in-place read and write of the kit goes through.
///
/// A key path's projection through the runtime (`swift_getAtKeyPath`, or `modify` through a
/// writable key path) retains the key path, walks its components and, for a generic root, looks
/// up metadata on every call. Where the value has an offset, the kit reads and writes it there
/// instead; where it has none (`computed`), it goes through the key path as before. Every
/// figure behind a use is in CONTRIBUTING's "Performance notes"; "How state is read in place"
/// in `Maintaining the kit` explains the whole.
///
/// NB: an `Int` with sentinels, not an enum or an `Int?`: no tag to load and test at each level
/// of a scoped send (ten `Scope`s deep, 639 → 628 instructions against `Int?`). The states are
/// named here and nowhere else spelled as numbers.
@usableFromInline
package struct StoredOffset: Equatable, Sendable, CustomStringConvertible {
  /// The byte offset; negative values are the named states below.
  @usableFromInline package let rawValue: Int

  @inlinable
  init(rawValue: Int) { self.rawValue = rawValue }

  /// The value has no offset: the key path reaches it through a computed property, an optional,
  /// an enum's payload or a class. Reads and writes go through the key path.
  @inlinable static var computed: Self { Self(rawValue: -1) }

  /// Not looked for yet: a `PresentationStorage` until the presentation's first action.
  @inlinable static var unresolved: Self { Self(rawValue: -2) }

  /// The root itself.
  @inlinable static var zero: Self { Self(rawValue: 0) }

  /// The offset of `keyPath`'s value in its root, or ``computed``.
  @inlinable
  init<Root, Value>(of keyPath: KeyPath<Root, Value>) {
    self.rawValue = MemoryLayout<Root>.offset(of: keyPath) ?? -1
  }

  /// Whether the value is at this offset (not one of the named states).
  @inlinable var isStored: Bool { rawValue >= 0 }

  /// The offset of a value at `other` inside the value at this offset, where both are stored
  /// (the caller has tested them): no test here, on the path of every in-place read.
  @inlinable
  func adding(stored other: Self) -> Self { Self(rawValue: rawValue &+ other.rawValue) }

  /// The value at this offset in the memory at `base`, which must hold the root; this offset
  /// must be stored.
  @inlinable
  func load<Value>(from base: UnsafeRawPointer, as _: Value.Type = Value.self) -> Value {
    base.advanced(by: rawValue).assumingMemoryBound(to: Value.self).pointee
  }

  /// A pointer to the value at this offset in the memory at `base`, which must hold the root;
  /// this offset must be stored.
  @inlinable
  func pointer<Value>(in base: UnsafeRawPointer, to _: Value.Type = Value.self)
    -> UnsafePointer<Value>
  {
    UnsafePointer(base.advanced(by: rawValue).assumingMemoryBound(to: Value.self))
  }

  /// Runs `body` on the value at this offset in `root`, in place; this offset must be stored.
  // NB: the pointer is derived from the `inout` root and used only inside that access, so
  // exclusivity still holds.
  @inlinable
  func modify<Root, Value, Result>(
    _ root: inout Root, as _: Value.Type = Value.self, _ body: (inout Value) -> Result
  ) -> Result {
    withUnsafeMutablePointer(to: &root) { pointer in
      body(
        &UnsafeMutableRawPointer(pointer).advanced(by: rawValue)
          .assumingMemoryBound(to: Value.self).pointee)
    }
  }

  /// The value at this offset in `root`, read in place; this offset must be stored.
  @inlinable
  func read<Root, Value>(_ root: inout Root, as _: Value.Type = Value.self) -> Value {
    withUnsafeMutablePointer(to: &root) { load(from: UnsafeRawPointer($0)) }
  }

  @usableFromInline package var description: String {
    switch rawValue {
    case -1: "computed"
    case -2: "unresolved"
    default: "at \(rawValue)"
    }
  }
}
