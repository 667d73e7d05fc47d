// How a store reads a member of its state: in place where its state is in a cell or lent and
// the member has a stored offset, else from a copy of the state (``InPlaceState``).

extension Store {
  /// The value at `offset` (or, where it is ``StoredOffset/computed``, through `keyPath`) in
  /// the current state: copied alone where the store's state is in place.
  @inlinable
  func _read<Value>(at offset: StoredOffset, through keyPath: KeyPath<State, Value>) -> Value {
    if offset.isStored {
      let base = _inPlace.offset
      if let cell = _inPlace.cell {
        let value: Value = cell.read(at: base.adding(stored: offset))
        #if REDUCERKIT_INTERNAL_CHECKS
          InternalChecks.verify(
            inPlace: value, throughKeyPath: _state()[keyPath: keyPath], keyPath, offset)
        #endif
        return value
      }
      if let lender = _inPlace.lender {
        let value = StateReader<State, Value>.read(
          lentBy: lender, at: base.adding(stored: offset),
          orElse: { StateReader.read(_state(), at: offset, through: keyPath) })
        #if REDUCERKIT_INTERNAL_CHECKS
          InternalChecks.verify(
            inPlace: value, throughKeyPath: _state()[keyPath: keyPath], keyPath, offset)
        #endif
        return value
      }
    }
    return StateReader.read(_state(), at: offset, through: keyPath)
  }

  /// Reads the value at `reader`'s path in the then current state: in place where the store's
  /// state is in a cell or lent and the path has an offset, else from a copy of the state.
  // NB: not `_reading(reader, { $0.pointee })`: the projection's call cost a member's part
  // about 20 instructions per check (observed screen about 100 per action).
  @inlinable
  func _reading<Value>(_ reader: StateReader<State, Value>) -> @MainActor () -> Value {
    let state = _state
    let inPlace = _inPlace.child(at: reader.offset)
    let offset = inPlace.offset
    if let cell = inPlace.cell {
      #if REDUCERKIT_INTERNAL_CHECKS
        return {
          let value: Value = cell.read(at: offset)
          InternalChecks.verify(
            inPlace: value, throughKeyPath: state()[keyPath: reader.keyPath], reader.keyPath,
            offset)
          return value
        }
      #else
        return { cell.read(at: offset) }
      #endif
    }
    if let lender = inPlace.lender {
      return {
        let value = StateReader<State, Value>.read(
          lentBy: lender, at: offset, orElse: { reader.read(state()) })
        #if REDUCERKIT_INTERNAL_CHECKS
          InternalChecks.verify(
            inPlace: value, throughKeyPath: state()[keyPath: reader.keyPath], reader.keyPath,
            offset)
        #endif
        return value
      }
    }
    return { reader.read(state()) }
  }

  /// Reads what `project` takes from the value at `reader`'s path in the then current state:
  /// in place where the store's state is in a cell or lent and the path has an offset, else from
  /// a copy of the state.
  @inlinable
  func _reading<Value, Result>(
    _ reader: StateReader<State, Value>, _ project: @escaping (UnsafePointer<Value>) -> Result
  ) -> @MainActor () -> Result {
    let state = _state
    #if REDUCERKIT_INTERNAL_CHECKS
      let checked: (UnsafePointer<Value>) -> Result = { pointer in
        InternalChecks.verify(
          inPlace: pointer.pointee, throughKeyPath: state()[keyPath: reader.keyPath],
          reader.keyPath, reader.offset)
        return project(pointer)
      }
    #else
      let checked = project
    #endif
    let inPlace = _inPlace.child(at: reader.offset)
    let offset = inPlace.offset
    if let cell = inPlace.cell { return { cell.project(at: offset, checked) } }
    if let lender = inPlace.lender {
      return {
        StateReader<State, Value>.project(
          lentBy: lender, at: offset, checked, orElse: { reader.project(state(), project) })
      }
    }
    return { reader.project(state(), project) }
  }
}
