import Foundation
import ReducerKit

/// A JSON value: what a recording keeps of a state or an action, so that a recording can be read
/// and compared without the feature's types.
///
/// Numbers are kept as their exact text (``JSONNumber``), never through `Double`: a recording of
/// `Int64.max` or `UInt64.max` reads back exactly, and two states whose integers differ by one
/// never compare equal.
public enum JSONValue: Codable, Hashable, Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number, as its exact text.
  case number(JSONNumber)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object.
  case object([String: JSONValue])

  /// Decodes any JSON value. Integers that fit 64 bits are read exactly; a decoder that only
  /// offers other numbers as `Double` gives those. (``Recording/decode(_:)`` reads every number
  /// exactly, whatever its width.)
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError` if the data is not JSON.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let bool = try? container.decode(Bool.self) {
      self = .bool(bool)
    } else if let integer = try? container.decode(Int64.self) {
      self = .number(JSONNumber(integer))
    } else if let integer = try? container.decode(UInt64.self) {
      self = .number(JSONNumber(integer))
    } else if let number = try? container.decode(Double.self), let exact = JSONNumber(number) {
      self = .number(exact)
    } else if let string = try? container.decode(String.self) {
      self = .string(string)
    } else if let array = try? container.decode([JSONValue].self) {
      self = .array(array)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  /// Encodes the value. Integers that fit 64 bits are written exactly; other numbers as
  /// `Double` (``Recording/jsonData()`` writes every number's exact text).
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: `EncodingError` if the encoder refuses a value.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let bool): try container.encode(bool)
    case .number(let number):
      if let integer = Int64(number.text) {
        try container.encode(integer)
      } else if let integer = UInt64(number.text) {
        try container.encode(integer)
      } else {
        try container.encode(number.doubleValue)
      }
    case .string(let string): try container.encode(string)
    case .array(let array): try container.encode(array)
    case .object(let object): try container.encode(object)
    }
  }

  /// The value as compact JSON text, keys sorted: equal values always give equal text.
  public var canonicalText: String {
    var writer = JSONWriter(indented: false)
    writer.write(self)
    return writer.text
  }
}

/// A JSON number as its exact text: an integer of any width, or a fraction as the encoder wrote
/// it. Two numbers are equal when their texts are.
public struct JSONNumber: Hashable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral
{
  /// The number's text: integers without leading zeros (`-0` is `0`), fractions as written.
  public let text: String

  /// The number `text` holds, if it is a JSON number (`-12`, `0.5`, `1e-7`, and integers of any
  /// width).
  /// - Parameter text: The number's JSON text.
  public init?(text: some StringProtocol) {
    guard Self.isJSONNumber(text.utf8) else { return nil }
    self.text = Self.normalized(String(text))
  }

  /// An integer, exactly.
  /// - Parameter value: The integer.
  public init(_ value: some BinaryInteger) {
    self.text = String(value)
  }

  /// A floating-point number as its shortest exact text; `nil` for infinities and NaN, which
  /// JSON cannot hold.
  /// - Parameter value: The number.
  public init?(_ value: Double) {
    guard value.isFinite else { return nil }
    self.text = Self.normalized(value.description)
  }

  /// A floating-point number as its shortest exact text; `nil` for infinities and NaN.
  /// - Parameter value: The number.
  public init?(_ value: Float) {
    guard value.isFinite else { return nil }
    self.text = Self.normalized(value.description)
  }

  /// An integer literal.
  /// - Parameter value: The literal.
  public init(integerLiteral value: Int) { self.init(value) }

  /// A floating-point literal (finite).
  /// - Parameter value: The literal.
  public init(floatLiteral value: Double) {
    self.text = value.isFinite ? Self.normalized(value.description) : "0"
  }

  /// The number as a `Double` (rounded, for integers beyond 2^53).
  public var doubleValue: Double { Double(text) ?? .nan }

  /// The number's text.
  public var description: String { text }

  /// Whether `utf8` is JSON's number grammar: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
  static func isJSONNumber(_ utf8: some Collection<UInt8>) -> Bool {
    var bytes = utf8.makeIterator()
    var next = bytes.next()
    func isDigit(_ byte: UInt8?) -> Bool { byte.map { (0x30...0x39).contains($0) } ?? false }
    if next == UInt8(ascii: "-") { next = bytes.next() }
    guard isDigit(next) else { return false }
    if next == UInt8(ascii: "0") {
      next = bytes.next()
    } else {
      while isDigit(next) { next = bytes.next() }
    }
    if next == UInt8(ascii: ".") {
      next = bytes.next()
      guard isDigit(next) else { return false }
      while isDigit(next) { next = bytes.next() }
    }
    if next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
      next = bytes.next()
      if next == UInt8(ascii: "+") || next == UInt8(ascii: "-") { next = bytes.next() }
      guard isDigit(next) else { return false }
      while isDigit(next) { next = bytes.next() }
    }
    return next == nil
  }

  /// `-0` as `0`, and a Swift float's `1.0` as JSON's shortest `1.0` (kept: it reads back as a
  /// floating-point value).
  private static func normalized(_ text: String) -> String {
    text == "-0" ? "0" : text
  }
}
