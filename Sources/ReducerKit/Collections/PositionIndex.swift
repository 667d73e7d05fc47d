/// A compact hash index from ids to positions in an array of identifiable elements.
///
/// An open-addressed table (linear probing, at most 4/5 full) of positions, each packed in just
/// enough bits for the table's size (17 bits for 100,000 elements) plus a 2-bit fingerprint of
/// the id's hash: the ids live in the elements themselves, so the index costs about 2 to 5 bytes
/// per element, where a `[ID: Int]` dictionary would cost several times that. Removing or moving
/// elements shifts positions, so those operations rebuild the index in O(n), as the array's own
/// removal is O(n) anyway.
// NB: packed slots: 37.2 → 34.8 heap bytes per row for a store over 100,000 32-byte rows, against
// 32-bit slots (`benchmarks --filter heap`; 35.2 with the fingerprint bits); a lookup pays a few
// shifts.
@usableFromInline
struct PositionIndex: Sendable {
  /// The slots, `width` bits each, packed into words; a slot of all ones is empty.
  @usableFromInline var words: [UInt64] = []
  /// Bits per slot: a position (`positionBits`) and a fingerprint above it.
  @usableFromInline var width = 0
  /// Bits of a slot's position: log2 of `capacity`, so every position of a table at most 4/5
  /// full fits below the all-ones marker.
  @usableFromInline var positionBits = 0
  /// The number of slots: zero or a power of two (at least 8).
  @usableFromInline var capacity = 0

  @usableFromInline
  init() {}

  /// Bits of each slot's fingerprint: bits of the id's hash that a lookup compares before it
  /// reads an element, so that most probes past other ids touch no element.
  // NB: at 4/5 full a lookup probes about 2.6 slots, and each probe read a random element (a
  // cache miss) to compare ids. With 2 fingerprint bits, the 100,000-row `forEach` scenario
  // (`benchmarks --filter "forEach, 100,000" --quick` under cachegrind) has 34% fewer L1 read
  // misses; a store over 100,000 short rows grows from 34.8 to 35.2 heap bytes per row (1.099×
  // the bare rows, target 1.1×), which is why it is not more bits.
  @usableFromInline static let fingerprintBits = 2

  /// The fingerprint of a hash: its top bits (the slot comes from its low bits).
  @inlinable
  static func fingerprint(_ hash: Int) -> UInt64 {
    UInt64(UInt(bitPattern: hash) &>> UInt(UInt.bitWidth &- fingerprintBits))
  }

  /// A slot's value for `position` with `fingerprint`.
  @inlinable
  func slotValue(position: Int, fingerprint: UInt64) -> UInt64 {
    UInt64(position) | (fingerprint &<< UInt64(positionBits))
  }

  /// The position in a slot's value.
  @inlinable
  func position(in value: UInt64) -> Int {
    Int(truncatingIfNeeded: value & ((1 &<< UInt64(positionBits)) &- 1))
  }

  /// The value of an empty slot.
  @inlinable
  var emptySlot: UInt64 { (1 &<< UInt64(width)) &- 1 }

  /// The value in slot `index`.
  @inlinable
  func slot(_ index: Int) -> UInt64 {
    let bit = index &* width
    let word = bit &>> 6
    let shift = bit & 63
    var value = words[word] &>> UInt64(shift)
    if shift &+ width > 64 {
      value |= words[word &+ 1] &<< UInt64(64 &- shift)
    }
    return value & emptySlot
  }

  /// Writes `value` into slot `index`.
  @usableFromInline
  mutating func setSlot(_ index: Int, to value: UInt64) {
    let bit = index &* width
    let word = bit &>> 6
    let shift = bit & 63
    let mask = emptySlot
    words[word] = (words[word] & ~(mask &<< UInt64(shift))) | (value &<< UInt64(shift))
    if shift &+ width > 64 {
      let spilled = UInt64(shift &+ width &- 64)
      let low: UInt64 = (1 &<< spilled) &- 1
      words[word &+ 1] = (words[word &+ 1] & ~low) | (value &>> UInt64(64 &- shift))
    }
  }

  /// The position of the element with `id`, in O(1) on average.
  @inlinable
  func position<Element: Identifiable>(of id: Element.ID, in elements: [Element]) -> Int? {
    guard capacity > 0 else { return nil }
    return probe(for: id, in: elements).position
  }

  /// Walks `id`'s cluster: the position of the element with `id` if it is indexed, else the
  /// empty slot where it would go, with the fingerprint of its hash. `capacity` must not be 0.
  // NB: always inlined: called out of line, an index rebuild took 18% more instructions.
  @inlinable @inline(__always)
  func probe<Element: Identifiable>(
    for id: Element.ID, in elements: [Element]
  ) -> (position: Int?, emptySlot: Int, fingerprint: UInt64) {
    let mask = capacity &- 1
    let empty = emptySlot
    let hash = id.hashValue
    let fingerprint = Self.fingerprint(hash)
    var index = hash & mask
    while true {
      let value = slot(index)
      if value == empty { return (nil, index, fingerprint) }
      if value &>> UInt64(positionBits) == fingerprint {
        let position = self.position(in: value)
        if elements[position].id == id { return (position, index, fingerprint) }
      }
      index = (index &+ 1) & mask
    }
  }

  /// Records that the last element of `elements` (just appended) is at `elements.count - 1`.
  @usableFromInline
  mutating func appended<Element: Identifiable>(to elements: [Element]) {
    let count = elements.count
    if count &* 5 > capacity &* 4 {
      rebuild(for: elements)
    } else {
      place(count &- 1, id: elements[count &- 1].id)
    }
    #if REDUCERKIT_INTERNAL_CHECKS
      checkInvariants(for: elements, after: "an append")
    #endif
  }

  /// Forgets the last element of `elements` (which still holds it), so that no other position
  /// moves: O(1) on average instead of a rebuild.
  @usableFromInline
  mutating func removeLast<Element: Identifiable>(of elements: [Element]) {
    guard capacity > 0, let last = elements.last else { return }
    let mask = capacity &- 1
    let empty = emptySlot
    let hash = last.id.hashValue
    let lastValue = slotValue(position: elements.count &- 1, fingerprint: Self.fingerprint(hash))
    var index = hash & mask
    while true {
      let value = slot(index)
      if value == empty { return }
      if value == lastValue { break }
      index = (index &+ 1) & mask
    }
    // Backward-shift deletion: empty the slot, then place the rest of its cluster again.
    setSlot(index, to: empty)
    var next = (index &+ 1) & mask
    while true {
      let value = slot(next)
      if value == empty { break }
      setSlot(next, to: empty)
      let position = self.position(in: value)
      place(position, id: elements[position].id)
      next = (next &+ 1) & mask
    }
    #if REDUCERKIT_INTERNAL_CHECKS
      checkInvariants(for: Array(elements.dropLast()), after: "a removal of the last element")
    #endif
  }

  /// Rebuilds the index for `elements`, whose ids must be unique.
  @usableFromInline
  mutating func rebuild<Element: Identifiable>(for elements: [Element]) {
    _ = rebuildFindingDuplicates(for: elements)
    #if REDUCERKIT_INTERNAL_CHECKS
      checkInvariants(for: elements, after: "a rebuild")
    #endif
  }

  /// Rebuilds the index for `elements` and returns the positions of elements whose id an
  /// earlier element already has (those are left out of the index).
  @usableFromInline
  mutating func rebuildFindingDuplicates<Element: Identifiable>(for elements: [Element]) -> [Int] {
    guard !elements.isEmpty else {
      self = PositionIndex()
      return []
    }
    var capacity = 8
    while capacity &* 4 < elements.count &* 5 { capacity &*= 2 }
    self.capacity = capacity
    positionBits = capacity.trailingZeroBitCount
    width = positionBits &+ Self.fingerprintBits
    words = Array(repeating: ~0, count: (capacity &* width &+ 63) / 64)
    var duplicates: [Int] = []
    for (position, element) in elements.enumerated() {
      if !place(position, id: element.id, in: elements) {
        duplicates.append(position)
      }
    }
    return duplicates
  }

  /// Places a position; returns `false` (and places nothing) if its id is already indexed.
  private mutating func place<Element: Identifiable>(
    _ position: Int, id: Element.ID, in elements: [Element]
  ) -> Bool {
    let probe = probe(for: id, in: elements)
    guard probe.position == nil else { return false }
    setSlot(probe.emptySlot, to: slotValue(position: position, fingerprint: probe.fingerprint))
    return true
  }

  private mutating func place(_ position: Int, id: some Hashable) {
    let mask = capacity &- 1
    let empty = emptySlot
    let hash = id.hashValue
    var index = hash & mask
    while slot(index) != empty { index = (index &+ 1) & mask }
    setSlot(index, to: slotValue(position: position, fingerprint: Self.fingerprint(hash)))
  }

  // MARK: - Invariants

  /// Reports what is wrong with this index after `operation`, in a build with the internal
  /// checks (``InternalChecks``). Collections of up to 256 elements only: the check is O(n),
  /// and the model test of `PositionIndexTests` covers larger ones.
  func checkInvariants<Element: Identifiable>(for elements: [Element], after operation: String) {
    guard elements.count <= 256 else { return }
    let problems = invariantViolations(for: elements)
    guard !problems.isEmpty else { return }
    reportIssue(
      """
      ReducerKit internal check: an identified collection's index is broken after \(operation):
        \(problems.joined(separator: "\n  "))
      This is a bug of the kit; please report it.
      """)
  }

  /// What is wrong with this index as the index of `elements` (whose ids are unique): nothing,
  /// for an index every operation kept. The tests call it after every step of a random model
  /// of the collection's operations (as swift-collections checks its hash tables).
  ///
  /// - The shape: no slots for no elements, otherwise a power-of-two capacity of at least 8,
  ///   at most 4/5 full, with slots wide enough for every position and a fingerprint.
  /// - Every element's position is in exactly one slot, with its id's fingerprint, and a
  ///   lookup of its id finds it (no empty slot between its home slot and where it is).
  /// - No other slot is occupied.
  // NB: built unoptimized (CONTRIBUTING, "Compile-cost notes").
  @_optimize(none)
  package func invariantViolations<Element: Identifiable>(for elements: [Element]) -> [String] {
    guard capacity > 0 else {
      var problems: [String] = []
      if !words.isEmpty { problems.append("an index of no capacity has \(words.count) words") }
      if !elements.isEmpty { problems.append("\(elements.count) elements have no index") }
      return problems
    }
    var problems: [String] = []
    if capacity < 8 || capacity & (capacity &- 1) != 0 {
      problems.append("capacity \(capacity) is not a power of two of at least 8")
    }
    if positionBits != capacity.trailingZeroBitCount {
      problems.append("\(positionBits) position bits for capacity \(capacity)")
    }
    if width != positionBits &+ Self.fingerprintBits {
      problems.append("slots of \(width) bits for \(positionBits) position bits")
    }
    if words.count != (capacity &* width &+ 63) / 64 {
      problems.append("\(words.count) words for \(capacity) slots of \(width) bits")
    }
    if elements.count &* 5 > capacity &* 4 {
      problems.append("\(elements.count) elements in \(capacity) slots: more than 4/5 full")
    }
    guard problems.isEmpty else { return problems }
    let empty = emptySlot
    let mask = capacity &- 1
    var seen = [Bool](repeating: false, count: elements.count)
    for index in 0..<capacity {
      let value = slot(index)
      guard value != empty else { continue }
      let position = self.position(in: value)
      guard position < elements.count else {
        problems.append("slot \(index) holds position \(position), past the last element")
        continue
      }
      if seen[position] { problems.append("position \(position) is in two slots") }
      seen[position] = true
      let hash = elements[position].id.hashValue
      if value != slotValue(position: position, fingerprint: Self.fingerprint(hash)) {
        problems.append("slot \(index) has the wrong fingerprint for position \(position)")
      }
      // NB: linear probing: every slot from the id's home slot to this one is occupied.
      var probe = hash & mask
      while probe != index {
        if slot(probe) == empty {
          problems.append("position \(position) is past an empty slot of its cluster")
          break
        }
        probe = (probe &+ 1) & mask
      }
    }
    for (position, found) in seen.enumerated() where !found {
      problems.append("position \(position) is in no slot")
    }
    return problems
  }
}
