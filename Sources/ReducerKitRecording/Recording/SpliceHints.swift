import Foundation

/// Where the arrays of a state's new JSON are the arrays of the JSON before, spliced: the runs
/// at their start and end that an elementwise encoding copied from the kept JSON (see
/// ``ElementwiseEncodable``), which finding the step's changes (``StateChange``) then does not
/// compare again, element by element.
///
/// A hint holds both arrays, so that neither buffer is freed and its address taken by another
/// array while the hint stands: an array of the new JSON at the hint's address, compared with
/// an array of the old JSON at the hint's other address, is the very pair the hint was noted
/// for. The changes found are those found without hints (they are a function of the two values:
/// a hint only says where elements are identical, which the comparison would find).
final class SpliceHints {
  struct Hint {
    let old: [JSONValue]
    let new: [JSONValue]
    /// How many elements at the start, then at the end, of `new` are `old`'s, identical.
    let prefix: Int
    let suffix: Int
  }

  private var hints: [UnsafeRawPointer: Hint] = [:]

  /// How many arrays have hints.
  var count: Int { hints.count }

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
    guard !hints.isEmpty, let address = Self.address(of: new), let hint = hints[address],
      hint.old.count == old.count, hint.new.count == new.count,
      Self.address(of: old) == Self.address(of: hint.old)
    else { return nil }
    return (hint.prefix, hint.suffix)
  }

  /// Forgets the hints (the JSON they were noted for is compared).
  func removeAll() {
    if !hints.isEmpty { hints.removeAll(keepingCapacity: true) }
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
