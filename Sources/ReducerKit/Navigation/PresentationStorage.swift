/// Where a presentation's storage sits inside its parent's state, found on the first action, so
/// that the presentation reducer reaches it by offset, as `StatePath` reaches a stored property.
///
/// `ifLet(\.$destination, …)` names the storage through the property wrapper's projection,
/// a computed property: the key-path runtime reaches it through a getter and a setter, and
/// allocates a buffer for each access (six per parent action, `benchmarks --allocations`). The
/// storage itself (`_destination`) is stored inline, at one offset for every value of the
/// parent's type. It is found by looking in the parent's bytes for the presentation's box and
/// stamp, and proven by changing the stamp there and reading it back through the key path: only
/// the real storage shows the change. Only a key path of one component, the projection itself
/// (`\.$destination`), is looked for: a path through other properties may pass one with
/// observers (`didSet`), which a write at an offset would skip, or an optional. Elsewhere, and
/// where the storage is not inline (behind a box or a class), the key path is used as before.
@usableFromInline
final class PresentationStorage<Root, Child>: Sendable {
  /// The offset; `unresolved` until the first action, `notInline` where none was found.
  @usableFromInline let offset = AtomicCell(PresentationStorage.unresolved)
  @usableFromInline static var unresolved: Int { -1 }
  @usableFromInline static var notInline: Int { -2 }

  @usableFromInline init() {}

  /// The storage's offset in `root`, found on the first call; `nil` where it is not inline.
  @inlinable
  func offset(
    in root: inout Root, _ keyPath: WritableKeyPath<Root, PresentationState<Child>>
  ) -> Int? {
    let known = offset.load(ordering: .relaxed)
    if known >= 0 { return known }
    if known == Self.notInline { return nil }
    let found = locate(in: &root, keyPath)
    offset.store(found ?? Self.notInline, ordering: .relaxed)
    return found
  }

  @usableFromInline
  func locate(
    in root: inout Root, _ keyPath: WritableKeyPath<Root, PresentationState<Child>>
  ) -> Int? {
    typealias Storage = PresentationState<Child>
    guard Self.isProjectionOnly(keyPath) else { return nil }
    guard let boxOffset = MemoryLayout<Storage>.offset(of: \Storage.box),
      let stampOffset = MemoryLayout<Storage>.offset(of: \Storage.stamp),
      MemoryLayout<Root>.size >= MemoryLayout<Storage>.size
    else { return nil }
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
    // NB: a copy of the same presentation elsewhere in the state holds the same box and stamp;
    // only the storage the key path reads shows a change made at its offset.
    for start in candidates {
      let probe = UniqueStamp.next()
      withUnsafeMutableBytes(of: &root) {
        $0.storeBytes(of: probe, toByteOffset: start + stampOffset, as: Int.self)
      }
      let seen = root[keyPath: keyPath].stamp
      withUnsafeMutableBytes(of: &root) {
        $0.storeBytes(of: original.stamp, toByteOffset: start + stampOffset, as: Int.self)
      }
      if seen == probe { return start }
    }
    return nil
  }

  /// Whether `keyPath` is one component, a computed property of the root (the projection
  /// `\.$destination`), as its description shows it: `\State.<computed 0x… (Type)>`, or, where
  /// the runtime names computed properties, `\State.$destination`.
  static func isProjectionOnly(_ keyPath: AnyKeyPath) -> Bool {
    let text = "\(keyPath)"
    let prefix = "\\\(String(describing: Root.self))."
    guard text.hasPrefix(prefix) else { return false }
    let rest = text.dropFirst(prefix.count)
    if rest.hasPrefix("$") {
      return rest.dropFirst().allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }
    guard rest.hasPrefix("<computed "), let open = rest.range(of: " (")?.upperBound else {
      return false
    }
    // NB: the value's type, in parentheses, may hold dots and angle brackets of its own; the
    // component must end right after it.
    var depth = 1
    var index = open
    while index < rest.endIndex, depth > 0 {
      if rest[index] == "(" { depth += 1 }
      if rest[index] == ")" { depth -= 1 }
      index = rest.index(after: index)
    }
    return depth == 0 && rest[index...] == ">"
  }
}
