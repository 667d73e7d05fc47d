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
    lentBy lender: StateLender, at offset: StoredOffset, orElse fallback: () -> Value
  ) -> Value {
    var result: Value?
    lender { state in result = offset.load(from: state) }
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
    lentBy lender: StateLender, at offset: StoredOffset,
    _ body: @escaping (UnsafePointer<Value>) -> Result, orElse fallback: () -> Result
  ) -> Result {
    var result: Result?
    lender { state in result = body(offset.pointer(in: state)) }
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
  final func read<Value>(at offset: StoredOffset) -> Value {
    if needsPreparing { prepare() }
    return offset.load(from: address)
  }

  /// What `body` reads from the value at `offset` in the state, given a pointer to it valid
  /// during the call.
  @inlinable
  final func project<Value, Result>(
    at offset: StoredOffset, _ body: (UnsafePointer<Value>) -> Result
  ) -> Result {
    if needsPreparing { prepare() }
    return body(offset.pointer(in: address))
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

/// Where a store's state can be read in place, and at which offset: the one field that says how
/// a store reads a member of its state. It is in one of three states, made by ``cell(_:at:)``,
/// ``lent(_:at:)`` and ``copied``:
///
/// - in a cell: a row store's state, or a child's of one at a stored property;
/// - lent: the root's state, or a child's of it at a stored property;
/// - copied: nowhere in place (a closure's scope, a path through a computed property); reads
///   copy the state.
///
/// A member at a stored offset is read in place, copying only the member.
///
/// NB: two optional fields rather than an enum with payloads: a read tests one pointer, where a
/// switch loaded the enum's tag and copied its payload out (observed screen 24,623 → 24,653
/// instructions per action with the enum, `benchmarks --instructions --filter "observed
/// screen"`).
@usableFromInline
package struct InPlaceState {
  /// The cell the state is in, for a row store and its children.
  @usableFromInline let cell: StateCell?
  /// What lends the root's state, for the root and its children.
  @usableFromInline let lender: StateLender?
  /// Where this store's state is in the cell's state or in the lent state (never both).
  @usableFromInline let offset: StoredOffset

  @inlinable
  init(cell: StateCell?, lender: StateLender?, offset: StoredOffset) {
    self.cell = cell
    self.lender = lender
    self.offset = offset
  }

  /// In `cell`, at `offset` in the cell's state.
  @inlinable
  static func cell(_ cell: StateCell, at offset: StoredOffset) -> Self {
    Self(cell: cell, lender: nil, offset: offset)
  }

  /// In the state `lender` lends, at `offset` in it.
  @inlinable
  static func lent(_ lender: @escaping StateLender, at offset: StoredOffset) -> Self {
    Self(cell: nil, lender: lender, offset: offset)
  }

  /// Nowhere: reads copy the state.
  @inlinable
  static var copied: Self { Self(cell: nil, lender: nil, offset: .computed) }

  /// Where a child's state, at `offset` in this store's, can be read in place: nowhere where
  /// the child's path has no offset.
  @inlinable
  func child(at offset: StoredOffset) -> Self {
    guard offset.isStored, self.offset.isStored else { return .copied }
    return Self(cell: cell, lender: lender, offset: self.offset.adding(stored: offset))
  }
}
