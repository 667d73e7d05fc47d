import Foundation
import ReducerKit

/// Encodes any `Encodable` straight into a ``JSONValue``, canonically: a `Set`'s elements and a
/// dictionary's entries in the order of their encoded text (not the hash order, which differs
/// between instances and processes), integers of any width exact, floats as their shortest exact
/// text. `URL`, `Data` and `Decimal` are written as `JSONDecoder` reads them back (a string, base64
/// and a number).
///
/// It replaces `JSONEncoder` + parsing for recordings: equal values always encode equally, and
/// no number goes through `Double`.
struct CanonicalEncoder {
  /// What the values' `encode(to:)` can read (``CodingUserInfoKey/redactsSensitiveValues``, …).
  var userInfo: [CodingUserInfoKey: Any] = [:]
  /// The sighting ``userInfo`` holds (``CodingUserInfoKey/sharedSighting``), if any.
  var sighting: SharedSighting?

  /// `value`'s JSON.
  /// - Throws: `EncodingError` for a float that is not finite, or what `value` throws.
  func encode(_ value: some Encodable) throws -> JSONValue {
    try Self.json(value, at: [], userInfo: userInfo)
  }

  /// `value`'s JSON, reusing what the encoding before kept (`kept`) for every part of it whose
  /// bytes are unchanged, and keeping this encoding's in `kept` (see ``EncodedValue``). Every
  /// `Shared` value encoded marks `sighting`.
  /// - Throws: What ``encode(_:)`` throws; `kept` then still stands for the value before,
  ///   though an array encoded before the throw may have given up its parts (the next encoding
  ///   encodes that array whole once).
  func encode<T: Encodable>(
    _ value: T, keeping kept: inout EncodedValue?, sighting: SharedSighting
  ) throws -> JSONValue {
    let frame = EncodingFrame(previous: kept.map { [$0] } ?? [], sighting: sighting)
    // NB: the shared values encoded must mark the sighting the frames read (an encoder made
    // with it holds it already: a copy of the user info per step cost hundreds of instructions).
    var userInfo = userInfo
    if self.sighting !== sighting { userInfo[.sharedSighting] = sighting }
    let json = try Self.json(value, at: [], userInfo: userInfo, frame: frame)
    kept = frame.parts.first
    return json
  }

  /// The JSON of one value at `codingPath`: the primitives directly, anything else through its
  /// `encode(to:)` — or what `frame` kept of it, if given — then put in canonical order if it is a
  /// set or a dictionary.
  static func json<T: Encodable>(
    _ value: T, at codingPath: @autoclosure () -> [any CodingKey],
    userInfo: [CodingUserInfoKey: Any], frame: EncodingFrame? = nil
  ) throws -> JSONValue {
    if let frame, let reused = frame.reused(value) { return reused }
    if let primitive = try primitive(value, at: codingPath()) { return primitive }
    if let frame { return try frame.json(value, at: codingPath(), userInfo: userInfo) }
    return try encoded(value, at: codingPath(), userInfo: userInfo, frame: nil, before: nil)
  }

  /// The JSON `value`'s `encode(to:)` writes, in canonical order; its parts are kept in
  /// `frame`, if given. `before` is the JSON of a value of the same type it replaces, if known:
  /// a set or a dictionary keeps its order, and only what it gained is sorted.
  static func encoded<T: Encodable>(
    _ value: T, at codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: Any],
    frame: EncodingFrame?, before: JSONValue?
  ) throws -> JSONValue {
    let unordered = T.self as? any CanonicallyUnordered.Type
    if let unordered {
      // NB: before the elements, so that a collection inside a dictionary is noted with any
      // key in its path (an entry reused unchanged is not encoded again).
      (userInfo[.unorderedCollections] as? UnorderedCollections)?.note(
        codingPath, keyed: unordered.isKeyed)
    }
    let encoder = ValueEncoder(codingPath: codingPath, userInfo: userInfo, frame: frame)
    try value.encode(to: encoder)
    let json = encoder.result
    guard let unordered else { return json }
    return canonicalOrder(json, pairs: unordered.isKeyed, before: before)
  }

  /// The JSON of a value `JSONEncoder` writes its own way, or `nil`.
  // NB: metatype comparisons, not a chain of `as?` casts: each cast of an unknown type into a
  // concrete one is a runtime call (the chain was a sixth of a recorded send).
  static func primitive<T>(
    _ value: T, at codingPath: @autoclosure () -> [any CodingKey]
  ) throws -> JSONValue? {
    let type = T.self
    if type == String.self, let value = value as? String { return .string(value) }
    if type == Bool.self, let value = value as? Bool { return .bool(value) }
    if type == Int.self, let value = value as? Int { return .number(JSONNumber(value)) }
    if type == Int64.self, let value = value as? Int64 { return .number(JSONNumber(value)) }
    if type == UInt64.self, let value = value as? UInt64 { return .number(JSONNumber(value)) }
    if type == Int32.self, let value = value as? Int32 { return .number(JSONNumber(value)) }
    if type == UInt32.self, let value = value as? UInt32 { return .number(JSONNumber(value)) }
    if type == UInt.self, let value = value as? UInt { return .number(JSONNumber(value)) }
    if type == Int16.self, let value = value as? Int16 { return .number(JSONNumber(value)) }
    if type == UInt16.self, let value = value as? UInt16 { return .number(JSONNumber(value)) }
    if type == Int8.self, let value = value as? Int8 { return .number(JSONNumber(value)) }
    if type == UInt8.self, let value = value as? UInt8 { return .number(JSONNumber(value)) }
    if type == Double.self, let value = value as? Double {
      guard let number = JSONNumber(value) else { throw notFinite(value, at: codingPath()) }
      return .number(number)
    }
    if type == Float.self, let value = value as? Float {
      guard let number = JSONNumber(value) else { throw notFinite(value, at: codingPath()) }
      return .number(number)
    }
    if type == Decimal.self, let value = value as? Decimal {
      guard let number = JSONNumber(text: value.description) else {
        throw notFinite(value, at: codingPath())
      }
      return .number(number)
    }
    if type == URL.self, let value = value as? URL { return .string(value.absoluteString) }
    if type == Data.self, let value = value as? Data {
      return .string(value.base64EncodedString())
    }
    return nil
  }

  static func notFinite(_ value: Any, at codingPath: [any CodingKey]) -> EncodingError {
    EncodingError.invalidValue(
      value,
      EncodingError.Context(
        codingPath: codingPath, debugDescription: "JSON cannot hold \(value) (not a finite number)."
      ))
  }

  /// A set's elements (or a dictionary's key–value pairs, written `[k, v, k, v]` when its keys
  /// are not strings) in the canonical order of their JSON (``JSONValue/canonicallyPrecedes(_:)``).
  /// `before` is the same collection's JSON before a change, in that order, if known: then what
  /// it still holds stays in its order, and only what it gained is sorted and merged in (a set
  /// gaining one element a step is not sorted whole every step).
  static func canonicalOrder(_ json: JSONValue, pairs: Bool, before: JSONValue? = nil) -> JSONValue
  {
    guard case .array(let elements) = json else { return json }
    let width = pairs ? 2 : 1
    guard elements.count.isMultiple(of: width) else { return json }
    let entries = Swift.stride(from: 0, to: elements.count, by: width).map {
      (key: elements[$0], value: pairs ? elements[$0 + 1] : nil)
    }
    typealias Entry = (key: JSONValue, value: JSONValue?)
    func precedes(_ left: Entry, _ right: Entry) -> Bool { left.key.canonicallyPrecedes(right.key) }
    var sorted: [Entry]
    if case .array(let old)? = before, !old.isEmpty, old.count.isMultiple(of: width) {
      var gained = [JSONValue: JSONValue?](minimumCapacity: entries.count)
      for entry in entries { gained[entry.key] = entry.value }
      // NB: two elements that encode alike (a type that writes part of itself) cannot be told
      // apart by their JSON: those are sorted whole.
      if gained.count == entries.count {
        var kept: [Entry] = []
        kept.reserveCapacity(entries.count)
        for index in Swift.stride(from: 0, to: old.count, by: width) {
          if let value = gained.removeValue(forKey: old[index]) { kept.append((old[index], value)) }
        }
        let added = gained.map { (key: $0.key, value: $0.value) }.sorted(by: precedes)
        sorted = []
        sorted.reserveCapacity(entries.count)
        var (left, right) = (0, 0)
        while left < kept.count, right < added.count {
          if precedes(added[right], kept[left]) {
            sorted.append(added[right])
            right += 1
          } else {
            sorted.append(kept[left])
            left += 1
          }
        }
        sorted += kept[left...]
        sorted += added[right...]
      } else {
        sorted = entries.sorted(by: precedes)
      }
    } else {
      sorted = entries.sorted(by: precedes)
    }
    var ordered: [JSONValue] = []
    ordered.reserveCapacity(elements.count)
    for entry in sorted {
      ordered.append(entry.key)
      if let value = entry.value { ordered.append(value) }
    }
    return .array(ordered)
  }
}

extension String {
  /// Whether this string's UTF-8 bytes come before `other`'s (compared with `memcmp`: the
  /// generic comparison of the two views was a tenth of recording a growing state).
  func utf8Precedes(_ other: String) -> Bool {
    var (left, right) = (self, other)
    return left.withUTF8 { left in
      right.withUTF8 { right in
        let common = min(left.count, right.count)
        if common > 0, let leftBase = left.baseAddress, let rightBase = right.baseAddress {
          let order = memcmp(leftBase, rightBase, common)
          if order != 0 { return order < 0 }
        }
        return left.count < right.count
      }
    }
  }
}

extension JSONValue {
  /// Whether the two values are the same in memory (the same case, and the same buffer or
  /// scalar): then they are equal, found without reading them. A part of a state that the
  /// recorder reused is identical to the one it kept before.
  func isIdentical(to other: JSONValue) -> Bool { haveSameBytes(self, other) }

  /// A total order on JSON values that depends on the values only: by kind (null, booleans,
  /// numbers, strings, arrays, objects), then numbers and strings by their UTF-8 text, arrays
  /// element by element, objects key by key in their sorted order.
  func canonicallyPrecedes(_ other: JSONValue) -> Bool {
    switch (self, other) {
    case (.bool(let left), .bool(let right)): return !left && right
    case (.number(let left), .number(let right)): return left.text.utf8Precedes(right.text)
    case (.string(let left), .string(let right)): return left.utf8Precedes(right)
    case (.array(let left), .array(let right)):
      return left.lexicographicallyPrecedes(right) { $0.canonicallyPrecedes($1) }
    case (.object(let left), .object(let right)):
      let leftKeys = JSONWriter.sortedKeys(left)
      let rightKeys = JSONWriter.sortedKeys(right)
      for (leftKey, rightKey) in zip(leftKeys, rightKeys) {
        if leftKey != rightKey { return leftKey.utf8Precedes(rightKey) }
        let (leftValue, rightValue) = (left[leftKey] ?? .null, right[rightKey] ?? .null)
        if leftValue != rightValue { return leftValue.canonicallyPrecedes(rightValue) }
      }
      return leftKeys.count < rightKeys.count
    default: return kindRank < other.kindRank
    }
  }

  private var kindRank: Int {
    switch self {
    case .null: 0
    case .bool: 1
    case .number: 2
    case .string: 3
    case .array: 4
    case .object: 5
    }
  }
}

/// A collection whose encoding order is its hash order, which ``CanonicalEncoder`` sorts.
protocol CanonicallyUnordered {
  /// Whether it encodes as key–value pairs (a dictionary) rather than elements (a set).
  static var isKeyed: Bool { get }
}

extension Set: CanonicallyUnordered {
  static var isKeyed: Bool { false }
}

extension Dictionary: CanonicallyUnordered {
  static var isKeyed: Bool { true }
}

/// Where a container writes: a value, or a container still being filled.
private enum Slot {
  case value(JSONValue)
  case object(ObjectBox)
  case array(ArrayBox)
  case encoder(ValueEncoder)

  var json: JSONValue {
    switch self {
    case .value(let value): value
    case .object(let box): box.json
    case .array(let box): box.json
    case .encoder(let encoder): encoder.result
    }
  }
}

/// An object being written: its values, and the fields still being written by a nested
/// container (rare: most fields are values, kept as they are, with no second dictionary).
// NB: unchecked exclusivity, as `ArrayBox`: a box is filled by one encoding, on one thread; the
// dynamic checks were 1,200 instructions a step of a fixed-size state.
private final class ObjectBox {
  @exclusivity(unchecked) var fields: [String: JSONValue] = [:]
  @exclusivity(unchecked) var open: [String: Slot] = [:]

  var json: JSONValue {
    guard !open.isEmpty else { return .object(fields) }
    var all = fields
    for (key, slot) in open { all[key] = slot.json }
    return .object(all)
  }

  func set(_ value: JSONValue, forKey key: String) {
    if !open.isEmpty { open[key] = nil }
    fields[key] = value
  }

  func open(_ slot: Slot, forKey key: String) {
    fields[key] = nil
    open[key] = slot
  }
}

/// An array being written: its values, and the elements still being written by a nested
/// container (rare: kept apart, so that an array of values needs no second array).
private final class ArrayBox {
  @exclusivity(unchecked) var values: [JSONValue] = []
  @exclusivity(unchecked) var open: [(index: Int, slot: Slot)] = []

  var count: Int { values.count }

  var json: JSONValue {
    guard !open.isEmpty else { return .array(values) }
    var all = values
    for (index, slot) in open { all[index] = slot.json }
    return .array(all)
  }

  func append(_ value: JSONValue) { values.append(value) }

  func append(_ slot: Slot) {
    open.append((values.count, slot))
    values.append(.null)
  }
}

/// The `Encoder` a value's `encode(to:)` writes to.
private final class ValueEncoder: Encoder {
  let codingPath: [any CodingKey]
  let userInfo: [CodingUserInfoKey: Any]
  /// Where the parts of the value are kept, if anywhere.
  let frame: EncodingFrame?
  var slot: Slot = .value(.object([:]))
  private var isSet = false

  init(codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: Any], frame: EncodingFrame?) {
    self.codingPath = codingPath
    self.userInfo = userInfo
    self.frame = frame
  }

  /// The JSON of a part of the value, at `codingPath`.
  func json<T: Encodable>(
    _ value: T, at codingPath: @autoclosure () -> [any CodingKey]
  ) throws -> JSONValue {
    try CanonicalEncoder.json(value, at: codingPath(), userInfo: userInfo, frame: frame)
  }

  /// What was written: an empty object if nothing was (as `JSONEncoder` writes).
  var result: JSONValue { slot.json }

  func container<Key: CodingKey>(keyedBy _: Key.Type) -> KeyedEncodingContainer<Key> {
    let box: ObjectBox
    if isSet, case .object(let existing) = slot {
      box = existing
    } else {
      box = ObjectBox()
      slot = .object(box)
      isSet = true
    }
    return KeyedEncodingContainer(KeyedContainer(box: box, encoder: self, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    let box: ArrayBox
    if isSet, case .array(let existing) = slot {
      box = existing
    } else {
      box = ArrayBox()
      slot = .array(box)
      isSet = true
    }
    return UnkeyedContainer(box: box, encoder: self, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleContainer(encoder: self)
  }

  func set(_ value: JSONValue) {
    slot = .value(value)
    isSet = true
  }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let box: ObjectBox
  let encoder: ValueEncoder
  let codingPath: [any CodingKey]

  mutating func encodeNil(forKey key: Key) throws { box.set(.null, forKey: key.stringValue) }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    box.set(try encoder.json(value, at: codingPath + [key]), forKey: key.stringValue)
  }

  // NB: the primitives' own overloads, which synthesized conformances call, skip the dynamic
  // casts of the generic path (a recorded counter send: see `benchmarks --filter recording`).
  mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
  mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
  mutating func encode(_ value: Int, forKey key: Key) throws {
    set(.number(JSONNumber(value)), key)
  }
  mutating func encode(_ value: Int8, forKey key: Key) throws {
    set(.number(JSONNumber(value)), key)
  }
  mutating func encode(_ value: Int16, forKey key: Key) throws {
    set(.number(JSONNumber(value)), key)
  }
  mutating func encode(_ value: Int32, forKey key: Key) throws {
    set(.number(JSONNumber(value)), key)
  }
  mutating func encode(_ value: Int64, forKey key: Key) throws {
    set(.number(JSONNumber(value)), key)
  }
  mutating func encode(_ value: UInt, forKey key: Key) throws {
    set(.number(JSONNumber(value)), key)
  }
  mutating func encode(_ value: UInt8, forKey key: Key) throws {
    set(.number(JSONNumber(value)), key)
  }
  mutating func encode(_ value: UInt16, forKey key: Key) throws {
    set(.number(JSONNumber(value)), key)
  }
  mutating func encode(_ value: UInt32, forKey key: Key) throws {
    set(.number(JSONNumber(value)), key)
  }
  mutating func encode(_ value: UInt64, forKey key: Key) throws {
    set(.number(JSONNumber(value)), key)
  }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    guard let number = JSONNumber(value) else {
      throw CanonicalEncoder.notFinite(value, at: codingPath + [key])
    }
    set(.number(number), key)
  }
  mutating func encode(_ value: Float, forKey key: Key) throws {
    guard let number = JSONNumber(value) else {
      throw CanonicalEncoder.notFinite(value, at: codingPath + [key])
    }
    set(.number(number), key)
  }

  private func set(_ value: JSONValue, _ key: Key) { box.set(value, forKey: key.stringValue) }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy _: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let nested = ObjectBox()
    box.open(.object(nested), forKey: key.stringValue)
    return KeyedEncodingContainer(
      KeyedContainer<NestedKey>(box: nested, encoder: encoder, codingPath: codingPath + [key]))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let nested = ArrayBox()
    box.open(.array(nested), forKey: key.stringValue)
    return UnkeyedContainer(box: nested, encoder: encoder, codingPath: codingPath + [key])
  }

  mutating func superEncoder() -> any Encoder {
    superEncoder(named: "super", key: AnyCodingKey("super"))
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    superEncoder(named: key.stringValue, key: key)
  }

  private func superEncoder(named name: String, key: any CodingKey) -> any Encoder {
    let nested = ValueEncoder(
      codingPath: codingPath + [key], userInfo: encoder.userInfo, frame: encoder.frame)
    box.open(.encoder(nested), forKey: name)
    return nested
  }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
  let box: ArrayBox
  let encoder: ValueEncoder
  let codingPath: [any CodingKey]
  var count: Int { box.count }

  private var nextKey: any CodingKey { AnyCodingKey(intValue: count) }

  mutating func encodeNil() throws { box.append((.null)) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    box.append(try encoder.json(value, at: codingPath + [nextKey]))
  }

  mutating func encode(_ value: Bool) throws { box.append((.bool(value))) }
  mutating func encode(_ value: String) throws { box.append((.string(value))) }
  mutating func encode(_ value: Int) throws {
    box.append(.number(JSONNumber(value)))
  }
  mutating func encode(_ value: Int8) throws {
    box.append(.number(JSONNumber(value)))
  }
  mutating func encode(_ value: Int16) throws {
    box.append(.number(JSONNumber(value)))
  }
  mutating func encode(_ value: Int32) throws {
    box.append(.number(JSONNumber(value)))
  }
  mutating func encode(_ value: Int64) throws {
    box.append(.number(JSONNumber(value)))
  }
  mutating func encode(_ value: UInt) throws {
    box.append(.number(JSONNumber(value)))
  }
  mutating func encode(_ value: UInt8) throws {
    box.append(.number(JSONNumber(value)))
  }
  mutating func encode(_ value: UInt16) throws {
    box.append(.number(JSONNumber(value)))
  }
  mutating func encode(_ value: UInt32) throws {
    box.append(.number(JSONNumber(value)))
  }
  mutating func encode(_ value: UInt64) throws {
    box.append(.number(JSONNumber(value)))
  }
  mutating func encode(_ value: Double) throws {
    guard let number = JSONNumber(value) else {
      throw CanonicalEncoder.notFinite(value, at: codingPath + [nextKey])
    }
    box.append(.number(number))
  }
  mutating func encode(_ value: Float) throws {
    guard let number = JSONNumber(value) else {
      throw CanonicalEncoder.notFinite(value, at: codingPath + [nextKey])
    }
    box.append(.number(number))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    let nested = ObjectBox()
    let key = nextKey
    box.append(Slot.object(nested))
    return KeyedEncodingContainer(
      KeyedContainer<NestedKey>(box: nested, encoder: encoder, codingPath: codingPath + [key]))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let nested = ArrayBox()
    let key = nextKey
    box.append(Slot.array(nested))
    return UnkeyedContainer(box: nested, encoder: encoder, codingPath: codingPath + [key])
  }

  mutating func superEncoder() -> any Encoder {
    let nested = ValueEncoder(
      codingPath: codingPath + [nextKey], userInfo: encoder.userInfo, frame: encoder.frame)
    box.append(Slot.encoder(nested))
    return nested
  }
}

private struct SingleContainer: SingleValueEncodingContainer {
  let encoder: ValueEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }

  mutating func encodeNil() throws { encoder.set(.null) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    encoder.set(try encoder.json(value, at: codingPath))
  }

  mutating func encode(_ value: Bool) throws { encoder.set(.bool(value)) }
  mutating func encode(_ value: String) throws { encoder.set(.string(value)) }
  mutating func encode(_ value: Int) throws { encoder.set(.number(JSONNumber(value))) }
  mutating func encode(_ value: Int8) throws { encoder.set(.number(JSONNumber(value))) }
  mutating func encode(_ value: Int16) throws { encoder.set(.number(JSONNumber(value))) }
  mutating func encode(_ value: Int32) throws { encoder.set(.number(JSONNumber(value))) }
  mutating func encode(_ value: Int64) throws { encoder.set(.number(JSONNumber(value))) }
  mutating func encode(_ value: UInt) throws { encoder.set(.number(JSONNumber(value))) }
  mutating func encode(_ value: UInt8) throws { encoder.set(.number(JSONNumber(value))) }
  mutating func encode(_ value: UInt16) throws { encoder.set(.number(JSONNumber(value))) }
  mutating func encode(_ value: UInt32) throws { encoder.set(.number(JSONNumber(value))) }
  mutating func encode(_ value: UInt64) throws { encoder.set(.number(JSONNumber(value))) }
  mutating func encode(_ value: Double) throws {
    guard let number = JSONNumber(value) else {
      throw CanonicalEncoder.notFinite(value, at: codingPath)
    }
    encoder.set(.number(number))
  }
  mutating func encode(_ value: Float) throws {
    guard let number = JSONNumber(value) else {
      throw CanonicalEncoder.notFinite(value, at: codingPath)
    }
    encoder.set(.number(number))
  }
}

/// A coding key made from a name or an index.
struct AnyCodingKey: CodingKey {
  let stringValue: String
  let intValue: Int?

  init(_ name: String) {
    self.stringValue = name
    self.intValue = nil
  }

  init(intValue: Int) {
    self.stringValue = String(intValue)
    self.intValue = intValue
  }

  init?(stringValue: String) { self.init(stringValue) }
}
