/// A writable key path into a feature's state, with the stored property's offset when it has
/// one, so that a child's state is mutated in place without a call into the key path runtime.
///
/// NB: the offset path measured 213 → 172 ns for an action ten `Scope`s deep
/// (`benchmarks --filter Scopes`): each runtime key-path projection retains and releases the key
/// path and walks its components. The pointer is derived from the `inout` parent and used only
/// inside that access, so exclusivity still holds.
@usableFromInline
struct StatePath<Root, Value> {
  @usableFromInline let keyPath: WritableKeyPath<Root, Value>
  /// The stored property's offset, or `-1` where the key path has none (a computed property).
  // NB: an `Int` with a sentinel rather than an `Int?`: no tag byte to load and test at each
  // level (639 → 628 instructions for an action ten `Scope`s deep).
  @usableFromInline let offset: Int

  @inlinable
  init(_ keyPath: WritableKeyPath<Root, Value>) {
    self.keyPath = keyPath
    self.offset = MemoryLayout<Root>.offset(of: keyPath) ?? -1
  }

  /// Runs `body` on the value at this path inside `root`, in place.
  @inlinable
  func modify<Result>(_ root: inout Root, _ body: (inout Value) -> Result) -> Result {
    guard offset >= 0 else { return body(&root[keyPath: keyPath]) }
    return withUnsafeMutablePointer(to: &root) { pointer in
      body(
        &UnsafeMutableRawPointer(pointer).advanced(by: offset)
          .assumingMemoryBound(to: Value.self).pointee)
    }
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
  /// The stored property's offset, or `-1` where the key path has none.
  @usableFromInline let offset: Int

  @inlinable
  init(_ keyPath: KeyPath<Root, Value>) {
    self.keyPath = keyPath
    self.offset = MemoryLayout<Root>.offset(of: keyPath) ?? -1
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
    guard offset >= 0 else {
      var value = root[keyPath: keyPath]
      return withUnsafePointer(to: &value, body)
    }
    return withUnsafePointer(to: root) { pointer in
      body(UnsafeRawPointer(pointer).advanced(by: offset).assumingMemoryBound(to: Value.self))
    }
  }

  /// The value at `offset` in `root` (found with `MemoryLayout<Root>.offset(of: keyPath)`), or
  /// through `keyPath` where `offset` is `-1`.
  @inlinable
  static func read(_ root: Root, at offset: Int, through keyPath: KeyPath<Root, Value>) -> Value {
    guard offset >= 0 else { return root[keyPath: keyPath] }
    return withUnsafePointer(to: root) { pointer in
      UnsafeRawPointer(pointer).advanced(by: offset).assumingMemoryBound(to: Value.self).pointee
    }
  }
}

/// Lends a store's current state in place to `body`, as a pointer valid during the call only: a
/// read of one property then copies that property, not the whole state (``StateReader``).
@usableFromInline package typealias StateLender =
  @MainActor (_ body: (UnsafeRawPointer) -> Void) -> Void

extension StateReader {
  /// Lends `state` in place to `body`: what a store whose state is stored (the root's, a row's
  /// last read) gives as its ``StateLender``.
  // NB: `inout`, so that the pointer is to the stored state, not to a copy of it. The stores
  // that lend their state are on the main actor and do not send while `body` reads.
  @inlinable
  static func lend(_ state: inout Root, to body: (UnsafeRawPointer) -> Void) {
    withUnsafeMutablePointer(to: &state) { body(UnsafeRawPointer($0)) }
  }

  /// The value at `offset` in the state `lender` lends; what `fallback` reads (from a copy) if
  /// the lender lent nothing, which none of the kit's lenders does.
  @inlinable @MainActor
  static func read(
    lentBy lender: StateLender, at offset: Int, orElse fallback: () -> Value
  ) -> Value {
    var result: Value?
    lender { state in
      result = state.advanced(by: offset).assumingMemoryBound(to: Value.self).pointee
    }
    guard let result else { return fallback() }
    return result
  }

  /// What `body` reads from the value at `offset` in the state `lender` lends, given a pointer
  /// to it valid during the call; what `fallback` reads (from a copy) if the lender lent
  /// nothing, which none of the kit's lenders does.
  // NB: `body` escaping, so that the closure given to the lender may capture it; callers pass
  // a closure they keep, or one that captures nothing (no allocation either way).
  @inlinable @MainActor
  static func project<Result>(
    lentBy lender: StateLender, at offset: Int,
    _ body: @escaping (UnsafePointer<Value>) -> Result, orElse fallback: () -> Result
  ) -> Result {
    var result: Result?
    lender { state in
      result = body(state.advanced(by: offset).assumingMemoryBound(to: Value.self))
    }
    guard let result else { return fallback() }
    return result
  }
}

/// Where a row store's state is kept, at an address that stays put while the cell lives: the
/// row it read last, brought up to date before each read. The store reads a member at its
/// offset here, in place, without copying the row.
///
/// NB: against lending the row through closures (a call into the lender, one into the refresh,
/// one into the body): observed screen about 24,900 → 24,600 instructions per action
/// (`Benchmarks/instructions.sh "observed screen: ids + 10"`). The root's state stays inline
/// in its core, lent (``StateLender``): in a cell, a send reached it through one more pointer,
/// and its store's send closure, alike for every feature of the same shape, was merged with
/// theirs behind thunks (a counter send 42 → 58 instructions). The memory is the cell's:
/// whoever reads through it holds the cell.
@MainActor
@usableFromInline
package class StateCell {
  /// The state's address.
  @usableFromInline let address: UnsafeMutableRawPointer
  /// Whether `prepare()` must run before a read: a row's cell, which brings the row up to date.
  @usableFromInline let needsPreparing: Bool
  /// The state version the state was last brought up to, for a cell that prepares.
  // NB: `@exclusivity(unchecked)`: main-actor only, never accessed re-entrantly.
  @exclusivity(unchecked) @usableFromInline var version: UInt64 = .max

  @usableFromInline
  init(address: UnsafeMutableRawPointer, needsPreparing: Bool) {
    self.address = address
    self.needsPreparing = needsPreparing
  }

  /// Brings the state up to date before a read.
  @usableFromInline
  func prepare() {}

  /// The value at `offset` in the state.
  @inlinable
  final func read<Value>(at offset: Int) -> Value {
    if needsPreparing { prepare() }
    return address.advanced(by: offset).assumingMemoryBound(to: Value.self).pointee
  }

  /// What `body` reads from the value at `offset` in the state, given a pointer to it valid
  /// during the call.
  @inlinable
  final func project<Value, Result>(
    at offset: Int, _ body: (UnsafePointer<Value>) -> Result
  ) -> Result {
    if needsPreparing { prepare() }
    return body(UnsafePointer(address.advanced(by: offset).assumingMemoryBound(to: Value.self)))
  }
}

/// A ``StateCell`` holding a `State`, with what brings it up to date.
@usableFromInline
package final class TypedStateCell<State>: StateCell {
  /// The state.
  @usableFromInline let storage: UnsafeMutablePointer<State>
  /// Brings the state up to date, given its cell; `nil` for a state that is always current.
  let refresh: (@MainActor (TypedStateCell<State>) -> Void)?

  @usableFromInline
  init(_ state: State, refresh: (@MainActor (TypedStateCell<State>) -> Void)? = nil) {
    storage = .allocate(capacity: 1)
    storage.initialize(to: state)
    self.refresh = refresh
    super.init(address: UnsafeMutableRawPointer(storage), needsPreparing: refresh != nil)
  }

  // NB: isolated, as the cell is: the state is destroyed on the main actor, where it is used.
  isolated deinit {
    storage.deinitialize(count: 1)
    storage.deallocate()
  }

  @usableFromInline
  override func prepare() { refresh?(self) }
}
