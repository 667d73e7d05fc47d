import Observation

/// The root's list of what was read: the only things `send` has to look at afterwards.
///
/// An entry is a store that was read (it joins the first time its state is read, and leaves
/// when it is released), or the rows of one identified collection whose row stores were read
/// (see ``ElementObservations``). A root that no one has read keeps the list empty and `send`
/// skips observation entirely.
@MainActor
@usableFromInline
package final class ObservationHub {
  // NB: strong references, pruned when their store is released (`StoreObservation.released`):
  // a weak reference would cost a side-table load and release per store per action (about a
  // fifth of an observed counter send). Holding them creates no cycle: parts reach the root
  // only unretained (see `Store.init(initialState:reducer:withDependencies:)`).
  // `@exclusivity(unchecked)`: main-actor only; the loop below re-reads it by index.
  @exclusivity(unchecked) private var entries: [any ObservationEntry] = [] {
    didSet {
      guard isEmpty != entries.isEmpty else { return }
      isEmpty = entries.isEmpty
      observedChanged?(!isEmpty)
    }
  }

  /// Told when the tree starts or stops being observed: the root keeps it in its send flags.
  var observedChanged: (@MainActor (Bool) -> Void)?

  @usableFromInline package init() {}

  /// Whether anything of the tree was read.
  // NB: stored, so that `send` reads it inline.
  @exclusivity(unchecked) @usableFromInline package private(set) var isEmpty = true

  @usableFromInline
  func register(_ entry: any ObservationEntry) {
    entries.append(entry)
  }

  /// Runs after an action (and everything it queued) was reduced.
  @usableFromInline
  func notifyObserversOfChanges() {
    var mayDrop = false
    // NB: by index, re-reading `entries`: an observer's callback may read another store, which
    // then joins the list while this loop runs.
    var position = 0
    while position < entries.count {
      if entries[position].notifyChanges() { mayDrop = true }
      position += 1
    }
    if mayDrop { entries.removeAll { $0.leave() } }
  }
}

/// Something the hub checks after every action.
@MainActor
@usableFromInline
protocol ObservationEntry: AnyObject {
  /// Notifies the observers of whatever changed; returns whether the entry may have to leave
  /// the hub (see `leave()`).
  func notifyChanges() -> Bool
  /// Whether the entry holds nothing any more; the hub then drops it. Called after the pass, so
  /// that an entry joining while the pass runs is never dropped with it.
  func leave() -> Bool
}

/// The parts of one store's state that were read, each able to tell whether it changed since it
/// was last checked.
///
/// A part is the whole state (`store.state`), a member (`store.title`), or the ids of an
/// identified collection (`store.scope(state: \.rows, action: .rows)`). After each action the
/// store's root asks every part whether it changed and notifies only those that did.
///
/// Nothing here is generic: each part's `changed` closure is built where the store's types are
/// known (in `Store`'s inlinable accessors), so that checking a part after an action runs
/// specialized code, and each part is its own observable subject with a constant key path, so
/// that notifying costs what it costs a hand-written `@Observable` class.
@MainActor
@usableFromInline
package final class StoreObservation: ObservationEntry {
  /// Set when the store is released; its root then drops this observation.
  @usableFromInline nonisolated let released = AtomicCell(false)
  // NB: `@exclusivity(unchecked)`: main-actor only, never accessed re-entrantly.
  @exclusivity(unchecked) @usableFromInline var parts: [ObservedPart] = []
  @exclusivity(unchecked) @usableFromInline var partsByKey: [AnyKeyPath: ObservedPart] = [:]
  /// The first few key paths of `partsByKey`, and their parts, searched by identity before the
  /// dictionary is: a key path literal is one object per place it is written, so a view reading
  /// `store.title` again finds its part without hashing the key path (a fifth of a row view's
  /// re-render, `benchmarks --filter "observed screen"`).
  @exclusivity(unchecked) @usableFromInline var recentKeys: [AnyKeyPath] = []
  @exclusivity(unchecked) @usableFromInline var recentParts: [ObservedPart] = []
  @exclusivity(unchecked) @usableFromInline var idsPartsByKey: [AnyKeyPath: ObservedPart] = [:]
  @exclusivity(unchecked) @usableFromInline var wholeState: ObservedPart?
  /// How many of `parts` are armed (read since their last notification): with none, a pass
  /// skips this store.
  @exclusivity(unchecked) @usableFromInline var armed = 0
  /// For a row store, its collection's count of armed parts, kept with this store's.
  @exclusivity(unchecked) @usableFromInline var collectionArmed: ArmedCount?

  @usableFromInline init() {}

  /// The part read through `key`, if it was read before.
  @inlinable
  func part(for key: AnyKeyPath) -> ObservedPart? {
    var position = 0
    while position < recentKeys.count {
      if recentKeys[position] === key { return recentParts[position] }
      position += 1
    }
    return partsByKey[key]
  }

  /// Remembers the part read through `key`.
  @inlinable
  func setPart(_ part: ObservedPart, for key: AnyKeyPath) {
    partsByKey[key] = part
    if recentKeys.count < 8 {
      recentKeys.append(key)
      recentParts.append(part)
    }
  }

  /// A part was armed (`+1`) or notified (`-1`).
  @inlinable
  func armedChanged(by delta: Int) {
    armed += delta
    collectionArmed?.value += delta
  }

  /// Adds a part and registers the read that created it.
  @usableFromInline
  func add(
    stateOffset: StoredOffset = .computed,
    changed: @escaping @MainActor () -> Bool, refresh: @escaping @MainActor () -> Void
  ) -> ObservedPart {
    let part = ObservedPart(
      owner: self, stateOffset: stateOffset, changed: changed, refresh: refresh)
    parts.append(part)
    part.access()
    return part
  }

  @usableFromInline
  func notifyChanges() -> Bool {
    guard !released.load(ordering: .relaxed) else { return true }
    if armed > 0 { notifyChangedParts() }
    return false
  }

  @usableFromInline
  func leave() -> Bool { released.load(ordering: .relaxed) }

  /// Asks every part that may have observers whether it changed, and notifies the ones that
  /// did.
  @usableFromInline
  func notifyChangedParts() {
    var position = 0
    // NB: by index: a notified observer may read a new part of this store.
    while position < parts.count {
      // NB: unretained: a part is never removed from `parts`, so the array (or the one an
      // append made while a part was checked) holds it throughout. A retain and a release per
      // part checked after every action (about 120 of the observed screen's instructions per
      // action).
      unowned(unsafe) let part = parts[position]
      if part.isArmed, part.changed() {
        part.isArmed = false
        armedChanged(by: -1)
        part.notify()
      }
      position += 1
    }
  }
}

/// One observed part of a store's state; observers of the part register on it.
@MainActor
@usableFromInline
final class ObservedPart: Observable {
  /// Whether the part changed since the last call; remembers the new value.
  let changed: @MainActor () -> Bool
  /// Remembers the part's current value.
  let refresh: @MainActor () -> Void
  /// Whether the part was read since its observers were last notified.
  ///
  /// Observation's observers are one-shot: once notified, an observer is gone until it reads
  /// again (SwiftUI re-renders; `withObservationTracking` is called anew). So a part that was
  /// not read since its last notification has no observers, and is not checked at all until it
  /// is read again — at which point it remembers the value that was read.
  // NB: `@exclusivity(unchecked)`: main-actor only, never accessed re-entrantly.
  @exclusivity(unchecked) var isArmed = false
  private let registrar = ObservationRegistrar()
  /// The store observation that holds this part.
  private unowned let owner: StoreObservation
  /// The offset in the store's state of the stored property the part reads, or ``StoredOffset/computed``: found
  /// once, when the part is made, so that reading the property again is a load.
  @usableFromInline let stateOffset: StoredOffset

  init(
    owner: StoreObservation, stateOffset: StoredOffset, changed: @escaping @MainActor () -> Bool,
    refresh: @escaping @MainActor () -> Void
  ) {
    self.owner = owner
    self.stateOffset = stateOffset
    self.changed = changed
    self.refresh = refresh
  }

  /// What observers register: the part has no value of its own.
  var marker: Void { () }
  /// `\.marker`, made once: a key path literal is looked up again each time it is evaluated
  /// (a call into the runtime, a retain and a release per read and per notification).
  private static let markerPath: KeyPath<ObservedPart, Void> = \.marker

  /// Registers a read of the part.
  @usableFromInline
  func access() {
    if !isArmed {
      refresh()
      isArmed = true
      owner.armedChanged(by: 1)
    }
    registrar.access(self, keyPath: Self.markerPath)
  }

  /// Tells the part's observers that it changed.
  func notify() {
    registrar.withMutation(of: self, keyPath: Self.markerPath) {}
  }
}

/// A count of armed parts shared by the row stores of one collection (see
/// ``ElementObservationsEntry``).
@MainActor
@usableFromInline
final class ArmedCount {
  @exclusivity(unchecked) @usableFromInline var value = 0
  @usableFromInline init() {}
}

/// The last value an observed part saw, compared with the state's after each action.
@MainActor
@usableFromInline
final class LastKnown<Value> {
  // NB: `@exclusivity(unchecked)`: main-actor only, never accessed re-entrantly; read after
  // every action by observation checks.
  @exclusivity(unchecked) @usableFromInline var value: Value
  @usableFromInline init(_ value: Value) { self.value = value }
}
