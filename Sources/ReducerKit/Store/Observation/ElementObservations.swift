/// The readers of one identified collection's row stores, checked by the hub as one entry.
///
/// After each action the collection's stamp says in O(1) which rows can have changed, and only
/// their stores are checked: a row action — one element written, the ids unchanged — checks the
/// stores of that row alone, however many rows are on screen. Anything else (rows inserted,
/// removed or moved, several rows written, the collection replaced) checks them all.
///
/// Row state is a value: it changes only through writes to the collection, which its stamp
/// records. (A value held by reference, a `Shared`, notifies its readers through its own
/// observation.)
// NB: not generic, so that the hub calls it without generic metadata; its closures are built
// in `Store`'s inlinable code, where the row id's type is known, so that a pass runs
// specialized (an unspecialized pass cost 280 ns per action in generic metadata lookups,
// `benchmarks --filter "scope(id:) row store"`).
@MainActor
@usableFromInline
package final class ElementObservationsEntry: ObservationEntry {
  /// The table of row observations (an ``ElementObservations`` of the collection's id type).
  @usableFromInline let table: AnyObject
  /// How many parts of its row stores are armed; with none, a pass reads nothing.
  // NB: a skipped pass leaves the table's last stamp older, which only makes a later pass check
  // more rows: every part armed since refreshed its value then.
  @usableFromInline let armed: ArmedCount
  private let pass: @MainActor () -> Bool
  /// Forgets released row stores; returns whether none is left.
  private let prune: @MainActor () -> Bool
  private var idlePasses = 0
  /// Whether the hub holds this entry.
  @usableFromInline var isRegistered = false

  @usableFromInline
  init(
    table: AnyObject, armed: ArmedCount, pass: @escaping @MainActor () -> Bool,
    prune: @escaping @MainActor () -> Bool
  ) {
    self.table = table
    self.armed = armed
    self.pass = pass
    self.prune = prune
  }

  @usableFromInline
  func notifyChanges() -> Bool {
    if armed.value > 0 { return pass() }
    // NB: with nothing armed nothing is read, but released row stores are still forgotten now
    // and then, so that a group whose stores are all gone leaves the hub (a parent store made
    // anew on every render leaves one behind each time).
    idlePasses &+= 1
    return idlePasses & 255 == 0 ? prune() : false
  }

  @usableFromInline
  func leave() -> Bool {
    guard prune() else { return false }
    isRegistered = false
    return true
  }
}

/// The row observations of one collection, by row id; see ``ElementObservationsEntry``.
@MainActor
@usableFromInline
final class ElementObservations<ID: Hashable> {
  // NB: `@exclusivity(unchecked)` throughout: main-actor only; a pass iterates copies.
  @exclusivity(unchecked) @usableFromInline var rows: [ID: [StoreObservation]] = [:]
  @exclusivity(unchecked) @usableFromInline var last: CollectionStamp
  @exclusivity(unchecked) @usableFromInline var count = 0
  @exclusivity(unchecked) @usableFromInline var pruneAt = 64
  @exclusivity(unchecked) @usableFromInline var passes = 0
  @usableFromInline let armed: ArmedCount

  @inlinable
  init(stamp: CollectionStamp, armed: ArmedCount) {
    self.last = stamp
    self.armed = armed
  }

  /// Adds the observation of the store of row `id` (not yet armed).
  @inlinable
  func add(_ observation: StoreObservation, id: ID) {
    observation.collectionArmed = armed
    rows[id, default: []].append(observation)
    count += 1
    if count >= pruneAt {
      prune()
      pruneAt = Swift.max(64, count * 2)
    }
  }

  /// Notifies the readers of the rows that may have changed since the last pass, given the
  /// collection's stamp now and the id its last writes went to. Returns whether no reader is
  /// left.
  @inlinable
  func pass(_ now: CollectionStamp, written: ID?) -> Bool {
    let previous = last
    last = now
    passes &+= 1
    if passes & 255 == 0, prune() { return true }
    if now.ids == previous.ids && now.writes == previous.writes { return false }
    // NB: the collection seen last, changed at one element: only that row's readers.
    if let written, now.differsOnlyAtLastWritten(from: previous) {
      if let observations = rows[written] { Self.notify(observations) }
      return false
    }
    for observations in rows.values { Self.notify(observations) }
    return prune()
  }

  @inlinable
  static func notify(_ observations: [StoreObservation]) {
    for observation in observations where !observation.released.load(ordering: .relaxed) {
      observation.notifyChangedParts()
    }
  }

  /// Forgets the observations of released row stores, and their armed parts; returns whether
  /// none is left.
  @usableFromInline @discardableResult
  func prune() -> Bool {
    var remaining = 0
    for (id, observations) in rows {
      var live: [StoreObservation] = []
      for observation in observations {
        if observation.released.load(ordering: .relaxed) {
          armed.value -= observation.armed
        } else {
          live.append(observation)
        }
      }
      if live.count != observations.count { rows[id] = live.isEmpty ? nil : live }
      remaining += live.count
    }
    count = remaining
    return rows.isEmpty
  }
}
