import Foundation
import ReducerKit

/// What an encoding kept of one value that is not a primitive: the value itself, its JSON, and
/// the same of the values its encoding met, in the order it met them.
///
/// The next encoding of a state reuses it for a value whose bytes are those of the kept value
/// (compared with `memcmp`): the recorder then costs what a step changed, not what the state
/// holds. Equal bytes are equal values for a value type: a copy-on-write buffer whose address is
/// the same is the same buffer, unchanged, since the kept value shares it (any write to it
/// copies it first). What holds a class instance is never reused, since the instance can change
/// in place: a `Shared` value (it marks the encoder's sighting) or anything of a class type.
/// Bytes can differ for equal values (padding, a copy of a buffer): that is only a value
/// encoded again — except in an array, whose elements are then compared as copies whose
/// padding is zero, since the app's copy of an array leaves garbage in every element's.
class EncodedValue {
  /// The kept value's type.
  let type: ObjectIdentifier
  /// Its JSON, canonical.
  let json: JSONValue
  /// What its encoding kept of the values it met, in order. (An array's are moved into the
  /// encoding after it, which drops this one: see `takeParts()`.)
  private(set) var parts: [EncodedValue]
  /// Whether it may stand for an equal value: it holds no class instance.
  let isReusable: Bool
  /// For an array whose elements' bytes differ where the values do not, a copy of the array
  /// whose elements' padding is zero, which the next encoding compares with (see
  /// `zeroPadded()`). On every kept value, not only on arrays' typed ones: an optional of each
  /// kept value's own type was initialized and destroyed for every post of a feed.
  var comparable: Any?
  /// Whether its type is an ``ElementwiseEncodable`` collection (known once per type: the
  /// dynamic cast that tells was most of a small state's encoding).
  let isElementwise: Bool

  init(
    type: ObjectIdentifier, json: JSONValue, parts: [EncodedValue], isReusable: Bool,
    isElementwise: Bool
  ) {
    self.type = type
    self.json = json
    self.parts = parts
    self.isReusable = isReusable
    self.isElementwise = isElementwise
  }

  /// The parts, moved out: the encoding that replaces this one splices the few that changed
  /// into them in place, rather than copying every one (a feed's one part per post, retained
  /// into the new list and released with the old one at every step it grew).
  func takeParts() -> [EncodedValue] {
    var taken: [EncodedValue] = []
    swap(&taken, &parts)
    return taken
  }
}

/// An ``EncodedValue`` with its value.
final class KeptValue<T>: EncodedValue {
  let value: T

  init(
    _ value: T, json: JSONValue, parts: [EncodedValue], isReusable: Bool, isElementwise: Bool
  ) {
    self.value = value
    super.init(
      type: ObjectIdentifier(T.self), json: json, parts: parts, isReusable: isReusable,
      isElementwise: isElementwise)
  }

  /// Whether `other` has the kept value's bytes.
  func hasBytes(of other: T) -> Bool { haveSameBytes(value, other) }
}

/// The parts being kept while one value is encoded: what the encoding before kept of the same
/// value (to be reused in the same order), and what this one keeps.
final class EncodingFrame {
  // NB: unchecked exclusivity: a frame is used by one encoding, on one thread; the dynamic
  // checks were a tenth of recording a growing state.
  private let previous: [EncodedValue]
  @exclusivity(unchecked) private var cursor = 0
  /// What this encoding kept, in order.
  @exclusivity(unchecked) private(set) var parts: [EncodedValue] = []
  /// Whether anything kept holds a class instance.
  @exclusivity(unchecked) private(set) var holdsReference = false
  /// Marked by every `Shared` value encoded.
  let sighting: SharedSighting

  init(previous: [EncodedValue], sighting: SharedSighting) {
    self.previous = previous
    self.sighting = sighting
  }

  /// The JSON kept for `value` by the encoding before, if the value it met at this point had
  /// the same type and bytes. (Only values that are not primitives are kept, so a kept value
  /// of `T`'s type says that `T` is not one.)
  func reused<T>(_ value: T) -> JSONValue? {
    guard cursor < previous.count else { return nil }
    let before = previous[cursor]
    guard before.isReusable, before.type == ObjectIdentifier(T.self) else { return nil }
    let kept = unsafeDowncast(before, to: KeptValue<T>.self)
    guard kept.hasBytes(of: value) else { return nil }
    cursor += 1
    parts.append(kept)
    return kept.json
  }

  /// The JSON of `value`, which is not a primitive, encoded with what the encoding before kept
  /// of its parts.
  func json<T: Encodable>(
    _ value: T, at codingPath: @autoclosure () -> [any CodingKey],
    userInfo: [CodingUserInfoKey: Any]
  ) throws -> JSONValue {
    let before = cursor < previous.count ? previous[cursor] : nil
    cursor += 1
    // NB: what was kept of another type is of no use, except as parts met in the same order.
    let sameType = before.flatMap { $0.type == ObjectIdentifier(T.self) ? $0 : nil }
    let sightedBefore = sighting.seen.load(ordering: .relaxed)
    sighting.seen.store(false, ordering: .relaxed)
    defer { if sightedBefore { sighting.seen.store(true, ordering: .relaxed) } }
    let json: JSONValue
    let kept: [EncodedValue]
    var holdsReference: Bool
    var comparable: Any?
    let isElementwise = sameType?.isElementwise ?? (value is any ElementwiseEncodable)
    if let sameType, sameType.isReusable, isElementwise,
      let array = value as? any ElementwiseEncodable,
      let encoded = try array.encodeElementwise(
        reusing: sameType, at: codingPath(), userInfo: userInfo, sighting: sighting)
    {
      (json, kept, holdsReference) = (encoded.json, encoded.parts, encoded.holdsReference)
      comparable = encoded.comparable
    } else {
      let frame = EncodingFrame(previous: before?.parts ?? [], sighting: sighting)
      json = try CanonicalEncoder.encoded(
        value, at: codingPath(), userInfo: userInfo, frame: frame, before: sameType?.json)
      (kept, holdsReference) = (frame.parts, frame.holdsReference)
    }
    holdsReference =
      holdsReference || sighting.seen.load(ordering: .relaxed) || T.self is AnyObject.Type
    let encoded = KeptValue(
      value, json: json, parts: kept, isReusable: !holdsReference, isElementwise: isElementwise)
    encoded.comparable = comparable
    parts.append(encoded)
    if holdsReference { self.holdsReference = true }
    return json
  }
}

/// An array, which the recorder encodes again only between the runs of elements it shares
/// with the array it kept, found by comparing their bytes: a step that appends a post to a feed
/// of thousands encodes one post. (`Array`'s own `encode(to:)` gives the same JSON, element
/// by element.)
protocol ElementwiseEncodable {
  /// The JSON of this array, what to keep of its elements, and whether they hold a class
  /// instance; `nil` if `before` cannot serve (the caller then encodes the array whole).
  func encodeElementwise(
    reusing before: EncodedValue, at codingPath: [any CodingKey],
    userInfo: [CodingUserInfoKey: Any], sighting: SharedSighting
  ) throws -> ElementwiseEncoding?
}

/// What an elementwise encoding gives: the JSON, what to keep of the elements, whether they
/// hold a class instance, and the copy to compare the next encoding with, if it made one.
struct ElementwiseEncoding {
  var json: JSONValue
  var parts: [EncodedValue]
  var holdsReference: Bool
  var comparable: Any?
}

extension Array: ElementwiseEncodable where Element: Encodable {
  func encodeElementwise(
    reusing before: EncodedValue, at codingPath: [any CodingKey],
    userInfo: [CodingUserInfoKey: Any], sighting: SharedSighting
  ) throws -> ElementwiseEncoding? {
    let kept = unsafeDowncast(before, to: KeptValue<[Element]>.self)
    let old = kept.value
    guard MemoryLayout<Element>.size > 0, case .array(let oldJSON) = kept.json,
      oldJSON.count == old.count, kept.parts.isEmpty || kept.parts.count == old.count
    else { return nil }
    var (prefix, suffix) = old.withUnsafeBufferPointer { old in
      withUnsafeBufferPointer { new in commonEnds(old, new) }
    }
    // NB: more than one element differing in its bytes may be padding: a copy of a struct
    // copies its fields, not the bytes between them, so every element of an array the app
    // copied (its append, while a kept step shares the buffer) can differ from the kept one
    // there. Then both are compared as copies whose padding is zero: a post with a `Bool`
    // before its strings made a growing session re-encode its whole feed each step, 4,000
    // steps in 4.9 s against 0.36 s without the `Bool` (`benchmarks --session-only
    // growing:4000`, the field added); 0.45 s compared this way.
    var comparable: [Element]?
    if old.count - prefix - suffix > 1, count - prefix - suffix > 1 {
      let zeroed = zeroPadded()
      let zeroedBefore = kept.comparable as? [Element] ?? old.zeroPadded()
      (prefix, suffix) = zeroedBefore.withUnsafeBufferPointer { old in
        zeroed.withUnsafeBufferPointer { new in commonEnds(old, new) }
      }
      comparable = zeroed
    }
    let oldMiddle = prefix..<(old.count - suffix)
    let frame = EncodingFrame(
      previous: kept.parts.isEmpty ? [] : [EncodedValue](kept.parts[oldMiddle]), sighting: sighting)
    // NB: made at its size, the kept ends copied into it an element at a time and the middle
    // encoded into it in place: appended, each element cost the append's checks too (a growing
    // step 582 → 559 thousand instructions at 2k–4k steps), and copied as a run
    // (`initialize(from:count:)`, or slices), the runtime's generic copy (408 → 398 thousand at
    // 1k–2k when the ends went from slices to appends).
    let json = try oldJSON.withUnsafeBufferPointer { source in
      try [JSONValue](unsafeUninitializedCapacity: count) { target, initialized in
        // NB: an empty kept array has no buffer: then it has no ends to copy either.
        guard let to = target.baseAddress else { return }
        if let from = source.baseAddress {
          for index in 0..<prefix { (to + index).initialize(to: from[index]) }
        }
        initialized = prefix
        for index in prefix..<(count - suffix) {
          (to + index).initialize(
            to: try CanonicalEncoder.json(
              self[index], at: codingPath + [AnyCodingKey(intValue: index)], userInfo: userInfo,
              frame: frame))
          initialized += 1
        }
        let shift = old.count - count
        if let from = source.baseAddress {
          for index in (count - suffix)..<count { (to + index).initialize(to: from[index + shift]) }
        }
        initialized = count
      }
    }
    // NB: elements that are not primitives keep one part each; primitives none.
    let middleCount = count - suffix - prefix
    if kept.parts.isEmpty, frame.parts.isEmpty {
      SpliceHints.note(in: userInfo, old: oldJSON, new: json, prefix: prefix, suffix: suffix)
      return ElementwiseEncoding(
        json: .array(json), parts: [], holdsReference: frame.holdsReference,
        comparable: comparable)
    }
    guard frame.parts.count == middleCount, kept.parts.count == old.count else { return nil }
    SpliceHints.note(in: userInfo, old: oldJSON, new: json, prefix: prefix, suffix: suffix)
    // NB: moved out of the kept array, which this encoding replaces, once its elements are
    // encoded: an element that throws leaves them where they were (a value after the array
    // that throws leaves them taken, and the next encoding encodes the array whole once).
    var parts = kept.takeParts()
    parts.replaceSubrange(oldMiddle, with: frame.parts)
    return ElementwiseEncoding(
      json: .array(json), parts: parts, holdsReference: frame.holdsReference,
      comparable: comparable)
  }

  /// A copy whose elements' padding — the bytes between their fields, which a copy does not
  /// write — is zero: elements made from one another compare equal as bytes.
  func zeroPadded() -> [Element] {
    [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
      guard let target = buffer.baseAddress else { return }
      memset(target, 0, count * MemoryLayout<Element>.stride)
      withUnsafeBufferPointer { source in
        if let source = source.baseAddress { target.initialize(from: source, count: count) }
      }
      initialized = count
    }
  }
}

extension Set: ElementwiseEncodable where Element: Encodable {
  /// A set is encoded in canonical order: the kept set's JSON, less what it lost, with what it
  /// gained sorted and merged in, found by hashing the elements themselves, not their JSON. An
  /// element equal to a kept one is that one only if their bytes agree (see
  /// `haveSameValue(_:_:)`): `==` is the element type's own, and may leave out what the JSON
  /// holds.
  func encodeElementwise(
    reusing before: EncodedValue, at codingPath: [any CodingKey],
    userInfo: [CodingUserInfoKey: Any], sighting: SharedSighting
  ) throws -> ElementwiseEncoding? {
    let kept = unsafeDowncast(before, to: KeptValue<Set<Element>>.self)
    // NB: the parts a set encoded whole kept (one per element that is not a primitive) are not
    // read here: a patched set keeps none, as its elements are found by set difference.
    guard case .array(let json) = kept.json else { return nil }
    let old = kept.value
    // NB: a kept element equal to a new one whose bytes differ is lost, and the new one gained:
    // a tag equal by its id had kept its old name in the recording once renamed, and a string
    // equal to another as Unicode (a precomposed "é" and an "e" with its accent apart) its old
    // text. Looking each element up and comparing its bytes costs more than the difference
    // (a growing step's set of about 375 ids, 399 → 422 thousand instructions): the types
    // whose equality is identity keep the difference.
    var gained: [Element] = []
    var lost: [Element] = []
    var found = 0
    if Self.walksInOrder, let walked = walkedDifference(from: old) {
      (gained, lost, found) = (walked.gained, walked.lost, old.count)
    } else if Self.equalityIsIdentity {
      gained = Array(subtracting(old))
      if old.count - count + gained.count != 0 { lost = Array(old.subtracting(self)) }
      found = old.count
    } else {
      for element in self {
        guard let index = old.firstIndex(of: element) else {
          gained.append(element)
          continue
        }
        found += 1
        if !haveSameValue(old[index], element) {
          lost.append(old[index])
          gained.append(element)
        }
      }
    }
    // NB: most steps lose nothing and skip the second pass.
    if found < old.count { lost += old.lazy.filter { !contains($0) } }
    let frame = EncodingFrame(previous: [], sighting: sighting)
    func encoded(_ elements: [Element]) throws -> [JSONValue] {
      try elements.map {
        try CanonicalEncoder.json(
          $0, at: codingPath + [AnyCodingKey("element")], userInfo: userInfo, frame: frame)
      }
    }
    // NB: the places found in the kept JSON, which is then copied once with them applied: an
    // insertion into it copied it through the runtime's generic copy, 70 instructions an
    // element (a growing step's set of about 1,000 ids, `benchmarks --session-only
    // growing:4000`).
    var removed: [Int] = []
    for element in try encoded(lost) {
      var index = canonicalIndex(of: element, in: json)
      // NB: elements that encode alike are removed one after the other.
      while removed.contains(index) { index += 1 }
      guard index < json.count, json[index] == element else { return nil }
      removed.append(index)
    }
    let inserted = try encoded(gained).sorted { $0.canonicallyPrecedes($1) }.map {
      (index: canonicalIndex(of: $0, in: json), value: $0)
    }
    removed.sort()
    let patched = spliced(json, removing: removed, inserting: inserted)
    // NB: the kept elements before the first change and after the last are the kept JSON's.
    let firstChange = Swift.min(removed.first ?? json.count, inserted.first?.index ?? json.count)
    let lastChange = Swift.max((removed.last ?? -1) + 1, inserted.last?.index ?? 0)
    SpliceHints.note(
      in: userInfo, old: json, new: patched, prefix: firstChange,
      suffix: json.count - Swift.max(lastChange, firstChange))
    return ElementwiseEncoding(
      json: .array(patched), parts: [], holdsReference: frame.holdsReference)
  }

  /// Whether the set's differences are found by ``walkedDifference(from:)``: for the element
  /// types it is specialized for (ids and tags), which it walks at a few instructions an
  /// element; unspecialized, its iteration through value witnesses cost more than hashing.
  static var walksInOrder: Bool {
    let type = Element.self
    return type == Int.self || type == UUID.self || type == String.self
  }

  /// What this set gained and `old` lost, found by walking both in their iteration order: a
  /// copy of a set's storage keeps every element in its bucket, so the app's write to a kept
  /// set (an element inserted or removed) leaves the rest in the same order, and the walk
  /// compares their bytes (`haveSameValue(_:_:)`), looking up only the elements where the
  /// orders part. `nil` where an element of each is found in the other — the orders parted (a
  /// resize rehashed the elements) or an element equal to a kept one changed — and the caller
  /// looks every element up.
  // NB: looking every element up hashed each through the element type's witnesses, in the
  // unspecialized code an existential call runs: a growing step's set of about 1,000 ids cost
  // about 150 thousand instructions in `Set.subtracting` alone (`benchmarks --session-only
  // growing:4000`, callgrind).
  @_specialize(where Element == Int)
  @_specialize(where Element == UUID)
  @_specialize(where Element == String)
  func walkedDifference(from old: Self) -> (gained: [Element], lost: [Element])? {
    var (oldElements, newElements) = (old.makeIterator(), makeIterator())
    var (was, now) = (oldElements.next(), newElements.next())
    var (gained, lost): ([Element], [Element]) = ([], [])
    while let kept = was, let element = now {
      if haveSameValue(kept, element) {
        (was, now) = (oldElements.next(), newElements.next())
      } else if !old.contains(element) {
        gained.append(element)
        now = newElements.next()
      } else if !contains(kept) {
        lost.append(kept)
        was = oldElements.next()
      } else {
        return nil
      }
    }
    while let element = now {
      guard !old.contains(element) else { return nil }
      gained.append(element)
      now = newElements.next()
    }
    while let kept = was {
      guard !contains(kept) else { return nil }
      lost.append(kept)
      was = oldElements.next()
    }
    return (gained, lost)
  }

  /// Whether two equal elements are always the same value, written alike: integers, booleans
  /// and UUIDs, whose `==` is their bytes' (a string's is Unicode's, a float's makes `-0` and
  /// `0` equal, and a type of the app's own may compare its id alone).
  static var equalityIsIdentity: Bool {
    let type = Element.self
    return type == Int.self || type == Int64.self || type == Int32.self || type == Int16.self
      || type == Int8.self || type == UInt.self || type == UInt64.self || type == UInt32.self
      || type == UInt16.self || type == UInt8.self || type == Bool.self || type == UUID.self
  }

}

extension Dictionary: ElementwiseEncodable where Key: Encodable, Value: Encodable {
  /// A dictionary is the kept one's JSON with the entries it lost removed and those it gained
  /// added, found by looking each key up in the kept dictionary: an entry whose key or value is
  /// another value than the kept one's (by their bytes, see `haveSameValue(_:_:)`) is one lost
  /// and one gained. Each entry changed is encoded as a dictionary of that one entry, so that
  /// its key is written as the dictionary writes it (a field of an object for `String` and
  /// `Int` keys, a pair of an array in canonical order for others). (Encoded whole, a growing
  /// dictionary's values were compared with the kept ones in order, and each after a key added
  /// encoded again: a feed keeping its posts by id took 8.1 s for 4,000 steps, against 0.32 s
  /// without.)
  func encodeElementwise(
    reusing before: EncodedValue, at codingPath: [any CodingKey],
    userInfo: [CodingUserInfoKey: Any], sighting: SharedSighting
  ) throws -> ElementwiseEncoding? {
    let kept = unsafeDowncast(before, to: KeptValue<[Key: Value]>.self)
    let old = kept.value
    var gained: [(key: Key, value: Value)] = []
    var lost: [(key: Key, value: Value)] = []
    var found = 0
    for entry in self {
      guard let index = old.index(forKey: entry.key) else {
        gained.append(entry)
        continue
      }
      found += 1
      let was = old[index]
      if !haveSameValue(was.key, entry.key) || !haveSameValue(was.value, entry.value) {
        lost.append(was)
        gained.append(entry)
      }
    }
    // NB: most steps lose nothing and skip the second pass.
    if found < old.count { lost += old.lazy.filter { self.index(forKey: $0.key) == nil } }
    let frame = EncodingFrame(previous: [], sighting: sighting)
    func encoded(_ entry: (key: Key, value: Value)) throws -> JSONValue {
      try CanonicalEncoder.json(
        [entry.key: entry.value], at: codingPath, userInfo: userInfo, frame: frame)
    }
    switch kept.json {
    case .object(let keptFields):
      var fields = keptFields
      var changed: [String] = []
      for entry in lost {
        guard case .object(let one) = try encoded(entry), one.count == 1, let key = one.keys.first,
          fields.removeValue(forKey: key) != nil
        else { return nil }
        changed.append(key)
      }
      for entry in gained {
        guard case .object(let one) = try encoded(entry), one.count == 1,
          let (key, value) = one.first,
          fields.updateValue(value, forKey: key) == nil
        else { return nil }
        changed.append(key)
      }
      SpliceHints.note(in: userInfo, old: keptFields, new: fields, changed: changed)
      return ElementwiseEncoding(
        json: .object(fields), parts: [], holdsReference: frame.holdsReference)
    case .array(var pairs) where pairs.count.isMultiple(of: 2):
      for entry in lost {
        guard case .array(let one) = try encoded(entry), one.count == 2 else { return nil }
        let index = canonicalIndex(of: one[0], in: pairs, width: 2)
        guard index < pairs.count, pairs[index] == one[0], pairs[index + 1] == one[1] else {
          return nil
        }
        pairs.removeSubrange(index..<(index + 2))
      }
      for entry in gained {
        guard case .array(let one) = try encoded(entry), one.count == 2 else { return nil }
        let index = canonicalIndex(of: one[0], in: pairs, width: 2)
        // NB: two keys that encode alike cannot be ordered by their JSON: encoded whole.
        guard index == pairs.count || pairs[index] != one[0] else { return nil }
        pairs.insert(contentsOf: one, at: index)
      }
      return ElementwiseEncoding(
        json: .array(pairs), parts: [], holdsReference: frame.holdsReference)
    default: return nil
    }
  }

}

/// `sorted` without the elements at `removed` (ascending indices into it), with each of
/// `inserted` put before the element at its index (or at the end), in their order: made at its
/// size, the elements kept copied into it in place.
// NB: appended an element at a time, the copy cost 74 instructions an element, as much as the
// insertion into a copy of the whole it replaced (the runtime's generic copy).
func spliced(
  _ sorted: [JSONValue], removing removed: [Int],
  inserting inserted: [(index: Int, value: JSONValue)]
) -> [JSONValue] {
  let count = sorted.count - removed.count + inserted.count
  return sorted.withUnsafeBufferPointer { source in
    [JSONValue](unsafeUninitializedCapacity: count) { target, initialized in
      // NB: an empty `sorted` has no buffer, and nothing to copy from it.
      guard let to = target.baseAddress else { return }
      var (next, written, nextRemoved, nextInserted) = (0, 0, 0, 0)
      // Copies the kept elements from `next` up to `end`, the ones removed left out.
      func copyKept(upTo end: Int) {
        guard let from = source.baseAddress else { return }
        while next < end {
          var runEnd = end
          if nextRemoved < removed.count, removed[nextRemoved] < end {
            runEnd = removed[nextRemoved]
          }
          // NB: an element at a time: `initialize(from:count:)` copies through the runtime's
          // generic copy, 68 instructions an element.
          while next < runEnd {
            (to + written).initialize(to: from[next])
            written += 1
            next += 1
          }
          if next < end {
            next += 1
            nextRemoved += 1
          }
        }
      }
      while nextInserted < inserted.count {
        copyKept(upTo: min(inserted[nextInserted].index, source.count))
        (to + written).initialize(to: inserted[nextInserted].value)
        written += 1
        nextInserted += 1
      }
      copyKept(upTo: source.count)
      initialized = written
    }
  }
}

/// The first index of `sorted` — a set's elements, or a dictionary's keys and values
/// alternating (`width` 2), in the canonical order of the elements or keys — whose element or
/// key does not precede `element`.
func canonicalIndex(of element: JSONValue, in sorted: [JSONValue], width: Int = 1) -> Int {
  var (low, high) = (0, sorted.count / width)
  while low < high {
    let middle = (low + high) / 2
    if sorted[width * middle].canonicallyPrecedes(element) {
      low = middle + 1
    } else {
      high = middle
    }
  }
  return width * low
}

/// Whether `left` and `right` are the same bytes (up to the type's size).
func haveSameBytes<T>(_ left: T, _ right: T) -> Bool {
  withUnsafeBytes(of: left) { left in
    withUnsafeBytes(of: right) { right in
      guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else { return true }
      return memcmp(leftBase, rightBase, left.count) == 0
    }
  }
}

/// Whether the values of type `T` at `left` and `right` are the same bytes, up to the type's
/// size (not its padding).
// NB: a type padded to whole words — a JSON value is 9 bytes in 16 — is compared a word at a
// time, the last word masked to the type's size: its padding is whatever the buffer held, so
// runs of elements cannot be compared with one `memcmp`, and one `memcmp` of 9 bytes an element
// was most of finding the changes in a growing array (`benchmarks --sessions --instructions`).
@inline(__always)
func haveSameBytes<T>(_ left: UnsafeRawPointer, _ right: UnsafeRawPointer, as _: T.Type) -> Bool {
  let size = MemoryLayout<T>.size
  #if _endian(little)
    // NB: aligned to 8, a type's stride reaches the end of its last word: the load stays in it.
    if size % 8 != 0, MemoryLayout<T>.alignment >= 8 {
      let words = size / 8
      for word in 0..<words
      where left.load(fromByteOffset: word * 8, as: UInt64.self)
        != right.load(fromByteOffset: word * 8, as: UInt64.self)
      {
        return false
      }
      let mask = (1 as UInt64) << UInt64((size % 8) * 8) &- 1
      let last = words * 8
      return
        (left.load(fromByteOffset: last, as: UInt64.self)
        ^ right.load(fromByteOffset: last, as: UInt64.self)) & mask == 0
    }
  #endif
  return memcmp(left, right, size) == 0
}

/// Whether `left` and `right` are the same value by their bytes, padding aside: the same bytes,
/// or copies of them into zeroed memory that are (a copy writes a value's fields, not the
/// bytes between them). Sound either way: values whose every written byte agrees are one value.
func haveSameValue<T>(_ left: T, _ right: T) -> Bool {
  if haveSameBytes(left, right) { return true }
  let (size, stride) = (MemoryLayout<T>.size, MemoryLayout<T>.stride)
  return withUnsafeTemporaryAllocation(of: T.self, capacity: 2) { buffer in
    guard let base = buffer.baseAddress else { return false }
    memset(base, 0, 2 * stride)
    base.initialize(to: left)
    (base + 1).initialize(to: right)
    defer { base.deinitialize(count: 2) }
    return memcmp(base, base + 1, size) == 0
  }
}

/// How many elements of `old` and `new` (of type `T`) are the same bytes at their start, and
/// then at their end.
func commonEnds<T>(
  _ old: UnsafeBufferPointer<T>, _ new: UnsafeBufferPointer<T>
) -> (prefix: Int, suffix: Int) {
  let prefix = commonPrefix(old, new, from: 0)
  return (prefix, commonSuffix(old, new, upTo: Swift.min(old.count, new.count) - prefix))
}

/// How many elements of `old` and `new` from `start` on are the same bytes, counted from
/// `start`. (Bytes past an element's size, its tail padding, are not compared: a copy of an
/// element does not copy them.)
func commonPrefix<T>(
  _ old: UnsafeBufferPointer<T>, _ new: UnsafeBufferPointer<T>, from start: Int
) -> Int {
  guard let oldBase = old.baseAddress, let newBase = new.baseAddress else { return 0 }
  let (size, stride) = (MemoryLayout<T>.size, MemoryLayout<T>.stride)
  let (oldBytes, newBytes) = (UnsafeRawPointer(oldBase), UnsafeRawPointer(newBase))
  let end = Swift.min(old.count, new.count)
  var index = start
  // NB: runs of 64 elements at a time where elements have no padding, then one by one.
  if size == stride {
    while index + 64 <= end,
      memcmp(oldBytes + index * stride, newBytes + index * stride, 64 * stride) == 0
    {
      index += 64
    }
  }
  while index < end,
    haveSameBytes(oldBytes + index * stride, newBytes + index * stride, as: T.self)
  {
    index += 1
  }
  return index - start
}

/// How many elements at the ends of `old` and `new`, at most `limit`, are the same bytes.
func commonSuffix<T>(
  _ old: UnsafeBufferPointer<T>, _ new: UnsafeBufferPointer<T>, upTo limit: Int
) -> Int {
  guard let oldBase = old.baseAddress, let newBase = new.baseAddress else { return 0 }
  let (size, stride) = (MemoryLayout<T>.size, MemoryLayout<T>.stride)
  let oldEnd = UnsafeRawPointer(oldBase) + old.count * stride
  let newEnd = UnsafeRawPointer(newBase) + new.count * stride
  var count = 0
  if size == stride {
    while count + 64 <= limit,
      memcmp(oldEnd - (count + 64) * stride, newEnd - (count + 64) * stride, 64 * stride) == 0
    {
      count += 64
    }
  }
  while count < limit,
    haveSameBytes(oldEnd - (count + 1) * stride, newEnd - (count + 1) * stride, as: T.self)
  {
    count += 1
  }
  return count
}
