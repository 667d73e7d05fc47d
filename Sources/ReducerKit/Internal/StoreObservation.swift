import Observation

/// A store that something has read, checked by its root after every `send`.
@MainActor
protocol ObservedStore: AnyObject {
  /// Tells this store's observers about every part of its state that changed since the last
  /// check.
  func notifyObserversOfChanges()
}

/// The root's list of stores that were read: the only stores `send` has to look at afterwards.
///
/// A store joins the first time its state is read; it leaves when it is released. A root that no
/// one has read keeps the list empty and `send` skips observation entirely.
@MainActor
@usableFromInline
package final class ObservationHub {
  private struct Entry {
    weak var store: (any ObservedStore)?
  }
  private var entries: [Entry] = []

  @usableFromInline package init() {}

  /// Whether any store of the tree was read.
  @usableFromInline package var isEmpty: Bool { entries.isEmpty }

  func register(_ store: some ObservedStore) {
    entries.append(Entry(store: store))
  }

  /// Runs after an action (and everything it queued) was reduced.
  @usableFromInline
  func notifyObserversOfChanges() {
    var sawReleased = false
    // NB: by index, re-reading `entries`: an observer's callback may read another store, which
    // then joins the list while this loop runs.
    var position = 0
    while position < entries.count {
      if let store = entries[position].store {
        store.notifyObserversOfChanges()
      } else {
        sawReleased = true
      }
      position += 1
    }
    if sawReleased { entries.removeAll { $0.store == nil } }
  }
}

/// The parts of one store's state that were read, each with what it was when last checked.
///
/// A part is the whole state (`store.state`), a member (`store.title`), or the ids of an
/// identified collection (`store.scope(state: \.rows, action: .rows)`). After each action the
/// store compares every part with its last value and notifies only the parts that changed.
@MainActor
final class StoreObservation<Subject: AnyObject & Observable, State> {
  let registrar = ObservationRegistrar()
  /// `\Store.state`, kept: a key path literal in a generic type is instantiated each time it is
  /// evaluated.
  private let stateKeyPath: KeyPath<Subject, State>
  private var parts: [Part] = []
  private var partsByKey: [AnyKeyPath: Int] = [:]
  private var wholeState: Int?

  private struct Part {
    /// Whether the part changed since the last call; remembers the new value.
    let changed: (State) -> Bool
    /// Registers a read of the part (under the key path `\Store.state`, extended by the
    /// member's path, so that observers of different parts are told apart).
    let access: (ObservationRegistrar, Subject) -> Void
    /// Tells the part's observers that it changed.
    let notify: (ObservationRegistrar, Subject) -> Void
  }

  init(stateKeyPath: KeyPath<Subject, State>) {
    self.stateKeyPath = stateKeyPath
  }

  /// Registers a read of the whole state.
  func accessWholeState(of subject: Subject, current: State) {
    if let wholeState {
      return access(subject, parts[wholeState])
    }
    let detector = ChangeDetector.make(for: current)
    let position = add(key: stateKeyPath, observed: stateKeyPath, changed: detector)
    wholeState = position
    access(subject, parts[position])
  }

  /// Registers a read of `member` of the state.
  func access<Value>(_ member: KeyPath<State, Value>, of subject: Subject, current: State) {
    if let position = partsByKey[member] {
      return access(subject, parts[position])
    }
    let detector = ChangeDetector.make(for: current[keyPath: member])
    let observed = stateKeyPath.appending(path: member)
    let position = add(key: member, observed: observed) { detector($0[keyPath: member]) }
    access(subject, parts[position])
  }

  /// Registers a read of the ids of the identified collection at `collection`.
  func accessIDs<ID, Element>(
    of collection: KeyPath<State, IdentifiedArray<ID, Element>>, subject: Subject,
    current: State
  ) {
    let observed = stateKeyPath.appending(path: collection.appending(path: \.ids))
    if let position = partsByKey[observed] {
      return access(subject, parts[position])
    }
    var last = current[keyPath: collection]._idsToken
    let position = add(key: observed, observed: observed) { state in
      let token = state[keyPath: collection]._idsToken
      guard token != last else { return false }
      last = token
      return true
    }
    access(subject, parts[position])
  }

  /// Compares every part with its last value and notifies the ones that changed.
  func notifyChanges(of subject: Subject, state: State) {
    for part in parts where part.changed(state) {
      part.notify(registrar, subject)
    }
  }

  private func add<Value>(
    key: AnyKeyPath, observed: KeyPath<Subject, Value>, changed: @escaping (State) -> Bool
  ) -> Int {
    parts.append(
      Part(
        changed: changed,
        access: { registrar, subject in registrar.access(subject, keyPath: observed) },
        notify: { registrar, subject in registrar.withMutation(of: subject, keyPath: observed) {} }
      ))
    partsByKey[key] = parts.count - 1
    return parts.count - 1
  }

  private func access(_ subject: Subject, _ part: Part) {
    part.access(registrar, subject)
  }
}
