import Foundation

/// Where the arrays of a state's new JSON are the arrays of the JSON before, spliced — the runs
/// at their start and end that an elementwise encoding copied from the kept JSON (see
/// ``ElementwiseEncodable``) — and where its objects are, patched (a dictionary's, with the
/// fields it gained, lost or changed): finding the step's changes (``StateChange``) then does
/// not compare the rest again, element by element or field by field.
///
/// A hint holds both arrays (or objects), so that neither storage is freed and its address taken
/// by another while the hint stands: an array of the new JSON at the hint's address, compared
/// with an array of the old JSON at the hint's other address, is the very pair the hint was
/// noted for. The changes found are those found without hints (they are a function of the two values:
/// a hint only says where elements are identical, which the comparison would find).
final class SpliceHints {
  struct Hint {
    let old: [JSONValue]
    let new: [JSONValue]
    /// How many elements at the start, then at the end, of `new` are `old`'s, identical.
    let prefix: Int
    let suffix: Int
  }

  // NB: unchecked exclusivity: a table is used by one encoding and its changes, on one thread.
  @exclusivity(unchecked) private var hints: [UnsafeRawPointer: Hint] = [:]

  /// An object (a dictionary's JSON) patched from the kept one: every field but `changed` is
  /// the kept one's, identical.
  struct ObjectHint {
    let old: [String: JSONValue]
    let new: [String: JSONValue]
    let changed: Set<String>
  }

  @exclusivity(unchecked) private var objectHints: [UnsafeRawPointer: ObjectHint] = [:]

  /// How many arrays and objects have hints.
  var count: Int { hints.count + objectHints.count }

  /// The fewest identical elements worth a hint: comparing fewer costs less than noting them
  /// (a page of 64 posts appended to, `benchmarks --session-only paged`).
  static let fewestElements = 64

  /// Notes that `new`'s first `prefix` and last `suffix` elements were copied from `old`'s, if
  /// they are at least ``fewestElements``: `hints`, from an encoder's user info, if it has any.
  static func note(
    in userInfo: [CodingUserInfoKey: Any], old: [JSONValue], new: [JSONValue], prefix: Int,
    suffix: Int
  ) {
    guard prefix + suffix >= fewestElements, let hints = userInfo[.spliceHints] as? SpliceHints
    else { return }
    hints.note(old: old, new: new, prefix: prefix, suffix: suffix)
  }

  /// Notes that `new`'s first `prefix` and last `suffix` elements were copied from `old`'s.
  func note(old: [JSONValue], new: [JSONValue], prefix: Int, suffix: Int) {
    guard prefix + suffix > 0, let address = Self.address(of: new) else { return }
    hints[address] = Hint(old: old, new: new, prefix: prefix, suffix: suffix)
  }

  /// The identical runs at the ends of `new` and `old`, if they were noted for these two.
  func identicalEnds(of old: [JSONValue], _ new: [JSONValue]) -> (prefix: Int, suffix: Int)? {
    // NB: the addresses alone: the hint holds both buffers, so each is still the one noted,
    // unchanged (a write to a buffer held twice copies it first).
    guard !hints.isEmpty, let address = Self.address(of: new), let hint = hints[address],
      Self.address(of: old) == Self.address(of: hint.old)
    else { return nil }
    return (hint.prefix, hint.suffix)
  }

  /// Notes that `new` is `old` with only the fields `changed` set or removed, if it holds at
  /// least ``fewestElements``: in `hints`, from an encoder's user info, if it has any.
  static func note(
    in userInfo: [CodingUserInfoKey: Any], old: [String: JSONValue], new: [String: JSONValue],
    changed: [String]
  ) {
    guard new.count >= fewestElements, let hints = userInfo[.spliceHints] as? SpliceHints,
      let address = address(of: new)
    else { return }
    hints.objectHints[address] = ObjectHint(old: old, new: new, changed: Set(changed))
  }

  /// The only fields that may differ between `old` and `new`, if noted for these two.
  func changedFields(of old: [String: JSONValue], _ new: [String: JSONValue]) -> Set<String>? {
    guard !objectHints.isEmpty, let address = Self.address(of: new),
      let hint = objectHints[address], Self.address(of: old) == Self.address(of: hint.old)
    else { return nil }
    return hint.changed
  }

  /// Forgets the hints (the JSON they were noted for is compared).
  func removeAll() {
    if !hints.isEmpty { hints.removeAll(keepingCapacity: true) }
    if !objectHints.isEmpty { objectHints.removeAll(keepingCapacity: true) }
  }

  /// The address of a dictionary's storage, which identifies it while it is held; `nil` for an
  /// empty one (they share one storage) or a dictionary that is not one reference.
  private static func address(of object: [String: JSONValue]) -> UnsafeRawPointer? {
    guard !object.isEmpty,
      MemoryLayout<[String: JSONValue]>.size == MemoryLayout<UnsafeRawPointer>.size
    else { return nil }
    return withUnsafeBytes(of: object) { $0.load(as: UnsafeRawPointer.self) }
  }

  private static func address(of array: [JSONValue]) -> UnsafeRawPointer? {
    guard !array.isEmpty else { return nil }
    return array.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
  }
}

extension CodingUserInfoKey {
  /// Set on a recorder's (or a replay's) state encoder to the ``SpliceHints`` its arrays note.
  static let spliceHints: CodingUserInfoKey = {
    guard let key = CodingUserInfoKey(rawValue: "ReducerKitRecording.spliceHints") else {
      preconditionFailure("a non-empty raw value always makes a key")
    }
    return key
  }()
}
