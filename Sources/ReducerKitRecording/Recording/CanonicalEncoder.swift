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

  /// `value`'s JSON.
  /// - Throws: `EncodingError` for a float that is not finite, or what `value` throws.
  func encode(_ value: some Encodable) throws -> JSONValue {
    try Self.json(value, at: [], userInfo: userInfo)
  }

  /// The JSON of one value at `codingPath`: the primitives directly, anything else through its
  /// `encode(to:)`, then put in canonical order if it is a set or a dictionary.
  static func json<T: Encodable>(
    _ value: T, at codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: Any]
  ) throws -> JSONValue {
    if let primitive = try primitive(value, at: codingPath) { return primitive }
    let encoder = ValueEncoder(codingPath: codingPath, userInfo: userInfo)
    try value.encode(to: encoder)
    let json = encoder.result
    guard let unordered = T.self as? any CanonicallyUnordered.Type else { return json }
    return canonicalOrder(json, pairs: unordered.isKeyed)
  }

  /// The JSON of a value `JSONEncoder` writes its own way, or `nil`.
  // NB: metatype comparisons, not a chain of `as?` casts: each cast of an unknown type into a
  // concrete one is a runtime call (the chain was a sixth of a recorded send).
  static func primitive<T>(_ value: T, at codingPath: [any CodingKey]) throws -> JSONValue? {
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
      guard let number = JSONNumber(value) else { throw notFinite(value, at: codingPath) }
      return .number(number)
    }
    if type == Float.self, let value = value as? Float {
      guard let number = JSONNumber(value) else { throw notFinite(value, at: codingPath) }
      return .number(number)
    }
    if type == Decimal.self, let value = value as? Decimal {
      guard let number = JSONNumber(text: value.description) else {
        throw notFinite(value, at: codingPath)
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
  static func canonicalOrder(_ json: JSONValue, pairs: Bool) -> JSONValue {
    guard case .array(let elements) = json else { return json }
    if !pairs { return .array(elements.sorted { $0.canonicallyPrecedes($1) }) }
    guard elements.count.isMultiple(of: 2) else { return json }
    let entries = stride(from: 0, to: elements.count, by: 2).map {
      (key: elements[$0], value: elements[$0 + 1])
    }
    return .array(
      entries.sorted { $0.key.canonicallyPrecedes($1.key) }.flatMap { [$0.key, $0.value] })
  }
}

extension JSONValue {
  /// A total order on JSON values that depends on the values only: by kind (null, booleans,
  /// numbers, strings, arrays, objects), then numbers and strings by their UTF-8 text, arrays
  /// element by element, objects key by key in their sorted order.
  func canonicallyPrecedes(_ other: JSONValue) -> Bool {
    switch (self, other) {
    case (.bool(let left), .bool(let right)): return !left && right
    case (.number(let left), .number(let right)):
      return left.text.utf8.lexicographicallyPrecedes(right.text.utf8)
    case (.string(let left), .string(let right)):
      return left.utf8.lexicographicallyPrecedes(right.utf8)
    case (.array(let left), .array(let right)):
      return left.lexicographicallyPrecedes(right) { $0.canonicallyPrecedes($1) }
    case (.object(let left), .object(let right)):
      let leftKeys = JSONWriter.sortedKeys(left)
      let rightKeys = JSONWriter.sortedKeys(right)
      for (leftKey, rightKey) in zip(leftKeys, rightKeys) {
        if leftKey != rightKey { return leftKey.utf8.lexicographicallyPrecedes(rightKey.utf8) }
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
    case .array(let box): .array(box.elements.map(\.json))
    case .encoder(let encoder): encoder.result
    }
  }
}

/// An object being written: its values, and the fields still being written by a nested
/// container (rare: most fields are values, kept as they are, with no second dictionary).
private final class ObjectBox {
  var fields: [String: JSONValue] = [:]
  var open: [String: Slot] = [:]

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

private final class ArrayBox {
  var elements: [Slot] = []
}

/// The `Encoder` a value's `encode(to:)` writes to.
private final class ValueEncoder: Encoder {
  let codingPath: [any CodingKey]
  let userInfo: [CodingUserInfoKey: Any]
  var slot: Slot = .value(.object([:]))
  private var isSet = false

  init(codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: Any]) {
    self.codingPath = codingPath
    self.userInfo = userInfo
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
    box.set(
      try CanonicalEncoder.json(value, at: codingPath + [key], userInfo: encoder.userInfo),
      forKey: key.stringValue)
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
    let nested = ValueEncoder(codingPath: codingPath + [key], userInfo: encoder.userInfo)
    box.open(.encoder(nested), forKey: name)
    return nested
  }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
  let box: ArrayBox
  let encoder: ValueEncoder
  let codingPath: [any CodingKey]
  var count: Int { box.elements.count }

  private var nextKey: any CodingKey { AnyCodingKey(intValue: count) }

  mutating func encodeNil() throws { box.elements.append(.value(.null)) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    box.elements.append(
      .value(
        try CanonicalEncoder.json(value, at: codingPath + [nextKey], userInfo: encoder.userInfo)))
  }

  mutating func encode(_ value: Bool) throws { box.elements.append(.value(.bool(value))) }
  mutating func encode(_ value: String) throws { box.elements.append(.value(.string(value))) }
  mutating func encode(_ value: Int) throws {
    box.elements.append(.value(.number(JSONNumber(value))))
  }
  mutating func encode(_ value: Int8) throws {
    box.elements.append(.value(.number(JSONNumber(value))))
  }
  mutating func encode(_ value: Int16) throws {
    box.elements.append(.value(.number(JSONNumber(value))))
  }
  mutating func encode(_ value: Int32) throws {
    box.elements.append(.value(.number(JSONNumber(value))))
  }
  mutating func encode(_ value: Int64) throws {
    box.elements.append(.value(.number(JSONNumber(value))))
  }
  mutating func encode(_ value: UInt) throws {
    box.elements.append(.value(.number(JSONNumber(value))))
  }
  mutating func encode(_ value: UInt8) throws {
    box.elements.append(.value(.number(JSONNumber(value))))
  }
  mutating func encode(_ value: UInt16) throws {
    box.elements.append(.value(.number(JSONNumber(value))))
  }
  mutating func encode(_ value: UInt32) throws {
    box.elements.append(.value(.number(JSONNumber(value))))
  }
  mutating func encode(_ value: UInt64) throws {
    box.elements.append(.value(.number(JSONNumber(value))))
  }
  mutating func encode(_ value: Double) throws {
    guard let number = JSONNumber(value) else {
      throw CanonicalEncoder.notFinite(value, at: codingPath + [nextKey])
    }
    box.elements.append(.value(.number(number)))
  }
  mutating func encode(_ value: Float) throws {
    guard let number = JSONNumber(value) else {
      throw CanonicalEncoder.notFinite(value, at: codingPath + [nextKey])
    }
    box.elements.append(.value(.number(number)))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    let nested = ObjectBox()
    let key = nextKey
    box.elements.append(.object(nested))
    return KeyedEncodingContainer(
      KeyedContainer<NestedKey>(box: nested, encoder: encoder, codingPath: codingPath + [key]))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let nested = ArrayBox()
    let key = nextKey
    box.elements.append(.array(nested))
    return UnkeyedContainer(box: nested, encoder: encoder, codingPath: codingPath + [key])
  }

  mutating func superEncoder() -> any Encoder {
    let nested = ValueEncoder(codingPath: codingPath + [nextKey], userInfo: encoder.userInfo)
    box.elements.append(.encoder(nested))
    return nested
  }
}

private struct SingleContainer: SingleValueEncodingContainer {
  let encoder: ValueEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }

  mutating func encodeNil() throws { encoder.set(.null) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    encoder.set(try CanonicalEncoder.json(value, at: codingPath, userInfo: encoder.userInfo))
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
private struct AnyCodingKey: CodingKey {
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
