/// How a store's whole state is compared for observers, decided once when it is first read.
/// (Members read through the store are compared by `Store`'s dynamic-member overloads, with the
/// same rule, decided at compile time.)
///
/// - An ``IdentifiedArray`` is compared by its stamp (its ids token and a count of element
///   writes), in O(1) and without keeping a copy, so that a row action in a long list stays
///   O(1). A write that stored an equal element counts as a change.
/// - Any other `Equatable` value is compared with `==` against the value seen last.
/// - Anything else counts as changed after every action.
enum ChangeDetector {
  /// A closure that says whether a value differs from the last one it saw, starting with
  /// `initial`, and remembers it.
  static func make<Value>(for initial: Value) -> (Value) -> Bool {
    if let stamped = Value.self as? any ObservationStamped.Type {
      return stamped.stampDetector(initial)
    }
    if let equatable = Value.self as? any Equatable.Type {
      return equatable.equalityDetector(initial)
    }
    return { _ in true }
  }
}

/// A value that can tell in O(1) whether it may have changed.
protocol ObservationStamped {
  var observationStamp: ObservationStamp { get }
}

/// See ``ObservationStamped``.
@usableFromInline
struct ObservationStamp: Equatable {
  @usableFromInline var ids: Int
  @usableFromInline var writes: UInt

  @inlinable init(ids: Int, writes: UInt) {
    self.ids = ids
    self.writes = writes
  }
}

extension ObservationStamped {
  // NB: `Value` is `Self` (the caller checked). A plain cast restores the static type; a value
  // that somehow is not one counts as changed. (The bit casts this replaced bought no measured
  // figure: whole-state reads are rare, see CONTRIBUTING's "Performance notes".)
  fileprivate static func stampDetector<Value>(_ initial: Value) -> (Value) -> Bool {
    var last = (initial as? Self)?.observationStamp
    return { value in
      guard let stamp = (value as? Self)?.observationStamp else { return true }
      guard stamp != last else { return false }
      last = stamp
      return true
    }
  }
}

extension Equatable {
  fileprivate static func equalityDetector<Value>(_ initial: Value) -> (Value) -> Bool {
    var last = initial as? Self
    return { value in
      guard let new = value as? Self else { return true }
      guard new != last else { return false }
      last = new
      return true
    }
  }
}

extension IdentifiedArray: ObservationStamped {
  @inlinable
  var observationStamp: ObservationStamp {
    ObservationStamp(ids: _idsToken, writes: _writes)
  }
}

/// What ``ElementObservations`` reads of a collection after each action (see `IdentifiedArray`'s
/// `_writesBefore`).
@usableFromInline
struct CollectionStamp {
  @usableFromInline var ids: Int
  @usableFromInline var writes: UInt
  @usableFromInline var writesBefore: UInt
  @usableFromInline var lastWritten: Int

  @inlinable init(ids: Int, writes: UInt, writesBefore: UInt, lastWritten: Int) {
    self.ids = ids
    self.writes = writes
    self.writesBefore = writesBefore
    self.lastWritten = lastWritten
  }

  /// Whether the collection with this stamp differs from the one with `previous` at most at the
  /// element at `lastWritten`: it is that collection written at one element since, or both come
  /// from one run of writes to that element.
  @inlinable
  func differsOnlyAtLastWritten(from previous: CollectionStamp) -> Bool {
    guard ids == previous.ids, lastWritten >= 0 else { return false }
    return writesBefore == previous.writes
      || (writesBefore == previous.writesBefore && lastWritten == previous.lastWritten)
  }
}

extension IdentifiedArray {
  /// The collection's stamp, and the id of the element its last writes went to.
  @inlinable
  var _writeStamp: (stamp: CollectionStamp, written: ID?) {
    let stamp = CollectionStamp(
      ids: _idsToken, writes: _writes, writesBefore: _writesBefore, lastWritten: _lastWritten)
    guard _lastWritten >= 0, _lastWritten < _elements.count else { return (stamp, nil) }
    return (stamp, _elements[_lastWritten].id)
  }
}
