/// What the generator writes for a struct of endpoints marked `DependencyClient`: an `init()`
/// whose every endpoint fails the test it is called in, naming it — what the best-known library's
/// `@DependencyClient` gives (`static let testValue = Self()`).
extension Generator {
  /// A closure type as written: `@Sendable (_ id: Int) async throws -> String`.
  struct ClosureType {
    var parameterCount: Int
    var isAsync: Bool
    var isThrowing: Bool
    var returnType: String
    /// The parameters as written, split at their top-level commas: `_ id: Int`.
    var parameters: [String] = []
    /// The effects as written between the parameters and the arrow: `async throws(E)`.
    var effects = ""

    /// Reads a function type, or `nil` when `type` is not one (an optional closure included).
    init?(_ type: String) {
      var text = Substring(type)
      // Attributes: `@Sendable`, `@MainActor`, `@escaping`.
      while text.hasPrefix("@") {
        guard let space = text.firstIndex(of: " ") else { return nil }
        text = text[text.index(after: space)...]
      }
      guard text.hasPrefix("("), let arrow = Self.topLevelArrow(in: text) else { return nil }
      let signature = text[..<arrow]
      returnType = String(text[text.index(arrow, offsetBy: 2)...]).trimmingSpaces()
      // The parameter list: from the first `(` to the one that closes it.
      var depth = 0
      var close = signature.startIndex
      var commas = 0
      for index in signature.indices {
        let character = signature[index]
        if "([<".contains(character) { depth += 1 }
        if ")]>".contains(character) { depth -= 1 }
        if depth == 1 && character == "," { commas += 1 }
        if depth == 0 {
          close = index
          break
        }
      }
      let list = signature[signature.index(after: signature.startIndex)..<close]
      parameterCount = list.allSatisfy { $0 == " " } ? 0 : commas + 1
      parameters = Self.topLevelPieces(of: list)
      let effects = signature[signature.index(after: close)...].split(separator: " ")
      self.effects = effects.joined(separator: " ")
      isAsync = effects.contains("async")
      isThrowing = effects.contains("throws") || effects.contains { $0.hasPrefix("throws(") }
    }

    /// The `->` outside brackets, if any.
    static func topLevelArrow(in text: Substring) -> Substring.Index? {
      var depth = 0
      var index = text.startIndex
      while index < text.endIndex {
        let character = text[index]
        if "([<".contains(character) { depth += 1 }
        if ")]".contains(character) { depth -= 1 }
        if character == ">" && text[..<index].last != "-" { depth -= 1 }
        if depth == 0 && character == "-" && text[index...].hasPrefix("->") { return index }
        index = text.index(after: index)
      }
      return nil
    }

    /// `list` split at commas outside brackets, each trimmed.
    static func topLevelPieces(of list: Substring) -> [String] {
      var pieces: [String] = []
      var current = ""
      var depth = 0
      for character in list {
        if "([<".contains(character) { depth += 1 }
        if ")]>".contains(character) { depth -= 1 }
        if character == "," && depth == 0 {
          pieces.append(current.trimmingSpaces())
          current = ""
        } else {
          current.append(character)
        }
      }
      if !current.trimmingSpaces().isEmpty { pieces.append(current.trimmingSpaces()) }
      return pieces
    }

    /// The parameters' names and types when every one is named (`_ email: String`), for a method
    /// that calls the endpoint with labels: `login(email:password:)`.
    var namedParameters: [(name: String, type: String)]? {
      guard !parameters.isEmpty else { return nil }
      var named: [(name: String, type: String)] = []
      for parameter in parameters {
        guard parameter.hasPrefix("_ "), let colon = parameter.firstIndex(of: ":") else {
          return nil
        }
        let name = String(parameter[parameter.index(parameter.startIndex, offsetBy: 2)..<colon])
          .trimmingSpaces()
        let type = String(parameter[parameter.index(after: colon)...]).trimmingSpaces()
        guard !name.isEmpty, !type.hasPrefix("inout ") else { return nil }
        named.append((name, type))
      }
      return named
    }

    var returnsVoid: Bool { returnType == "Void" || returnType == "()" }
    var returnsOptional: Bool { returnType.hasSuffix("?") || returnType.hasPrefix("Optional<") }
  }

  /// `init()` for a dependency client, or `nil` after reporting what stops it.
  // NB: not optimized: it only joins strings (see `Generator.generate`).
  @_optimize(none)
  func dependencyClient(
    _ declaration: TypeDeclaration, access: AccessLevel, path: String,
    fail: (String, Int?) -> Void
  ) -> String? {
    let name = declaration.qualifiedName
    guard !declaration.isGeneric else {
      fail("`\(name)` is generic: a `DependencyClient` cannot be; write its `init()` by hand", nil)
      return nil
    }
    guard !declaration.declaresInit else {
      fail(
        "`\(name)` declares an initializer: the plugin's `init()` would clash with it. Remove "
          + "`DependencyClient`, or the initializer", nil)
      return nil
    }
    // NB: when every stored property has an initial value, Swift writes an `init()` of its own,
    // which running them, and one written beside it would clash: the client is left to it.
    let everyPropertyHasAValue = declaration.storedProperties.allSatisfy {
      $0.defaultValue != nil || (!$0.isLet && $0.type.hasSuffix("?"))
    }
    let initIsSwifts = everyPropertyHasAValue && !declaration.storedProperties.isEmpty
    let file = path.split(separator: "/").last.map(String.init) ?? path
    // NB: `init()` hands every endpoint to the memberwise initializer rather than assigning
    // `self.endpoint`, which a method of the same name (below) would make ambiguous.
    var originals = ""
    var arguments: [String] = []
    var readable = true
    var methods = ""
    for property in declaration.storedProperties {
      let endpoint = "\(name).\(property.name)"
      if let closure = ClosureType(property.type), let named = closure.namedParameters {
        // NB: the endpoint is called through its key path: `self.login(…)` would name the method.
        let call =
          (closure.isThrowing ? "try " : "") + (closure.isAsync ? "await " : "")
          + "self[keyPath: \\\(name).\(property.name)]"
          + "(\(named.map(\.name).joined(separator: ", ")))"
        let effects = closure.effects.isEmpty ? "" : " \(closure.effects)"
        let result = closure.returnsVoid ? "" : " -> \(closure.returnType)"
        let signature = named.map { "\($0.name): \($0.type)" }.joined(separator: ", ")
        methods += """

            /// Calls `\(property.name)` with its arguments named.
            \(access.modifier)func \(property.name)(\(signature))\(effects)\(result) {
              \(call)
            }

          """
      }
      guard let closure = ClosureType(property.type) else {
        if property.defaultValue == nil && !property.type.hasSuffix("?") {
          fail(
            "`\(property.name)` of `\(name)` is not a closure and has no initial value: give it "
              + "one, so that `init()` can make the client", property.line)
          readable = false
        }
        continue
      }
      if property.isLet && property.defaultValue != nil { continue }
      let report =
        "ReducerKit._unimplementedEndpoint(\"\(endpoint)\", fileID: \"\(module)/\(file)\", "
        + "filePath: \(swiftLiteral(path)), line: \(property.line))"
      let values = (0..<closure.parameterCount).map { "p\($0)" }
      let parameters = values.isEmpty ? "" : " \(values.joined(separator: ", ")) in"
      let body: String
      if let original = property.defaultValue {
        let call =
          (closure.isThrowing ? "try " : "") + (closure.isAsync ? "await " : "")
          + "\(property.name)Original(\(values.joined(separator: ", ")))"
        originals += "    let \(property.name)Original: \(property.type) = \(original)\n"
        body = "_ = \(report)\n        return \(call)"
      } else if closure.isThrowing {
        body = "throw \(report)"
      } else if closure.returnsVoid {
        body = "_ = \(report)"
      } else if closure.returnsOptional {
        body = "_ = \(report)\n        return nil"
      } else {
        fail(
          "`\(property.name)` of `\(name)` returns `\(closure.returnType)` and cannot throw: give "
            + "it an initial value (`= { … }`), what an unimplemented call returns", property.line)
        readable = false
        continue
      }
      arguments.append(
        """
              \(property.name): {\(parameters)
                \(body)
              }
        """)
    }
    guard readable else { return nil }
    guard !initIsSwifts else {
      return methods.isEmpty ? "" : "extension \(name) {\(methods)}\n\n"
    }
    return """
      extension \(name) {
        /// Every endpoint of `\(name)` failing the test it is called in, naming itself (one with
        /// an initial value then runs it): `static let testValue = Self()`.
        \(access.modifier)init() {
      \(originals)    self.init(
      \(arguments.joined(separator: ",\n"))
          )
        }
      \(methods)}


      """
  }

  /// `text` as a Swift string literal.
  func swiftLiteral(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "\\": escaped += "\\\\"
      case "\"": escaped += "\\\""
      default: escaped.append(character)
      }
    }
    return "\"\(escaped)\""
  }
}
