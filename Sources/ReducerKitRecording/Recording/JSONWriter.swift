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
  private var hash = fnvBasis

  /// FNV-1a's 64-bit offset basis: the hash of no bytes.
  static let fnvBasis: UInt64 = 0xcbf2_9ce4_8422_2325

  /// `hash` with `bytes` folded in by 64-bit FNV-1a.
  static func fnv1a(_ bytes: some Sequence<UInt8>, into hash: UInt64) -> UInt64 {
    var hash = hash
    for byte in bytes {
      hash ^= UInt64(byte)
      hash &*= 0x100_0000_01b3
    }
    return hash
  }

  /// A writer of compact text, or of text indented by two spaces a level.
  init(indented: Bool) { self.indented = indented }

  /// The 64-bit FNV-1a digest of `value`'s compact text, in hex, without keeping the text: the
  /// text is folded in as it is written, so a recording's digest costs no copy of it.
  static func digest(of value: JSONValue) -> String {
    var writer = JSONWriter(indented: false)
    writer.folds = true
    writer.write(value)
    writer.fold()
    return hex(writer.hash)
  }

  /// `fields` as indented text, with one more entry, `digestKey`, holding the digest
  /// (``digest(of:)``) of `fields` as an object: the digest of their compact text, which is the
  /// indented text without the whitespace outside its strings, so it is found from the text
  /// written once, and written into the entry's place afterwards.
  // NB: a recording's digest wrote its content a second time, compact, to hash it: a sixth of
  // writing a recorded step (`benchmarks --instructions --filter "written as JSON"`).
  static func indented(_ fields: [String: JSONValue], digestKey: String) -> [UInt8] {
    var all = fields
    all[digestKey] = .string(String(repeating: "0", count: 16))
    let sorted = sortedFields(all)
    var writer = JSONWriter(indented: true)
    guard sorted.first?.key != digestKey else {
      // NB: first, the entry would be followed by its comma rather than preceded by one. Never
      // taken for a recording ("allowsSensitiveValues", always written, sorts before "digest"):
      // written the slow way, twice, for completeness.
      all[digestKey] = .string(digest(of: .object(fields)))
      writer.write(.object(all))
      return writer.utf8
    }
    writer.utf8.append(UInt8(ascii: "{"))
    writer.depth = 1
    var skipped = 0..<0
    for (index, field) in sorted.enumerated() {
      let start = writer.utf8.count
      if index > 0 { writer.utf8.append(UInt8(ascii: ",")) }
      writer.newline()
      writer.write(string: field.key)
      writer.utf8.append(UInt8(ascii: ":"))
      writer.utf8.append(UInt8(ascii: " "))
      writer.write(field.value)
      if field.key == digestKey { skipped = start..<writer.utf8.count }
    }
    writer.depth = 0
    writer.newline()
    writer.utf8.append(UInt8(ascii: "}"))
    var hash = foldCompact(writer.utf8[..<skipped.lowerBound], into: writer.hash)
    hash = foldCompact(writer.utf8[skipped.upperBound...], into: hash)
    // NB: the entry ends with the placeholder's 16 digits and its closing quote.
    let digits = Array(hex(hash).utf8)
    writer.utf8.replaceSubrange((skipped.upperBound - 17)..<(skipped.upperBound - 1), with: digits)
    return writer.utf8
  }

  /// `hash` with the bytes of indented JSON text folded in as compact text: without the spaces
  /// and line breaks outside its strings. (`bytes` starts outside a string.)
  private static func foldCompact(_ bytes: ArraySlice<UInt8>, into hash: UInt64) -> UInt64 {
    var hash = hash
    var (inString, escaped) = (false, false)
    for byte in bytes {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
      } else if byte == UInt8(ascii: " ") || byte == 0x0A {
        continue
      } else if byte == UInt8(ascii: "\"") {
        inString = true
      }
      hash ^= UInt64(byte)
      hash &*= 0x100_0000_01b3
    }
    return hash
  }

  /// A hash as sixteen hex digits.
  static func hex(_ hash: UInt64) -> String {
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// Folds the text written so far into ``hash`` and forgets it.
  private mutating func fold() {
    hash = Self.fnv1a(utf8, into: hash)
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
      // NB: the entries sorted, not the keys: looking each sorted key up again hashed it (a
      // tenth of writing a recorded step).
      for (index, field) in Self.sortedFields(fields).enumerated() {
        foldIfLarge()
        if index > 0 { utf8.append(UInt8(ascii: ",")) }
        newline()
        write(string: field.key)
        if indented {
          utf8.append(UInt8(ascii: ":"))
          utf8.append(UInt8(ascii: " "))
        } else {
          utf8.append(UInt8(ascii: ":"))
        }
        write(field.value)
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

  /// The entries in the canonical order of their keys.
  static func sortedFields(_ fields: [String: JSONValue]) -> [(key: String, value: JSONValue)] {
    fields.sorted { $0.key.utf8Precedes($1.key) }
  }

  // NB: the bytes read and copied from the string's contiguous UTF-8, not through its
  // `utf8` view: the view's `contains(where:)` and `append(contentsOf:)` were a sixth of
  // writing a recorded step (`benchmarks --instructions --filter "written as JSON"`).
  private mutating func write(string: String) {
    utf8.append(UInt8(ascii: "\""))
    var string = string
    string.withUTF8 { bytes in
      // NB: most strings need no escape, and are copied whole.
      var needsEscape = false
      for byte in bytes
      where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
        needsEscape = true
        break
      }
      guard needsEscape else { return utf8.append(contentsOf: bytes) }
      for byte in bytes {
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
    }
    utf8.append(UInt8(ascii: "\""))
  }

  /// Spaces to indent with, copied a slice at a time.
  private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 64)

  private mutating func newline() {
    guard indented else { return }
    utf8.append(0x0A)
    var count = depth * 2
    while count > 0 {
      let run = min(count, Self.spaces.count)
      utf8.append(contentsOf: Self.spaces[..<run])
      count -= run
    }
  }

  private mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { utf8.append(contentsOf: $0) }
  }
}
