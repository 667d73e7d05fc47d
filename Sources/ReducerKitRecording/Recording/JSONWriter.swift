import ReducerKit

/// Writes a ``JSONValue`` as canonical JSON text: object keys sorted by their UTF-8 bytes,
/// numbers as their exact text, strings escaped only where JSON requires. Equal values always
/// give equal text, which is what makes a recording's bytes depend on its values only.
struct JSONWriter {
  private(set) var utf8: [UInt8] = []
  private let indented: Bool
  private var depth = 0
  /// Whether the text is folded into ``hash`` as it is written rather than kept (``digest(of:)``).
  private var folds = false
  /// 64-bit FNV-1a of the text folded so far.
  private var hash: UInt64 = 0xcbf2_9ce4_8422_2325

  /// A writer of compact text, or of text indented by two spaces a level.
  init(indented: Bool) { self.indented = indented }

  /// The 64-bit FNV-1a digest of `value`'s compact text, in hex, without keeping the text: the
  /// text is folded in as it is written, so a recording's digest costs no copy of it.
  static func digest(of value: JSONValue) -> String {
    var writer = JSONWriter(indented: false)
    writer.folds = true
    writer.write(value)
    writer.fold()
    let hex = String(writer.hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// Folds the text written so far into ``hash`` and forgets it.
  private mutating func fold() {
    for byte in utf8 {
      hash ^= UInt64(byte)
      hash &*= 0x100_0000_01b3
    }
    utf8.removeAll(keepingCapacity: true)
  }

  /// Folds the text when enough of it is kept (only when folding).
  private mutating func foldIfLarge() {
    if folds && utf8.count >= 1 << 16 { fold() }
  }

  /// The text written so far.
  var text: String { String(decoding: utf8, as: UTF8.self) }

  /// Appends `value`.
  mutating func write(_ value: JSONValue) {
    switch value {
    case .null: append("null")
    case .bool(let bool): append(bool ? "true" : "false")
    case .number(let number): append(number.text)
    case .string(let string): write(string: string)
    case .array(let elements):
      guard !elements.isEmpty else { return append("[]") }
      utf8.append(UInt8(ascii: "["))
      depth += 1
      for (index, element) in elements.enumerated() {
        foldIfLarge()
        if index > 0 { utf8.append(UInt8(ascii: ",")) }
        newline()
        write(element)
      }
      depth -= 1
      newline()
      utf8.append(UInt8(ascii: "]"))
    case .object(let fields):
      guard !fields.isEmpty else { return append("{}") }
      utf8.append(UInt8(ascii: "{"))
      depth += 1
      for (index, key) in Self.sortedKeys(fields).enumerated() {
        foldIfLarge()
        if index > 0 { utf8.append(UInt8(ascii: ",")) }
        newline()
        write(string: key)
        append(indented ? ": " : ":")
        // NB: a key from `fields.keys` is always present.
        write(fields[key] ?? .null)
      }
      depth -= 1
      newline()
      utf8.append(UInt8(ascii: "}"))
    }
  }

  /// The keys in the canonical order: by their UTF-8 bytes.
  static func sortedKeys(_ fields: [String: JSONValue]) -> [String] {
    fields.keys.sorted { $0.utf8Precedes($1) }
  }

  private mutating func write(string: String) {
    utf8.append(UInt8(ascii: "\""))
    // NB: most strings need no escape, and are copied whole.
    if !string.utf8.contains(where: {
      $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\")
    }) {
      utf8.append(contentsOf: string.utf8)
      utf8.append(UInt8(ascii: "\""))
      return
    }
    for byte in string.utf8 {
      switch byte {
      case UInt8(ascii: "\""): append("\\\"")
      case UInt8(ascii: "\\"): append("\\\\")
      case 0x0A: append("\\n")
      case 0x0D: append("\\r")
      case 0x09: append("\\t")
      case 0x08: append("\\b")
      case 0x0C: append("\\f")
      case 0..<0x20:
        let hex = String(byte, radix: 16)
        append("\\u00" + (hex.count == 1 ? "0" : "") + hex)
      default: utf8.append(byte)
      }
    }
    utf8.append(UInt8(ascii: "\""))
  }

  private mutating func newline() {
    guard indented else { return }
    utf8.append(0x0A)
    utf8.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
  }

  private mutating func append(_ text: String) { utf8.append(contentsOf: text.utf8) }
}
