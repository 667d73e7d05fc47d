/// Reads the type declarations of a Swift source file: their names, nesting, access,
/// inheritance, an enum's cases and the names of members, through comments, strings,
/// attributes and `#if` blocks. Function bodies and initial values are skipped, not read.
public func parseDeclarations(_ source: String) throws(SourceError) -> SourceDeclarations {
  var parser = DeclarationParser(tokens: try tokenize(source))
  try parser.parseMembers(in: nil)
  parser.findUnreachableMarkedTypes()
  return parser.result
}

/// The protocols whose conformers the generator writes code for.
let generatorMarkers: Set<String> = [
  "CasePathable", "CaseReducer", "CodableCaseReducer", "DependencyClient",
]

private let typeKeywords: Set<String> = [
  "enum", "struct", "class", "actor", "protocol", "extension",
]
private let memberKeywords: Set<String> = [
  "func", "init", "deinit", "subscript", "var", "let", "typealias", "associatedtype", "import",
  "operator", "precedencegroup", "macro",
]
private let modifierKeywords: Set<String> = [
  "public", "private", "fileprivate", "internal", "package", "open", "final", "indirect", "static",
  "override", "mutating", "nonmutating", "lazy", "weak", "unowned", "dynamic", "optional",
  "required", "convenience", "nonisolated", "distributed", "consuming", "borrowing", "isolated",
  "prefix", "postfix", "infix",
]

/// The type a member list belongs to.
private struct Scope {
  var index: Int
  var qualifiedName: String
  var isEnum: Bool
  var isGeneric: Bool
  /// The default access of members (an extension's modifier), if any.
  var memberAccess: AccessLevel?
  /// `conditions.count` when the scope opened: a case's conditions are those beyond it.
  var conditionDepth: Int
}

/// One `#if` chain: the conditions of its branches so far, and which branch is open.
private struct ConditionLevel {
  var previous: [String] = []
  var current: String?
  /// The line of its `#if`.
  var line = 1

  /// The condition under which the open branch is compiled.
  var expression: String {
    let negated = previous.map { "!(\($0))" }
    guard let current else { return negated.joined(separator: " && ") }
    return (negated + ["(\(current))"]).joined(separator: " && ")
  }
}

private struct DeclarationParser {
  let tokens: [Token]
  var position = 0
  var result = SourceDeclarations()
  var conditions: [ConditionLevel] = []
  /// How many type bodies the parser is inside: past ``maximumNesting`` it stops with an error
  /// at the line, rather than overflowing the stack.
  var nesting = 0
  /// The deepest nesting of types read (far beyond any real file).
  static let maximumNesting = 100

  init(tokens: [Token]) { self.tokens = tokens }

  var current: Token? { position < tokens.count ? tokens[position] : nil }
  func peek(_ offset: Int) -> Token? {
    let index = position + offset
    return index >= 0 && index < tokens.count ? tokens[index] : nil
  }
  func isSymbol(_ token: Token?, _ text: String) -> Bool {
    token?.kind == .symbol && token?.text == text
  }
  func isWord(_ token: Token?, _ text: String) -> Bool {
    token?.kind == .word && token?.text == text
  }
  var conditionExpressions: [String] { conditions.map(\.expression) }

  /// Reads declarations until the `}` closing `scope` (or the end of the file at top level).
  // NB: not optimized, like the five emitters (see `Generator.generate`), with `parseType`,
  // `parseParameters`, `readExpression`, `Scanner.tokens` and
  // `Generator.implicitlyCasePathable`: long loops of inlined string tests, whose optimization
  // was a third of the generator's compile (40.0 → 25.4 billion compiler instructions with
  // `positions`, `Benchmarks/library-build-instructions.sh`), for a sixth more instructions a
  // generation before `positions` made the lookups by name cheap. Keeping them optimized with
  // their helpers out of line saved a quarter as much (CONTRIBUTING, "Compile-cost notes").
  @_optimize(none)
  mutating func parseMembers(in scope: Scope?) throws(SourceError) {
    var access: AccessLevel?
    var isStatic = false
    var availability: [String] = []
    func resetModifiers() {
      access = nil
      isStatic = false
      availability = []
    }
    while let token = current {
      if case .directive(let condition) = token.kind {
        try handleDirective(token, condition: condition)
        position += 1
        continue
      }
      if isSymbol(token, "}") {
        guard scope != nil else {
          throw SourceError(line: token.line, message: "a `}` closes nothing")
        }
        position += 1
        return
      }
      if isSymbol(token, "@") {
        let start = position
        position += 1
        if current?.kind == .word { position += 1 }
        // Attribute arguments follow the name without a space: `@available(iOS 17, *)`.
        if isSymbol(current, "("), current?.spaced == false { try skipBalanced() }
        if isWord(peek(start + 1 - position), "available") {
          availability.append(render(tokens[start..<position]))
        }
        continue
      }
      if isSymbol(token, ";") {
        position += 1
        resetModifiers()
        continue
      }
      guard token.kind == .word else {
        try skipUnknown()
        resetModifiers()
        continue
      }
      let word = token.text
      if word == "class", let next = peek(1), next.kind == .word,
        memberKeywords.contains(next.text) || modifierKeywords.contains(next.text)
      {
        // `class func`, `class var`: a modifier.
        isStatic = true
        position += 1
        continue
      }
      if modifierKeywords.contains(word) && !(word == "indirect" && isWord(peek(1), "case")) {
        if let level = AccessLevel(keyword: word) {
          position += 1
          if isSymbol(current, "(") {
            // `private(set)` only narrows the setter.
            try skipBalanced()
          } else {
            access = level
          }
          continue
        }
        if word == "static" { isStatic = true }
        position += 1
        continue
      }
      if word == "indirect" {
        position += 1
        continue
      }
      if typeKeywords.contains(word) {
        try parseType(kind: word, access: access ?? scope?.memberAccess, in: scope)
        resetModifiers()
        continue
      }
      if word == "case", let scope, scope.isEnum {
        try parseCase(in: scope, availability: availability)
        resetModifiers()
        continue
      }
      if word == "import", scope == nil {
        position += 1
        // `import struct Foundation.URL` names a kind first.
        if let kind = current, kind.kind == .word,
          typeKeywords.contains(kind.text)
            || ["typealias", "func", "var", "let"].contains(kind.text)
        {
          position += 1
        }
        if let module = current, module.kind == .word {
          result.imports.append(module.text)
          if !conditions.isEmpty { result.importConditions[module.text] = conditionExpressions }
        }
        try skipMember()
        resetModifiers()
        continue
      }
      if memberKeywords.contains(word) {
        if word == "var" || word == "let" || word == "func", let scope,
          let name = peek(1), name.kind == .word
        {
          if isStatic {
            result.types[scope.index].staticMembers.insert(name.text)
          } else if word != "func" {
            result.types[scope.index].instanceMembers.insert(name.text)
            if isSymbol(peek(2), ":") {
              position += 2
              if let property = try parseStoredProperty(name: name, isLet: word == "let") {
                result.types[scope.index].storedProperties.append(property)
              }
              resetModifiers()
              continue
            }
          }
        }
        if word == "init", let scope { result.types[scope.index].declaresInit = true }
        position += 1
        try skipMember()
        resetModifiers()
        continue
      }
      try skipUnknown()
      resetModifiers()
    }
    if let scope {
      throw SourceError(
        line: result.types[scope.index].line,
        message: "`\(result.types[scope.index].qualifiedName)` is not closed: a `}` is missing")
    }
    if !conditions.isEmpty {
      throw SourceError(line: conditions.last?.line ?? 1, message: "this `#if` has no `#endif`")
    }
  }

  mutating func handleDirective(_ token: Token, condition: String) throws(SourceError) {
    switch token.text {
    case "#if":
      conditions.append(ConditionLevel(previous: [], current: condition, line: token.line))
    case "#elseif", "#else":
      guard var level = conditions.popLast() else {
        throw SourceError(line: token.line, message: "`\(token.text)` without an `#if`")
      }
      if let current = level.current { level.previous.append(current) }
      level.current = token.text == "#else" ? nil : condition
      conditions.append(level)
    default:
      guard conditions.popLast() != nil else {
        throw SourceError(line: token.line, message: "`#endif` without an `#if`")
      }
    }
  }

  /// Records every `enum Name: …Marker…` or `struct Name: …Marker…` of the file that the member
  /// walk did not reach: it is inside a function body or a closure, which the walk skips whole.
  mutating func findUnreachableMarkedTypes() {
    let reached = Set(result.types.map(\.line))
    for index in tokens.indices {
      let keyword = tokens[index]
      guard keyword.kind == .word, ["enum", "struct"].contains(keyword.text),
        index + 2 < tokens.count, tokens[index + 1].kind == .word,
        !reached.contains(keyword.line)
      else { continue }
      var cursor = index + 2
      if isSymbol(tokens[cursor], "<") {
        while cursor < tokens.count, !isSymbol(tokens[cursor], ">") { cursor += 1 }
        cursor += 1
      }
      guard cursor < tokens.count, isSymbol(tokens[cursor], ":") else { continue }
      while cursor < tokens.count, !isSymbol(tokens[cursor], "{") {
        let word = tokens[cursor].text
        let bare = word.hasPrefix("ReducerKit.") ? String(word.dropFirst(11)) : word
        if tokens[cursor].kind == .word, generatorMarkers.contains(bare) {
          result.unreachable.append(
            UnreachableDeclaration(
              name: tokens[index + 1].text, marker: bare, line: keyword.line))
          break
        }
        cursor += 1
      }
    }
  }

  /// Reads `enum Name<T>: A, B where … { … }` (or `extension A.B: C { … }`) at the keyword.
  // NB: not optimized: see `parseMembers`.
  @_optimize(none)
  mutating func parseType(kind: String, access: AccessLevel?, in scope: Scope?) throws(SourceError)
  {
    let keyword = tokens[position]
    position += 1
    var nameTokens: [Token] = []
    var isGeneric = scope?.isGeneric ?? false
    if kind == "extension" {
      // The extended type: words, dots and generic arguments, up to `:`, `where` or `{`.
      var depth = 0
      while let token = current {
        if depth == 0
          && (isSymbol(token, ":") || isSymbol(token, "{") || isWord(token, "where"))
        {
          break
        }
        if isSymbol(token, "<") { depth += 1 }
        if isSymbol(token, ">") { depth -= 1 }
        nameTokens.append(token)
        position += 1
      }
    } else {
      guard let name = current, name.kind == .word else {
        throw SourceError(line: keyword.line, message: "`\(kind)` is not followed by a name")
      }
      nameTokens = [name]
      position += 1
      if isSymbol(current, "<") {
        isGeneric = true
        try skipAngles()
      }
    }
    guard !nameTokens.isEmpty else {
      throw SourceError(line: keyword.line, message: "`extension` is not followed by a type")
    }
    let writtenType = nameTokens.map(\.text).joined()
    let baseName = writtenType.prefix { $0 != "<" }
    let qualifiedName: String
    if kind == "extension" {
      qualifiedName = String(baseName)
    } else if let scope {
      qualifiedName = scope.qualifiedName + "." + baseName
    } else {
      qualifiedName = String(baseName)
    }
    var inherited: [String] = []
    if isSymbol(current, ":") {
      position += 1
      var entry = ""
      var depth = 0
      while let token = current {
        if depth == 0 && (isSymbol(token, "{") || isWord(token, "where")) { break }
        if isSymbol(token, "<") || isSymbol(token, "(") { depth += 1 }
        if isSymbol(token, ">") || isSymbol(token, ")") { depth -= 1 }
        if depth == 0 && isSymbol(token, ",") {
          inherited.append(entry)
          entry = ""
        } else {
          entry += (token.spaced && !entry.isEmpty && token.kind == .word ? " " : "") + token.text
        }
        position += 1
      }
      if !entry.isEmpty { inherited.append(entry) }
    }
    var whereClause = ""
    if isWord(current, "where") {
      position += 1
      while let token = current, !isSymbol(token, "{") {
        whereClause += token.text
        position += 1
      }
    }
    guard isSymbol(current, "{") else {
      throw SourceError(
        line: keyword.line, message: "`\(kind) \(writtenType)` has no body: `{` is missing")
    }
    position += 1
    let declaration = TypeDeclaration(
      kind: TypeDeclaration.Kind(rawValue: kind) ?? .struct, qualifiedName: qualifiedName,
      writtenType: writtenType, access: kind == "extension" ? nil : access,
      isGeneric: kind == "extension" ? false : isGeneric, inherited: inherited,
      whereClause: whereClause, cases: [], staticMembers: [], instanceMembers: [],
      conditions: conditionExpressions, line: keyword.line)
    result.types.append(declaration)
    let inner = Scope(
      index: result.types.count - 1, qualifiedName: qualifiedName, isEnum: kind == "enum",
      isGeneric: kind == "extension" ? false : isGeneric,
      memberAccess: kind == "extension" ? access : nil, conditionDepth: conditions.count)
    if kind == "protocol" {
      // A protocol's requirements are not declarations the generator reads.
      position -= 1
      try skipBalanced()
    } else {
      guard nesting < Self.maximumNesting else {
        throw SourceError(
          line: keyword.line,
          message:
            "`\(writtenType)` is nested more than "
            + "\(Self.maximumNesting) types deep")
      }
      nesting += 1
      defer { nesting -= 1 }
      try parseMembers(in: inner)
    }
  }

  /// Reads `case a, b(Int), c(id: Int, name: String = "")` at `case`.
  mutating func parseCase(in scope: Scope, availability: [String]) throws(SourceError) {
    let keyword = tokens[position]
    position += 1
    let caseConditions = Array(conditionExpressions.dropFirst(scope.conditionDepth))
    while true {
      guard let name = current, name.kind == .word else {
        throw SourceError(
          line: keyword.line,
          message: "a case of `\(result.types[scope.index].qualifiedName)` has no name")
      }
      position += 1
      var parameters: [CaseParameter] = []
      if isSymbol(current, "(") {
        parameters = try parseParameters(enumName: result.types[scope.index].qualifiedName)
      }
      if isSymbol(current, "=") {
        // A raw value: a literal, maybe negative or with an exponent (`1e-5`), up to the next
        // case of the list.
        position += 1
        _ = try readExpression(stoppingAt: [","])
      }
      result.types[scope.index].cases.append(
        EnumCaseDeclaration(
          name: name.text, parameters: parameters, line: name.line, conditions: caseConditions,
          availability: availability))
      guard isSymbol(current, ",") else { return }
      position += 1
    }
  }

  /// Reads `(id: Int, name: String = "")` at `(`.
  // NB: not optimized: see `parseMembers`.
  @_optimize(none)
  mutating func parseParameters(enumName: String) throws(SourceError) -> [CaseParameter] {
    let open = tokens[position]
    position += 1
    var parameters: [CaseParameter] = []
    var pieces: [Token] = []
    var defaultPieces: [Token] = []
    var depth = 0
    var angles = 0
    var inDefault = false
    func finish() throws(SourceError) {
      guard !pieces.isEmpty else {
        throw SourceError(
          line: open.line, message: "a case of `\(enumName)` has an empty payload value")
      }
      var label: String?
      var typeStart = 0
      if pieces.count > 2, pieces[0].kind == .word, isSymbol(pieces[1], ":") {
        label = pieces[0].text == "_" ? nil : pieces[0].text
        typeStart = 2
      } else if pieces.count > 3, pieces[0].kind == .word, pieces[1].kind == .word,
        isSymbol(pieces[2], ":")
      {
        label = pieces[0].text == "_" ? nil : pieces[0].text
        typeStart = 3
      }
      parameters.append(
        CaseParameter(
          label: label, type: render(pieces[typeStart...]),
          defaultValue: inDefault ? render(defaultPieces[...]) : nil))
      pieces = []
      defaultPieces = []
      inDefault = false
    }
    while true {
      guard let token = current else {
        throw SourceError(line: open.line, message: "a case's `(` of `\(enumName)` is not closed")
      }
      position += 1
      if case .directive = token.kind {
        throw SourceError(line: token.line, message: "an `#if` inside a case's payload")
      }
      if isSymbol(token, "(") || isSymbol(token, "[") || isSymbol(token, "{") { depth += 1 }
      if isSymbol(token, ")") || isSymbol(token, "]") || isSymbol(token, "}") {
        if depth == 0 {
          guard isSymbol(token, ")") else {
            throw SourceError(
              line: open.line,
              message: "this `(` of a case of `\(enumName)` is not closed (a `\(token.text)` "
                + "on line \(token.line) comes first)")
          }
          // A trailing comma (`case load(id: Int,)`) ends the list.
          if !(pieces.isEmpty && !parameters.isEmpty && !inDefault) { try finish() }
          return parameters
        }
        depth -= 1
      }
      if !inDefault && isSymbol(token, "<") { angles += 1 }
      if !inDefault && isSymbol(token, ">") { angles -= 1 }
      if depth == 0 && angles <= 0 && isSymbol(token, ",") {
        try finish()
        continue
      }
      if !inDefault && depth == 0 && angles <= 0 && isSymbol(token, "=") {
        inDefault = true
        continue
      }
      if inDefault { defaultPieces.append(token) } else { pieces.append(token) }
    }
  }

  /// Reads `: Type = value` of a property at `:` after its name; `nil` for a computed one
  /// (`{ get }` follows the type). The type and the value end at the end of their line, unless
  /// a bracket is open or the line ends with (or the next starts with) an operator that continues
  /// them.
  mutating func parseStoredProperty(name: Token, isLet: Bool) throws(SourceError)
    -> StoredProperty?
  {
    position += 1
    let type = try readExpression(stoppingAt: ["=", "{"], anglesAreBrackets: true)
    var defaultValue: [Token]?
    if isSymbol(current, "{") {
      try skipBalanced()
      return nil
    }
    if isSymbol(current, "=") {
      position += 1
      defaultValue = try readExpression(stoppingAt: [])
    }
    return StoredProperty(
      name: name.text, type: render(type[...]), defaultValue: defaultValue.map { render($0[...]) },
      isLet: isLet, line: name.line)
  }

  /// The tokens of a type or an expression up to a `stops` symbol, `;` or `}` outside brackets,
  /// or a line break that ends it; in a type, `<` and `>` are brackets too.
  // NB: not optimized: see `parseMembers`.
  @_optimize(none)
  mutating func readExpression(
    stoppingAt stops: Set<String>, anglesAreBrackets: Bool = false
  ) throws(SourceError) -> [Token] {
    var tokens: [Token] = []
    var depth = 0
    // NB: `?` ends a line's optional type (`-> String?`); it continues one only as the next
    // line's first token (`?? fallback`).
    let endContinues: Set<String> = ["->", ",", "&", ".", "=", "+", "-", "*", "|"]
    let startContinues: Set<String> = ["->", ",", "&", ".", "=", "+", "-", "*", "|", "?"]
    while let token = current {
      if case .directive = token.kind, depth == 0 { break }
      if depth == 0, token.kind == .symbol, stops.contains(token.text) || token.text == ";" {
        break
      }
      if depth == 0, isSymbol(token, "}") || isSymbol(token, ")") || isSymbol(token, "]") {
        break
      }
      if depth == 0, let last = tokens.last, token.line > last.line,
        !(last.kind == .symbol && endContinues.contains(last.text)),
        !(token.kind == .symbol && startContinues.contains(token.text)),
        !(token.kind == .word && ["async", "throws", "rethrows"].contains(token.text))
      {
        break
      }
      if isSymbol(token, "(") || isSymbol(token, "[") || isSymbol(token, "{") { depth += 1 }
      if isSymbol(token, ")") || isSymbol(token, "]") || isSymbol(token, "}") { depth -= 1 }
      if anglesAreBrackets && isSymbol(token, "<") { depth += 1 }
      if anglesAreBrackets && isSymbol(token, ">") && depth > 0 { depth -= 1 }
      tokens.append(token)
      position += 1
    }
    return tokens
  }

  /// The tokens as text, with one space where the source had space between them (none inside
  /// brackets' edges or before punctuation), and after every comma and colon.
  func render(_ tokens: ArraySlice<Token>) -> String {
    var text = ""
    var previous: Token?
    for token in tokens {
      if let previous {
        let opens = ["(", "[", "<", "@", "."].contains(previous.text) && previous.kind == .symbol
        // NB: a `.` after `{` starts an implicit member (`{ .finished() }`): its space stays.
        let closes =
          [")", "]", ">", ",", ":", ".", "?", "!"].contains(token.text)
          && token.kind == .symbol && !(token.text == "." && isSymbol(previous, "{"))
        if (token.spaced && !opens && !closes) || isSymbol(previous, ",")
          || isSymbol(previous, ":")
        {
          text += " "
        }
      }
      text += token.text
      previous = token
    }
    return text
  }

  /// Skips a member declaration after its keyword: up to the next declaration, `;` or `}`,
  /// skipping bodies and bracketed expressions whole.
  mutating func skipMember() throws(SourceError) {
    while let token = current {
      if isSymbol(token, "{") || isSymbol(token, "(") || isSymbol(token, "[") {
        try skipBalanced()
        continue
      }
      if isSymbol(token, "}") || isSymbol(token, ";") || isSymbol(token, "@") { return }
      if case .directive = token.kind { return }
      if token.kind == .word, peek(-1).map({ !isSymbol($0, ".") }) ?? true,
        typeKeywords.contains(token.text) || memberKeywords.contains(token.text)
          || modifierKeywords.contains(token.text) || token.text == "case"
      {
        return
      }
      position += 1
    }
  }

  /// Skips a token that starts nothing the parser reads (a statement at top level).
  mutating func skipUnknown() throws(SourceError) {
    if let token = current, isSymbol(token, "{") || isSymbol(token, "(") || isSymbol(token, "[") {
      try skipBalanced()
    } else {
      position += 1
    }
  }

  /// Skips `{ … }`, `( … )` or `[ … ]` at the opening token.
  mutating func skipBalanced() throws(SourceError) {
    try skip(opening: ["{", "(", "["], closing: ["}", ")", "]"])
  }

  /// Skips `< … >` at `<`.
  mutating func skipAngles() throws(SourceError) {
    try skip(opening: ["<"], closing: [">"])
  }

  /// Skips from the opening token to the one that closes it, counting nesting.
  mutating func skip(opening: Set<String>, closing: Set<String>) throws(SourceError) {
    let open = tokens[position]
    var depth = 0
    repeat {
      guard let token = current else {
        throw SourceError(line: open.line, message: "this `\(open.text)` is not closed")
      }
      if token.kind == .symbol, opening.contains(token.text) { depth += 1 }
      if token.kind == .symbol, closing.contains(token.text) { depth -= 1 }
      position += 1
    } while depth > 0
  }
}
