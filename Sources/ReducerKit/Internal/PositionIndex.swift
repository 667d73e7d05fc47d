/// A compact hash index from ids to positions in an array of identifiable elements.
///
/// It stores only 32-bit positions in an open-addressed table (linear probing, at most 4/5 full):
/// the ids live in the elements themselves, so the index costs 5 to 10 bytes per element, where
/// a `[ID: Int]` dictionary would cost several times that. Removing or moving
/// elements shifts positions, so those operations rebuild the index in O(n), as the array's own
/// removal is O(n) anyway.
@usableFromInline
struct PositionIndex: Sendable {
  /// Positions, or `-1` for an empty slot. The count is zero or a power of two.
  @usableFromInline var slots: [Int32] = []

  @usableFromInline
  init() {}

  /// The position of the element with `id`, in O(1) on average.
  @inlinable
  func position<Element: Identifiable>(of id: Element.ID, in elements: [Element]) -> Int? {
    guard !slots.isEmpty else { return nil }
    let mask = slots.count &- 1
    var slot = id.hashValue & mask
    while true {
      let position = slots[slot]
      if position < 0 { return nil }
      if elements[Int(position)].id == id { return Int(position) }
      slot = (slot &+ 1) & mask
    }
  }

  /// Records that the last element of `elements` (just appended) is at `elements.count - 1`.
  @usableFromInline
  mutating func appended<Element: Identifiable>(to elements: [Element]) {
    let count = elements.count
    if count &* 5 > slots.count &* 4 {
      rebuild(for: elements)
    } else {
      place(Int32(count &- 1), id: elements[count &- 1].id)
    }
  }

  /// Rebuilds the index for `elements`, whose ids must be unique.
  @usableFromInline
  mutating func rebuild<Element: Identifiable>(for elements: [Element]) {
    _ = rebuildFindingDuplicates(for: elements)
  }

  /// Rebuilds the index for `elements` and returns the positions of elements whose id an
  /// earlier element already has (those are left out of the index).
  @usableFromInline
  mutating func rebuildFindingDuplicates<Element: Identifiable>(for elements: [Element]) -> [Int] {
    var capacity = 8
    while capacity &* 4 < elements.count &* 5 { capacity &*= 2 }
    slots = Array(repeating: -1, count: elements.isEmpty ? 0 : capacity)
    var duplicates: [Int] = []
    for (position, element) in elements.enumerated() {
      if !place(Int32(position), id: element.id, in: elements) {
        duplicates.append(position)
      }
    }
    return duplicates
  }

  /// Places a position; returns `false` (and places nothing) if its id is already indexed.
  private mutating func place<Element: Identifiable>(
    _ position: Int32, id: Element.ID, in elements: [Element]
  ) -> Bool {
    let mask = slots.count &- 1
    var slot = id.hashValue & mask
    while slots[slot] >= 0 {
      if elements[Int(slots[slot])].id == id { return false }
      slot = (slot &+ 1) & mask
    }
    slots[slot] = position
    return true
  }

  private mutating func place(_ position: Int32, id: some Hashable) {
    let mask = slots.count &- 1
    var slot = id.hashValue & mask
    while slots[slot] >= 0 { slot = (slot &+ 1) & mask }
    slots[slot] = position
  }
}
