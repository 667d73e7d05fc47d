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
/// encoded again.
class EncodedValue {
  /// The kept value's type.
  let type: ObjectIdentifier
  /// Its JSON, canonical.
  let json: JSONValue
  /// What its encoding kept of the values it met, in order.
  let parts: [EncodedValue]
  /// Whether it may stand for an equal value: it holds no class instance.
  let isReusable: Bool
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
    let isElementwise = sameType?.isElementwise ?? (value is any ElementwiseEncodable)
    if let sameType, sameType.isReusable, isElementwise,
      let array = value as? any ElementwiseEncodable,
      let encoded = try array.encodeElementwise(
        reusing: sameType, at: codingPath(), userInfo: userInfo, sighting: sighting)
    {
      (json, kept, holdsReference) = encoded
    } else {
      let frame = EncodingFrame(previous: before?.parts ?? [], sighting: sighting)
      json = try CanonicalEncoder.encoded(
        value, at: codingPath(), userInfo: userInfo, frame: frame, before: sameType?.json)
      (kept, holdsReference) = (frame.parts, frame.holdsReference)
    }
    holdsReference =
      holdsReference || sighting.seen.load(ordering: .relaxed) || T.self is AnyObject.Type
    parts.append(
      KeptValue(
        value, json: json, parts: kept, isReusable: !holdsReference, isElementwise: isElementwise))
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
  ) throws -> (JSONValue, [EncodedValue], Bool)?
}

extension Array: ElementwiseEncodable where Element: Encodable {
  func encodeElementwise(
    reusing before: EncodedValue, at codingPath: [any CodingKey],
    userInfo: [CodingUserInfoKey: Any], sighting: SharedSighting
  ) throws -> (JSONValue, [EncodedValue], Bool)? {
    let kept = unsafeDowncast(before, to: KeptValue<[Element]>.self)
    let old = kept.value
    guard MemoryLayout<Element>.size > 0, case .array(let oldJSON) = kept.json,
      oldJSON.count == old.count, kept.parts.isEmpty || kept.parts.count == old.count
    else { return nil }
    let (prefix, suffix) = old.withUnsafeBufferPointer { old in
      withUnsafeBufferPointer { new in commonEnds(old, new) }
    }
    let oldMiddle = prefix..<(old.count - suffix)
    let frame = EncodingFrame(
      previous: kept.parts.isEmpty ? [] : [EncodedValue](kept.parts[oldMiddle]), sighting: sighting)
    // NB: the capacity first, then the kept start: made from the start and then reserved, the
    // start was copied twice (once more each step a feed grows, `benchmarks --sessions`).
    var json: [JSONValue] = []
    json.reserveCapacity(count)
    json += oldJSON[..<prefix]
    for index in prefix..<(count - suffix) {
      json.append(
        try CanonicalEncoder.json(
          self[index], at: codingPath + [AnyCodingKey(intValue: index)], userInfo: userInfo,
          frame: frame))
    }
    json += oldJSON[(old.count - suffix)...]
    // NB: elements that are not primitives keep one part each; primitives none.
    let middleCount = count - suffix - prefix
    if kept.parts.isEmpty, frame.parts.isEmpty { return (.array(json), [], frame.holdsReference) }
    guard frame.parts.count == middleCount, kept.parts.count == old.count else { return nil }
    var parts: [EncodedValue] = []
    parts.reserveCapacity(count)
    parts += kept.parts[..<prefix]
    parts += frame.parts
    parts += kept.parts[(old.count - suffix)...]
    return (.array(json), parts, frame.holdsReference)
  }
}

extension Set: ElementwiseEncodable where Element: Encodable {
  /// A set is encoded in canonical order: the kept set's JSON, less what it lost, with what it
  /// gained sorted and merged in, found by set difference (hashing the elements themselves,
  /// not their JSON).
  func encodeElementwise(
    reusing before: EncodedValue, at codingPath: [any CodingKey],
    userInfo: [CodingUserInfoKey: Any], sighting: SharedSighting
  ) throws -> (JSONValue, [EncodedValue], Bool)? {
    let kept = unsafeDowncast(before, to: KeptValue<Set<Element>>.self)
    // NB: the parts a set encoded whole kept (one per element that is not a primitive) are not
    // read here: a patched set keeps none, as its elements are found by set difference.
    guard case .array(var json) = kept.json else { return nil }
    let old = kept.value
    let gained = subtracting(old)
    // NB: |lost| = |old| − |new| + |gained|: most steps lose nothing and skip the second pass.
    let lost = old.count - count + gained.count == 0 ? [] : old.subtracting(self)
    let frame = EncodingFrame(previous: [], sighting: sighting)
    func encoded(_ elements: Set<Element>) throws -> [JSONValue] {
      try elements.map {
        try CanonicalEncoder.json(
          $0, at: codingPath + [AnyCodingKey("element")], userInfo: userInfo, frame: frame)
      }
    }
    for element in try encoded(lost) {
      let index = Self.insertionIndex(of: element, in: json)
      guard index < json.count, json[index] == element else { return nil }
      json.remove(at: index)
    }
    for element in try encoded(gained) {
      json.insert(element, at: Self.insertionIndex(of: element, in: json))
    }
    return (.array(json), [], frame.holdsReference)
  }

  /// The first index of `sorted` (in canonical order) whose element does not precede
  /// `element`.
  static func insertionIndex(of element: JSONValue, in sorted: [JSONValue]) -> Int {
    var (low, high) = (0, sorted.count)
    while low < high {
      let middle = (low + high) / 2
      if sorted[middle].canonicallyPrecedes(element) { low = middle + 1 } else { high = middle }
    }
    return low
  }
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
  while index < end, memcmp(oldBytes + index * stride, newBytes + index * stride, size) == 0 {
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
    memcmp(oldEnd - (count + 1) * stride, newEnd - (count + 1) * stride, size) == 0
  {
    count += 1
  }
  return count
}
