// Reading a store's state under observation: each property read is observed on its own, and
// the root checks only what was read after each action (``ObservationHub``).

extension Store {
  /// The current state. Reading it inside SwiftUI's `body` (or `withObservationTracking`)
  /// observes all of it; prefer reading properties through the store (`store.title`), which
  /// observes only what is read.
  public var state: State {
    let state = _state()
    let observation = _observed
    if let whole = observation.wholeState {
      whole.access()
    } else {
      let read = _state
      let changed = ChangeDetector.make(for: state)
      observation.wholeState = observation.add(
        changed: { changed(read()) }, refresh: { _ = changed(read()) })
    }
    return state
  }

  /// Reads the current state without observing it: for code outside views (a test, a
  /// command-line front end) that wants a value now, not updates.
  ///
  /// ```swift
  /// let count = store.withState(\.count)
  /// ```
  /// - Parameter body: Reads what it needs from the state.
  /// - Returns: What `body` returns.
  public func withState<R>(_ body: (_ state: State) -> R) -> R {
    body(_state())
  }

  /// Reads a property of the state: `store.count` for `store.state.count`. Under observation,
  /// only this property is observed; it counts as changed after every action, because it can't
  /// be compared.
  @inlinable
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    let observation = _observed
    if let part = observation.part(for: keyPath) {
      part.access()
      return _read(at: part.stateOffset, through: keyPath)
    }
    let reader = StateReader(keyPath)
    let part = observation.add(stateOffset: reader.offset, changed: { true }, refresh: {})
    observation.setPart(part, for: keyPath)
    return _read(at: reader.offset, through: keyPath)
  }

  /// Reads a property of the state: `store.count` for `store.state.count`. Under observation,
  /// only this property is observed, and its observers are notified when it changes (compared
  /// with `==`).
  @inlinable
  public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    let observation = _observed
    if let part = observation.part(for: keyPath) {
      part.access()
      return _read(at: part.stateOffset, through: keyPath)
    }
    let reader = StateReader(keyPath)
    let value = _read(at: reader.offset, through: keyPath)
    let part = _comparedPart(
      initial: value, stateOffset: reader.offset, _reading(reader))
    observation.setPart(part, for: keyPath)
    return value
  }

  /// Reads an identified collection of the state: `store.rows`. Under observation, its observers
  /// are notified after any action that wrote to it (detected in O(1), without comparing or
  /// copying the elements; a write of an equal element counts).
  @inlinable
  public subscript<ID, Element>(
    dynamicMember keyPath: KeyPath<State, IdentifiedArray<ID, Element>>
  ) -> IdentifiedArray<ID, Element> {
    _observedCollection(keyPath)
  }

  /// Reads an identified collection of equatable elements: `store.rows`. It is observed as any
  /// identified collection is, by an O(1) stamp, not compared element by element.
  @inlinable
  public subscript<ID, Element: Equatable>(
    dynamicMember keyPath: KeyPath<State, IdentifiedArray<ID, Element>>
  ) -> IdentifiedArray<ID, Element> {
    _observedCollection(keyPath)
  }

  @inlinable
  func _observedCollection<ID, Element>(
    _ keyPath: KeyPath<State, IdentifiedArray<ID, Element>>
  ) -> IdentifiedArray<ID, Element> {
    let observation = _observed
    if let part = observation.part(for: keyPath) {
      part.access()
      return _read(at: part.stateOffset, through: keyPath)
    }
    let reader = StateReader(keyPath)
    let value = _read(at: reader.offset, through: keyPath)
    let part = _comparedPart(
      initial: value.observationStamp, stateOffset: reader.offset,
      _reading(reader, { $0.pointee.observationStamp }))
    observation.setPart(part, for: keyPath)
    return value
  }

  /// A new observed part: what `read` gives, compared with `==` against its last value.
  @inlinable
  func _comparedPart<Value: Equatable>(
    initial: Value, stateOffset: StoredOffset = .computed, _ read: @escaping @MainActor () -> Value
  ) -> ObservedPart {
    let last = LastKnown(initial)
    return _observed.add(
      stateOffset: stateOffset,
      changed: {
        let new = read()
        guard new != last.value else { return false }
        last.value = new
        return true
      },
      refresh: { last.value = read() })
  }

  /// A new observed part for a collection's ids and their order: unchanged while its ids token
  /// is (O(1)); when the token moved, the ids are compared with the last ones seen (O(n), only
  /// then), so that a collection replaced by a copy with the same ids in the same order notifies
  /// no one.
  @inlinable
  func _idsPart<ID, Element>(
    initial: IdentifiedArray<ID, Element>,
    _ collection: StateReader<State, IdentifiedArray<ID, Element>>
  ) -> ObservedPart {
    // NB: the ids, copied: keeping the collection itself would share its storage with the
    // state, and the next row write would copy all the rows.
    let last = LastKnown((token: initial._idsToken, ids: initial.ids))
    // NB: the collection's token is read in place, and its ids only when the token moved.
    let token = _reading(collection, { $0.pointee._idsToken })
    let tokenAndIDs = _reading(collection, { ($0.pointee._idsToken, $0.pointee.ids) })
    return _observed.add(
      changed: {
        guard token() != last.value.token else { return false }
        let (newToken, ids) = tokenAndIDs()
        let changed = ids != last.value.ids
        last.value = (newToken, ids)
        return changed
      },
      refresh: {
        guard token() != last.value.token else { return }
        last.value = tokenAndIDs()
      })
  }

  /// This store's observation bookkeeping; creating it makes the root check this store after
  /// every action.
  @inlinable
  var _observed: StoreObservation {
    if let _observation { return _observation }
    return _startObserving()
  }

  @usableFromInline
  func _startObserving() -> StoreObservation {
    let observation = StoreObservation()
    _observation = observation
    if let _observationHost {
      _observationHost(observation)
    } else {
      root.hub.register(observation)
    }
    return observation
  }

  /// Adds a row store's observation to the row observations of the collection at `keyPath`,
  /// which join the root's hub with their first row.
  @inlinable
  func _addElementObservation<ID, Element>(
    _ observation: StoreObservation, id: ID,
    of keyPath: KeyPath<State, IdentifiedArray<ID, Element>>
  ) {
    let entry: ElementObservationsEntry
    let table: ElementObservations<ID>
    if let existing = _elementObservations[keyPath] as? ElementObservationsEntry,
      let existingTable = existing.table as? ElementObservations<ID>
    {
      (entry, table) = (existing, existingTable)
    } else {
      let writeStamp = _reading(StateReader(keyPath), { $0.pointee._writeStamp })
      let armed = ArmedCount()
      let made = ElementObservations<ID>(stamp: writeStamp().stamp, armed: armed)
      entry = ElementObservationsEntry(
        table: made, armed: armed,
        pass: {
          let (stamp, written) = writeStamp()
          return made.pass(stamp, written: written)
        },
        prune: { made.prune() })
      table = made
      _elementObservations[keyPath] = entry
    }
    table.add(observation, id: id)
    if !entry.isRegistered {
      entry.isRegistered = true
      root.hub.register(entry)
    }
  }
}
