import Foundation
import ReducerKit

/// Reads JSON text into a ``JSONValue``, every number as its exact text: `JSONDecoder` reads
/// numbers through `Double` (rounding integers beyond 2^53), and reading into `JSONValue` it
/// tries each kind in turn and throws for every miss.
///
/// It reads RFC 8259 JSON and nothing else, because what it reads is outside data (a recording
/// from a bug report): a key twice in one object, bytes that are not UTF-8, a control character
/// not escaped, and an escape that is not four hex digits are refused at their byte, never
/// repaired or resolved silently.
package struct JSONParser {
  private let bytes: [UInt8]
  private var position = 0
  /// How deep in arrays and objects the parser is: past ``maximumDepth`` it stops, so that a
  /// hostile file cannot overflow the stack.
  private var depth = 0
  /// The deepest nesting read (a state nested deeper is not a state).
  static let maximumDepth = 512

  /// The largest text read (1 GiB): past it, a file is refused before it is read.
  static let maximumSize = 1 << 30

  /// Parses `data`, which must hold exactly one JSON value.
  /// - Throws: `DecodingError.dataCorrupted` at the first byte that is not JSON.
  package static func parse(_ data: Data) throws -> JSONValue {
    guard data.count <= maximumSize else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: [],
          debugDescription:
            "The JSON is \(data.count) bytes, more than the \(maximumSize) this reader takes."))
    }
    var parser = JSONParser(bytes: Array(data))
    let value = try parser.value()
    parser.skipWhitespace()
    guard parser.position == parser.bytes.count else { throw parser.error("trailing bytes") }
    return value
  }

  private init(bytes: [UInt8]) { self.bytes = bytes }

  private mutating func value() throws -> JSONValue {
    skipWhitespace()
    guard position < bytes.count else { throw error("a value") }
    switch bytes[position] {
    case UInt8(ascii: "{"): return try object()
    case UInt8(ascii: "["): return try array()
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    default: return .number(try number())
    }
  }

  private mutating func object() throws -> JSONValue {
    position += 1
    depth += 1
    defer { depth -= 1 }
    guard depth <= Self.maximumDepth else { throw error("at most \(Self.maximumDepth) levels") }
    var fields: [String: JSONValue] = [:]
    skipWhitespace()
    if consume(UInt8(ascii: "}")) { return .object(fields) }
    repeat {
      skipWhitespace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
        throw error("a key")
      }
      let keyStart = position
      let key = try string()
      guard fields[key] == nil else {
        position = keyStart
        throw error("a key not already in this object (\"\(key)\" is there twice)")
      }
      skipWhitespace()
      guard consume(UInt8(ascii: ":")) else { throw error("':'") }
      fields[key] = try value()
      skipWhitespace()
    } while consume(UInt8(ascii: ","))
    guard consume(UInt8(ascii: "}")) else { throw error("'}'") }
    return .object(fields)
  }

  private mutating func array() throws -> JSONValue {
    position += 1
    depth += 1
    defer { depth -= 1 }
    guard depth <= Self.maximumDepth else { throw error("at most \(Self.maximumDepth) levels") }
    var elements: [JSONValue] = []
    skipWhitespace()
    if consume(UInt8(ascii: "]")) { return .array(elements) }
    repeat {
      elements.append(try value())
      skipWhitespace()
    } while consume(UInt8(ascii: ","))
    guard consume(UInt8(ascii: "]")) else { throw error("']'") }
    return .array(elements)
  }

  private mutating func string() throws -> String {
    let start = position
    position += 1
    var utf8: [UInt8] = []
    while position < bytes.count {
      let byte = bytes[position]
      position += 1
      switch byte {
      case UInt8(ascii: "\""):
        // NB: `transcode` with `stoppingOnError` is a validator at every deployment floor;
        // `String(decoding:)` would repair bad bytes to U+FFFD.
        let isInvalid = transcode(
          utf8.makeIterator(), from: UTF8.self, to: UTF32.self, stoppingOnError: true,
          into: { _ in })
        guard !isInvalid else {
          position = start
          throw error("a string of UTF-8 (its bytes are not)")
        }
        return String(decoding: utf8, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard position < bytes.count else { throw error("an escape") }
        let escaped = bytes[position]
        position += 1
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escaped)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"): utf8.append(contentsOf: try unicodeEscape())
        default: throw error("an escape")
        }
      case 0x00..<0x20:
        position -= 1
        throw error("a control character escaped (byte 0x\(String(byte, radix: 16)) is raw)")
      default:
        utf8.append(byte)
      }
    }
    throw error("'\"'")
  }

  /// The scalar of `\uXXXX` (and of its low surrogate, `\uXXXX\uXXXX`), as UTF-8.
  private mutating func unicodeEscape() throws -> [UInt8] {
    var scalar = try hex4()
    if (0xD800..<0xDC00).contains(scalar) {
      guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
        bytes[position + 1] == UInt8(ascii: "u")
      else { throw error("a low surrogate") }
      position += 2
      let low = try hex4()
      guard (0xDC00..<0xE000).contains(low) else { throw error("a low surrogate") }
      scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
    }
    guard let unicode = Unicode.Scalar(scalar) else { throw error("a Unicode scalar") }
    return Array(String(Character(unicode)).utf8)
  }

  private mutating func hex4() throws -> UInt32 {
    guard position + 4 <= bytes.count else { throw error("four hex digits") }
    var value: UInt32 = 0
    for byte in bytes[position..<position + 4] {
      // NB: digit by digit, as `UInt32(_:radix:)` would take a sign (`\u+041`).
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw error("four hex digits")
      }
      value = value << 4 | UInt32(digit)
    }
    position += 4
    return value
  }

  /// A number, as its exact text: integers of any width are never rounded through `Double`.
  private mutating func number() throws -> JSONNumber {
    let start = position
    while position < bytes.count,
      "+-0123456789.eE".utf8.contains(bytes[position])
    {
      position += 1
    }
    guard position > start,
      let number = JSONNumber(text: String(decoding: bytes[start..<position], as: UTF8.self))
    else {
      position = start
      throw error("a value")
    }
    return number
  }

  private mutating func literal(_ word: String, _ value: JSONValue) throws -> JSONValue {
    let utf8 = Array(word.utf8)
    guard position + utf8.count <= bytes.count,
      bytes[position..<position + utf8.count].elementsEqual(utf8)
    else { throw error("'\(word)'") }
    position += utf8.count
    return value
  }

  private mutating func consume(_ byte: UInt8) -> Bool {
    guard position < bytes.count, bytes[position] == byte else { return false }
    position += 1
    return true
  }

  private mutating func skipWhitespace() {
    while position < bytes.count,
      [0x20, 0x0A, 0x0D, 0x09].contains(bytes[position])
    {
      position += 1
    }
  }

  private func error(_ expected: String) -> DecodingError {
    DecodingError.dataCorrupted(
      DecodingError.Context(
        codingPath: [], debugDescription: "Expected \(expected) at byte \(position) of the JSON."))
  }
}
