/// A token of Swift source, as much of Swift's lexical grammar as reading declarations needs.
///
/// Comments and whitespace are dropped; a string literal (plain, multi-line, raw, with
/// interpolations) is one token; `#if`, `#elseif`, `#else` and `#endif` are one token each with
/// their condition; an operator character is a token of its own, except `->`.
public struct Token: Equatable, Sendable {
  /// What the token is.
  public enum Kind: Equatable, Sendable {
    /// A name or a keyword; a backticked name keeps its backticks.
    case word
    /// A number literal.
    case number
    /// A string literal, whole.
    case string
    /// One punctuation or operator character, or `->`.
    case symbol
    /// `#if`, `#elseif`, `#else` or `#endif`; the text is the keyword, `condition` the rest of
    /// the line.
    case directive(condition: String)
  }

  /// What the token is.
  public let kind: Kind
  /// The token's text as written.
  public let text: String
  /// The line it starts on, from 1.
  public let line: Int
  /// Whether whitespace or a comment comes right before it.
  public let spaced: Bool
}

/// The error of a source the tokenizer cannot read (an unterminated string or comment).
public struct SourceError: Error, Equatable, Sendable {
  /// The line of the problem, from 1.
  public let line: Int
  /// What is wrong, and how to fix it.
  public let message: String

  /// Creates an error.
  public init(line: Int, message: String) {
    self.line = line
    self.message = message
  }
}

/// Splits Swift source into tokens.
public func tokenize(_ source: String) throws(SourceError) -> [Token] {
  var scanner = Scanner(bytes: Array(source.utf8))
  return try scanner.tokens()
}

private struct Scanner {
  let bytes: [UInt8]
  var position = 0
  var line = 1

  init(bytes: [UInt8]) { self.bytes = bytes }

  func peek(_ offset: Int = 0) -> UInt8? {
    position + offset < bytes.count ? bytes[position + offset] : nil
  }

  mutating func advance() {
    if bytes[position] == UInt8(ascii: "\n") { line += 1 }
    position += 1
  }

  func text(from start: Int) -> String {
    String(decoding: bytes[start..<position], as: UTF8.self)
  }

  // NB: not optimized: see `DeclarationParser.parseMembers`.
  @_optimize(none)
  mutating func tokens() throws(SourceError) -> [Token] {
    var tokens: [Token] = []
    var spaced = true
    while let byte = peek() {
      let start = position
      let startLine = line
      func token(_ kind: Token.Kind) -> Token {
        Token(kind: kind, text: text(from: start), line: startLine, spaced: spaced)
      }
      if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
        || byte == UInt8(ascii: "\r")
      {
        advance()
        spaced = true
        continue
      }
      if byte == UInt8(ascii: "/") && peek(1) == UInt8(ascii: "/") {
        while let next = peek(), next != UInt8(ascii: "\n") { advance() }
        spaced = true
        continue
      }
      if byte == UInt8(ascii: "/") && peek(1) == UInt8(ascii: "*") {
        try skipBlockComment()
        spaced = true
        continue
      }
      if byte == UInt8(ascii: "\"") || (byte == UInt8(ascii: "#") && isRawStringStart()) {
        try skipString()
        tokens.append(token(.string))
      } else if byte == UInt8(ascii: "#") && isExtendedRegexStart() {
        try skipExtendedRegex()
        tokens.append(token(.string))
      } else if byte == UInt8(ascii: "/") && startsRegex(after: tokens.last),
        let end = regexEnd()
      {
        while position < end { advance() }
        tokens.append(token(.string))
      } else if byte == UInt8(ascii: "#"), let directive = directiveKeyword() {
        for _ in 0..<directive.utf8.count + 1 { advance() }
        let conditionStart = position
        while let next = peek(), next != UInt8(ascii: "\n"),
          !(next == UInt8(ascii: "/")
            && (peek(1) == UInt8(ascii: "/") || peek(1) == UInt8(ascii: "*")))
        {
          advance()
        }
        let condition = text(from: conditionStart).trimmingSpaces()
        tokens.append(
          Token(
            kind: .directive(condition: condition), text: "#" + directive, line: startLine,
            spaced: spaced))
      } else if isWordStart(byte) || byte == UInt8(ascii: "`") || byte == UInt8(ascii: "$") {
        if byte == UInt8(ascii: "`") {
          advance()
          while let next = peek(), next != UInt8(ascii: "`"), next != UInt8(ascii: "\n") {
            advance()
          }
          guard peek() == UInt8(ascii: "`") else {
            throw SourceError(line: startLine, message: "a backticked name is not closed")
          }
          advance()
        } else {
          advance()
          while let next = peek(), isWordStart(next) || isDigit(next) { advance() }
        }
        tokens.append(token(.word))
      } else if isDigit(byte) {
        let isHex = byte == UInt8(ascii: "0") && (peek(1) == UInt8(ascii: "x"))
        while let next = peek(),
          isDigit(next) || isWordStart(next)
            || next == UInt8(ascii: ".") && peek(1).map(isDigit) == true
        {
          advance()
          // An exponent's sign belongs to the number: `1e-5`, `0x1p+3`.
          let exponent =
            isHex
            ? [UInt8(ascii: "p"), UInt8(ascii: "P")] : [UInt8(ascii: "e"), UInt8(ascii: "E")]
          if exponent.contains(next), let sign = peek(),
            sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+"), peek(1).map(isDigit) == true
          {
            advance()
          }
        }
        tokens.append(token(.number))
      } else if byte == UInt8(ascii: "-") && peek(1) == UInt8(ascii: ">") {
        advance()
        advance()
        tokens.append(token(.symbol))
      } else {
        advance()
        tokens.append(token(.symbol))
      }
      spaced = false
    }
    return tokens
  }

  func isWordStart(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == UInt8(ascii: "_")
      || byte >= 0x80
  }

  func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

  /// `#if`, `#elseif`, `#else` or `#endif` at the position, without the `#`.
  func directiveKeyword() -> String? {
    for keyword in ["elseif", "endif", "else", "if"] {
      let utf8 = Array(keyword.utf8)
      guard position + 1 + utf8.count <= bytes.count,
        Array(bytes[(position + 1)..<(position + 1 + utf8.count)]) == utf8
      else { continue }
      if let after = peek(1 + utf8.count), isWordStart(after) || isDigit(after) { continue }
      return keyword
    }
    return nil
  }

  /// Whether a `/` here starts a regex literal rather than a division: it follows what cannot end
  /// an operand (an operator, an opening bracket, a comma, a keyword, nothing) and is not followed
  /// by a space.
  func startsRegex(after previous: Token?) -> Bool {
    guard let next = peek(1), next != UInt8(ascii: " "), next != UInt8(ascii: "\t"),
      next != UInt8(ascii: "\n"), next != UInt8(ascii: "\r")
    else { return false }
    guard let previous else { return true }
    switch previous.kind {
    case .number, .string: return false
    case .word:
      return [
        "return", "case", "in", "where", "if", "guard", "while", "try", "await", "throw", "else",
        "let", "var", "some", "any",
      ].contains(previous.text)
    case .symbol: return ![")", "]", "}"].contains(previous.text)
    case .directive: return true
    }
  }

  /// Where a regex literal starting at the position ends (after its closing `/` on the same
  /// line, past escapes and character classes), or `nil` if it does not close on the line.
  func regexEnd() -> Int? {
    var offset = 1
    var classDepth = 0
    while let byte = peek(offset), byte != UInt8(ascii: "\n") {
      if byte == UInt8(ascii: "\\") {
        offset += 2
        continue
      }
      if byte == UInt8(ascii: "[") { classDepth += 1 }
      if byte == UInt8(ascii: "]") && classDepth > 0 { classDepth -= 1 }
      if byte == UInt8(ascii: "/") && classDepth == 0 { return position + offset + 1 }
      offset += 1
    }
    return nil
  }

  /// Whether `#/` (or `##/`) starts an extended regex literal here.
  func isExtendedRegexStart() -> Bool {
    var offset = 0
    while peek(offset) == UInt8(ascii: "#") { offset += 1 }
    return peek(offset) == UInt8(ascii: "/")
  }

  /// Skips `#/ … /#`, which may span lines.
  mutating func skipExtendedRegex() throws(SourceError) {
    let startLine = line
    var hashes = 0
    while peek() == UInt8(ascii: "#") {
      hashes += 1
      advance()
    }
    advance()
    while true {
      guard let byte = peek() else {
        throw SourceError(line: startLine, message: "a regex literal `#/` is not closed")
      }
      if byte == UInt8(ascii: "\\") {
        advance()
        if peek() != nil { advance() }
        continue
      }
      if byte == UInt8(ascii: "/") && hashesFollow(hashes, from: 1) {
        for _ in 0..<(hashes + 1) { advance() }
        return
      }
      advance()
    }
  }

  /// Whether `#…#"` starts a raw string here.
  func isRawStringStart() -> Bool {
    var offset = 0
    while peek(offset) == UInt8(ascii: "#") { offset += 1 }
    return peek(offset) == UInt8(ascii: "\"")
  }

  mutating func skipBlockComment() throws(SourceError) {
    let startLine = line
    var depth = 0
    repeat {
      guard let byte = peek() else {
        throw SourceError(line: startLine, message: "a /* comment is not closed")
      }
      if byte == UInt8(ascii: "/") && peek(1) == UInt8(ascii: "*") {
        depth += 1
        advance()
      } else if byte == UInt8(ascii: "*") && peek(1) == UInt8(ascii: "/") {
        depth -= 1
        advance()
      }
      advance()
    } while depth > 0
  }

  /// Skips a string literal starting at the position: `#` delimiters, `"` or `"""`, escapes
  /// and interpolations (which may hold strings of their own).
  mutating func skipString() throws(SourceError) {
    let startLine = line
    var hashes = 0
    while peek() == UInt8(ascii: "#") {
      hashes += 1
      advance()
    }
    let multiline = peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
    let quotes = multiline ? 3 : 1
    for _ in 0..<quotes { advance() }
    while true {
      guard let byte = peek() else {
        throw SourceError(line: startLine, message: "a string literal is not closed")
      }
      if byte == UInt8(ascii: "\n") && !multiline {
        throw SourceError(line: startLine, message: "a string literal is not closed")
      }
      if byte == UInt8(ascii: "\\") && hashesFollow(hashes, from: 1) {
        for _ in 0..<(hashes + 1) { advance() }
        if peek() == UInt8(ascii: "(") {
          try skipInterpolation()
        } else if peek() != nil {
          advance()
        }
        continue
      }
      if byte == UInt8(ascii: "\"") && (0..<quotes).allSatisfy({ peek($0) == UInt8(ascii: "\"") })
        && hashesFollow(hashes, from: quotes)
      {
        for _ in 0..<(quotes + hashes) { advance() }
        return
      }
      advance()
    }
  }

  func hashesFollow(_ count: Int, from offset: Int) -> Bool {
    (0..<count).allSatisfy { peek(offset + $0) == UInt8(ascii: "#") }
  }

  /// Skips `( … )` of an interpolation, strings inside it included.
  mutating func skipInterpolation() throws(SourceError) {
    let startLine = line
    var depth = 0
    repeat {
      guard let byte = peek() else {
        throw SourceError(line: startLine, message: "a string interpolation is not closed")
      }
      if byte == UInt8(ascii: "\"") || (byte == UInt8(ascii: "#") && isRawStringStart()) {
        try skipString()
        continue
      }
      if byte == UInt8(ascii: "(") { depth += 1 }
      if byte == UInt8(ascii: ")") { depth -= 1 }
      advance()
    } while depth > 0
  }
}

extension String {
  func trimmingSpaces() -> String {
    var scalars = Substring(self)
    while let first = scalars.first, first == " " || first == "\t" || first == "\r" {
      scalars.removeFirst()
    }
    while let last = scalars.last, last == " " || last == "\t" || last == "\r" {
      scalars.removeLast()
    }
    return String(scalars)
  }
}
