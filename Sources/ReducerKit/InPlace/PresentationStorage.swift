/// Where a presentation's storage sits inside its parent's state, found on the first action, so
/// that the presentation reducer reaches it by offset, as `StatePath` reaches a stored property.
///
/// `ifLet(\.$destination, …)` names the storage through the property wrapper's projection, a
/// computed property: the key-path runtime reaches it through a getter and a setter, allocating
/// a write-back buffer for each access, and the getter's copy shares the child's box, so every
/// change to the child copies it. Through the key path, an action to a presented child costs
/// 12,285 instructions and 6 allocations; at the offset, 3,206 and none
/// (`benchmarks --instructions --filter presented`, `benchmarks --allocations`).
///
/// The storage (`_destination`) is a stored property of the parent, at one offset for every
/// value of the parent's type. The offset is accepted only when documented behaviour proves it,
/// on the first action:
/// 1. the parent's bytes hold the presentation's box and stamp there (a candidate: a copy of the
///    same presentation elsewhere holds them too);
/// 2. the key path's getter reads what is written there (a new stamp);
/// 3. a `Mirror` of the parent shows that stamp in one of the parent's own stored properties, so
///    the storage is not inside an optional, an enum's payload or another property, whose
///    layout could change;
/// 4. the key path's setter writes there and nowhere else in the parent (no observer or
///    computed setter that does more).
///
/// Otherwise, and where the storage is not inline (behind a class), the key path is used. A
/// build with the internal checks (``InternalChecks``) compares every access with the key path.
@usableFromInline
final class PresentationStorage<Root, Child>: Sendable {
  /// The offset: ``StoredOffset/unresolved`` until the first action, ``StoredOffset/computed``
  /// where none was proven.
  @usableFromInline let found = AtomicCell(StoredOffset.unresolved.rawValue)

  @usableFromInline init() {}

  /// The storage's offset in `root`, found on the first call; ``StoredOffset/computed`` where
  /// it is not a stored property of `root`.
  @inlinable
  func offset(
    in root: inout Root, _ keyPath: WritableKeyPath<Root, PresentationState<Child>>
  ) -> StoredOffset {
    let known = StoredOffset(rawValue: found.load(ordering: .relaxed))
    guard known == .unresolved else { return known }
    let located = locate(in: &root, keyPath)
    found.store(located.rawValue, ordering: .relaxed)
    return located
  }

  @usableFromInline
  func locate(
    in root: inout Root, _ keyPath: WritableKeyPath<Root, PresentationState<Child>>
  ) -> StoredOffset {
    typealias Storage = PresentationState<Child>
    guard let boxOffset = MemoryLayout<Storage>.offset(of: \Storage.box),
      let stampOffset = MemoryLayout<Storage>.offset(of: \Storage.stamp),
      MemoryLayout<Root>.size >= MemoryLayout<Storage>.size
    else { return .computed }
    let original = root[keyPath: keyPath]
    let box = UInt(bitPattern: Unmanaged.passUnretained(original.box).toOpaque())
    var candidates: [Int] = []
    withUnsafeBytes(of: &root) { bytes in
      let last = bytes.count - MemoryLayout<Storage>.size
      for start in stride(from: 0, through: last, by: MemoryLayout<Storage>.alignment)
      where bytes.load(fromByteOffset: start + boxOffset, as: UInt.self) == box
        && bytes.load(fromByteOffset: start + stampOffset, as: Int.self) == original.stamp
      {
        candidates.append(start)
      }
    }
    for start in candidates {
      let offset = StoredOffset(rawValue: start)
      let probe = UniqueStamp.next()
      offset.modify(&root, as: Storage.self) { $0.stamp = probe }
      let read = root[keyPath: keyPath].stamp == probe
      let own = read && Self.isOwnStoredProperty(of: root, withStamp: probe)
      offset.modify(&root, as: Storage.self) { $0.stamp = original.stamp }
      if own, Self.setterWritesOnly(at: offset, in: &root, keyPath, original) { return offset }
    }
    return .computed
  }

  /// Whether one of `root`'s own stored properties, as its `Mirror` shows them, is a
  /// presentation with `stamp`. A type with a custom mirror shows none.
  static func isOwnStoredProperty(of root: Root, withStamp stamp: Int) -> Bool {
    Mirror(reflecting: root).children.contains {
      ($0.value as? PresentationState<Child>)?.stamp == stamp
    }
  }

  /// Whether writing a presentation through `keyPath`'s setter changes `root`'s bytes at
  /// `offset`'s stamp and nowhere else; `root` is left as it was.
  static func setterWritesOnly(
    at offset: StoredOffset, in root: inout Root,
    _ keyPath: WritableKeyPath<Root, PresentationState<Child>>,
    _ original: PresentationState<Child>
  ) -> Bool {
    typealias Storage = PresentationState<Child>
    guard let stampOffset = MemoryLayout<Storage>.offset(of: \Storage.stamp) else { return false }
    let saved = root
    defer { root = saved }
    let before = withUnsafeBytes(of: &root) { Array($0) }
    var probe = original
    probe.stamp = UniqueStamp.next()
    root[keyPath: keyPath] = probe
    let after = withUnsafeBytes(of: &root) { Array($0) }
    let start = offset.rawValue + stampOffset
    let stamp = start..<(start + MemoryLayout<Int>.size)
    return before.indices.allSatisfy { stamp.contains($0) || before[$0] == after[$0] }
      && after.withUnsafeBytes { $0.load(fromByteOffset: stamp.lowerBound, as: Int.self) }
        == probe.stamp
  }

  /// Reports an access at `offset` that does not reach what `keyPath` reaches (the internal
  /// checks' cross-check).
  @usableFromInline
  func verify(
    _ root: inout Root, at offset: StoredOffset,
    _ keyPath: WritableKeyPath<Root, PresentationState<Child>>
  ) {
    let inPlace = offset.read(&root, as: PresentationState<Child>.self)
    let throughKeyPath = root[keyPath: keyPath]
    InternalChecks.verify(
      inPlace: [UInt(bitPattern: ObjectIdentifier(inPlace.box)), UInt(bitPattern: inPlace.stamp)],
      throughKeyPath: [
        UInt(bitPattern: ObjectIdentifier(throughKeyPath.box)),
        UInt(bitPattern: throughKeyPath.stamp),
      ],
      keyPath, offset)
  }
}
