/// A writable key path into a feature's state, with the stored property's offset when it has
/// one, so that a child's state is mutated in place without a call into the key path runtime.
///
/// NB: the offset path measured 213 → 172 ns for an action ten `Scope`s deep
/// (`benchmarks --filter Scopes`): each runtime key-path projection retains and releases the key
/// path and walks its components.
@usableFromInline
struct StatePath<Root, Value> {
  @usableFromInline let keyPath: WritableKeyPath<Root, Value>
  /// The stored property's offset, or ``StoredOffset/computed``.
  @usableFromInline let offset: StoredOffset

  @inlinable
  init(_ keyPath: WritableKeyPath<Root, Value>) {
    self.keyPath = keyPath
    self.offset = StoredOffset(of: keyPath)
  }

  /// A path whose value is reached in place only when `inPlace` holds: a `Scope` whose child
  /// has no built body takes the key path, so that one test covers both.
  @inlinable
  init(_ keyPath: WritableKeyPath<Root, Value>, inPlace: Bool) {
    self.keyPath = keyPath
    self.offset = inPlace ? StoredOffset(of: keyPath) : .computed
  }

  /// Runs `body` on the value at this path inside `root`, in place.
  @inlinable
  func modify<Result>(_ root: inout Root, _ body: (inout Value) -> Result) -> Result {
    guard offset.isStored else { return body(&root[keyPath: keyPath]) }
    return modifyInPlace(&root, body)
  }

  /// Runs `body` on the value at this path's offset inside `root`; the offset must be stored.
  @inlinable @inline(__always)
  func modifyInPlace<Result>(_ root: inout Root, _ body: (inout Value) -> Result) -> Result {
    #if REDUCERKIT_INTERNAL_CHECKS
      InternalChecks.verify(
        inPlace: offset.read(&root, as: Value.self), throughKeyPath: root[keyPath: keyPath],
        keyPath, offset)
    #endif
    return offset.modify(&root, body)
  }
}

/// A key path a store reads its state through, with the stored property's offset when it has
/// one, found once where the key path is captured: a store's scoping, a row store, an observed
/// part.
///
/// NB: the key-path runtime's read (`swift_getAtKeyPath`) cost about 510 instructions here, most
/// of them looking up generic metadata it instantiates on every call; nine such reads were a
/// third of the observed screen's instructions per action
/// (`Benchmarks/instructions.sh "observed screen: ids + 10"`). The pointer is to a copy of the
/// root made for the read, and used only inside it.
@usableFromInline
struct StateReader<Root, Value> {
  @usableFromInline let keyPath: KeyPath<Root, Value>
  /// The stored property's offset, or ``StoredOffset/computed``.
  @usableFromInline let offset: StoredOffset

  @inlinable
  init(_ keyPath: KeyPath<Root, Value>) {
    self.keyPath = keyPath
    self.offset = StoredOffset(of: keyPath)
  }

  /// The value at this path in `root`.
  @inlinable
  func read(_ root: Root) -> Value {
    Self.read(root, at: offset, through: keyPath)
  }

  /// What `body` reads from the value at this path in `root`, given a pointer to it valid during
  /// the call: where the path has an offset, the value is not copied (a check after every action
  /// reads a collection's stamp, not the collection).
  @inlinable
  func project<Result>(_ root: Root, _ body: (UnsafePointer<Value>) -> Result) -> Result {
    guard offset.isStored else {
      var value = root[keyPath: keyPath]
      return withUnsafePointer(to: &value, body)
    }
    return withUnsafePointer(to: root) { pointer in
      #if REDUCERKIT_INTERNAL_CHECKS
        InternalChecks.verify(
          inPlace: offset.load(from: pointer, as: Value.self),
          throughKeyPath: root[keyPath: keyPath], keyPath, offset)
      #endif
      return body(offset.pointer(in: pointer))
    }
  }

  /// The value at `offset` in `root` (found with ``StoredOffset/init(of:)``), or through
  /// `keyPath` where the offset is ``StoredOffset/computed``.
  @inlinable
  static func read(_ root: Root, at offset: StoredOffset, through keyPath: KeyPath<Root, Value>)
    -> Value
  {
    guard offset.isStored else { return root[keyPath: keyPath] }
    return withUnsafePointer(to: root) { pointer in
      let value = offset.load(from: pointer, as: Value.self)
      #if REDUCERKIT_INTERNAL_CHECKS
        InternalChecks.verify(
          inPlace: value, throughKeyPath: root[keyPath: keyPath], keyPath, offset)
      #endif
      return value
    }
  }
}
