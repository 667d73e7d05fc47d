/// A source file given to the generator.
public struct SourceFile: Sendable {
  /// The path, as errors name it.
  public var path: String
  /// The text.
  public var text: String

  /// Creates a source file.
  public init(path: String, text: String) {
    self.path = path
    self.text = text
  }
}

/// A marked declaration the generator cannot read, with where it is.
public struct GenerationError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file.
  public var path: String
  /// The line, from 1.
  public var line: Int
  /// What is wrong and how to fix it.
  public var message: String

  /// As compilers print it, so that Xcode and SwiftPM show it at the line: `path:line: error: …`.
  public var description: String { "\(path):\(line): error: \(message)" }
}

/// Generates the case paths of every enum marked `CasePathable`, the `binding` property of
/// `BindableAction` enums, and the `State`, `Action` and `body` of every enum marked
/// `CaseReducer`, for the files of one module.
///
/// - Parameters:
///   - files: The module's source files.
///   - module: The module's name, so that `Module.Type` is read as `Type`.
/// - Returns: The generated Swift file's text.
/// - Throws: Every marked declaration it cannot read, at once.
public func generateCasePaths(
  for files: [SourceFile], module: String
) throws(GenerationErrors) -> String {
  var generator = Generator(module: module)
  for file in files {
    // NB: a file that does not name a marker can only matter through its hand-written case
    // paths and conformances; one the parser cannot read is left to the compiler.
    let mentionsMarker = [
      "CasePathable", "CaseReducer", "BindableAction", "Reducer", "DependencyClient",
    ].contains {
      file.text.contains($0)
    }
    do {
      generator.add(try parseDeclarations(file.text), path: file.path)
    } catch {
      if mentionsMarker {
        generator.errors.append(
          GenerationError(
            path: file.path, line: error.line,
            message: "ReducerKit cannot read this file for case paths: \(error.message)"))
      }
    }
  }
  let text = generator.generate()
  guard generator.errors.isEmpty else { throw GenerationErrors(errors: generator.errors) }
  return text
}

/// Every error of one generation.
public struct GenerationErrors: Error, Sendable {
  /// The errors, in file order.
  public var errors: [GenerationError]
}

struct Located {
  var declaration: TypeDeclaration
  var path: String
}

struct Generator {
  let module: String
  var types: [Located] = []
  var imports: [String] = []
  /// The conditions of imports no file makes unconditionally.
  var importConditions: [String: [String]] = [:]
  var errors: [GenerationError] = []

  init(module: String) { self.module = module }

  mutating func add(_ declarations: SourceDeclarations, path: String) {
    let marked = declarations.types.contains { declaration in
      declaration.inherited.contains {
        [
          "CasePathable", "CaseReducer", "CodableCaseReducer", "BindableAction", "Reducer",
          "DependencyClient",
        ].contains(bare($0))
      }
    }
    if marked {
      for module in declarations.imports {
        let conditions = declarations.importConditions[module]
        if !imports.contains(module) {
          imports.append(module)
          if let conditions { importConditions[module] = conditions }
        } else if conditions == nil {
          // NB: imported unconditionally somewhere: no condition is needed.
          importConditions[module] = nil
        }
      }
    }
    for declaration in declarations.types {
      types.append(Located(declaration: declaration, path: path))
    }
    for declaration in declarations.unreachable {
      errors.append(
        GenerationError(
          path: path, line: declaration.line,
          message:
            "`\(declaration.name)` is declared inside a function or a closure: the generated "
            + "file cannot reach it, so it gets no `\(declaration.marker)` code. Move it to a type "
            + "or to file scope"))
    }
  }

  /// The cases of `declaration` whose name another case shares (`load(id:)`, `load(name:)`):
  /// case paths are named by case, so they would clash.
  func overloadedCases(of declaration: TypeDeclaration) -> [EnumCaseDeclaration] {
    var seen: [String: Int] = [:]
    for enumCase in declaration.cases { seen[bareName(enumCase.name), default: 0] += 1 }
    return declaration.cases.filter { seen[bareName($0.name), default: 0] > 1 }
  }

  /// The first payload type of `declaration` that this module declares `private` or
  /// `fileprivate` (or nests in such a type): the generated file cannot name it.
  func hiddenPayload(of declaration: TypeDeclaration) -> (EnumCaseDeclaration, String)? {
    for enumCase in declaration.cases {
      for parameter in enumCase.parameters {
        for reference in typeReferences(in: parameter.type) {
          guard let resolved = resolveType(reference, from: declaration.qualifiedName),
            let found = types.first(where: {
              $0.declaration.kind != .extension && $0.declaration.qualifiedName == resolved
            }),
            effectiveAccess(of: found.declaration) < .internal
          else { continue }
          return (enumCase, reference)
        }
      }
    }
    return nil
  }

  /// Whether a type of the module has the module's name (`struct VoiceMemos` in `VoiceMemos`):
  /// then `VoiceMemos.Action` names the type's `Action`, as in Swift, not the module's.
  var moduleIsShadowed: Bool {
    types.contains {
      $0.declaration.kind != .extension && $0.declaration.qualifiedName == module
    }
  }

  /// `Module.Feature.Action` → `Feature.Action`, unless a type is named like the module.
  func unqualified(_ name: String) -> String {
    guard name.hasPrefix(module + "."), !moduleIsShadowed else { return name }
    return String(name.dropFirst(module.count + 1))
  }

  /// Reads the extensions' written names (`extension App.Feature.Action`), and the names of
  /// types declared inside them, as the types they name, once every file is in (a type named like the module changes what they mean).
  mutating func resolveExtensionNames() {
    let shadowed = moduleIsShadowed
    // NB: types declared inside such an extension carry its written name too.
    for index in types.indices where !shadowed {
      let name = types[index].declaration.qualifiedName
      if name.hasPrefix(module + ".") {
        types[index].declaration.qualifiedName = String(name.dropFirst(module.count + 1))
      }
    }
  }

  /// `ReducerKit.CasePathable` → `CasePathable`.
  func bare(_ inherited: String) -> String {
    inherited.hasPrefix("ReducerKit.")
      ? String(inherited.dropFirst("ReducerKit.".count)) : inherited
  }

  func conformances(of name: String) -> Set<String> {
    var result: Set<String> = []
    for type in types where type.declaration.qualifiedName == name {
      result.formUnion(type.declaration.inherited.map(bare))
    }
    return result
  }

  func staticMembers(of name: String) -> Set<String> {
    var result: Set<String> = []
    for type in types where type.declaration.qualifiedName == name {
      result.formUnion(type.declaration.staticMembers)
    }
    return result
  }

  func instanceMembers(of name: String) -> Set<String> {
    var result: Set<String> = []
    for type in types where type.declaration.qualifiedName == name {
      result.formUnion(type.declaration.instanceMembers)
    }
    return result
  }

  /// The statics hand-written in `extension CasePath<Root, …>` (or `where EnumRoot == Root`).
  func handWrittenCasePaths(of root: String) -> Set<String> {
    var result: Set<String> = []
    for type in types where type.declaration.kind == .extension {
      let declaration = type.declaration
      guard
        declaration.qualifiedName == "CasePath"
          || declaration.qualifiedName == "ReducerKit.CasePath"
      else { continue }
      var writtenRoot: String?
      if let open = declaration.writtenType.firstIndex(of: "<") {
        var depth = 0
        var first = ""
        for character in declaration.writtenType[declaration.writtenType.index(after: open)...] {
          if character == "<" || character == "(" || character == "[" { depth += 1 }
          if character == ">" || character == ")" || character == "]" { depth -= 1 }
          if depth == 0 && character == "," { break }
          first.append(character)
        }
        writtenRoot = first
      } else if let requirement = declaration.whereClause.split(separator: ",").first(where: {
        $0.hasPrefix("EnumRoot==")
      }) {
        writtenRoot = String(requirement.dropFirst("EnumRoot==".count))
      }
      if let writtenRoot, unqualified(writtenRoot) == root {
        result.formUnion(declaration.staticMembers)
      }
    }
    return result
  }

  /// Whether the declaration, or a type this module declares that it is nested in (also through
  /// an extension: `extension Box { enum Action … }` with `struct Box<T>`), is generic.
  func isGeneric(_ declaration: TypeDeclaration) -> Bool {
    if declaration.isGeneric { return true }
    var components = declaration.qualifiedName.split(separator: ".").map(String.init)
    while components.count > 1 {
      components.removeLast()
      let outer = components.joined(separator: ".")
      if types.contains(where: {
        $0.declaration.kind != .extension && $0.declaration.qualifiedName == outer
          && $0.declaration.isGeneric
      }) {
        return true
      }
    }
    return false
  }

  /// The declared access of `name`, narrowed by every type it is nested in that this module
  /// declares.
  func effectiveAccess(of declaration: TypeDeclaration) -> AccessLevel {
    var access = declaration.access ?? .internal
    var components = declaration.qualifiedName.split(separator: ".").map(String.init)
    while components.count > 1 {
      components.removeLast()
      let outer = components.joined(separator: ".")
      if let found = types.first(where: {
        $0.declaration.kind != .extension && $0.declaration.qualifiedName == outer
      }) {
        access = min(access, found.declaration.access ?? .internal)
      }
    }
    return access
  }

  /// The enums that are case-path-able without a written `CasePathable`: the `Action` (and an
  /// enum `State`) of each type conforming to `Reducer`, and the enums declared inside that
  /// feature that their cases carry (`Delegate`, `View`, `Alert`), at any depth.
  func implicitlyCasePathable() -> Set<String> {
    var enums: [String: TypeDeclaration] = [:]
    for type in types where type.declaration.kind == .enum {
      enums[type.declaration.qualifiedName] = type.declaration
    }
    var found: Set<String> = []
    var pending: [(name: String, feature: String)] = []
    // NB: an enum of features that declares its own `Action` counts too.
    let reducers = Set(
      types.map(\.declaration.qualifiedName).filter {
        !conformances(of: $0).isDisjoint(with: ["Reducer", "CaseReducer", "CodableCaseReducer"])
      })
    for feature in reducers.sorted() {
      for nested in ["Action", "State"] where enums[feature + "." + nested] != nil {
        pending.append((feature + "." + nested, feature))
      }
    }
    while let (name, feature) = pending.popLast() {
      guard !found.contains(name), let declaration = enums[name] else { continue }
      let marks = conformances(of: name)
      if marks.contains("CaseReducer") || marks.contains("CodableCaseReducer") { continue }
      found.insert(name)
      for enumCase in declaration.cases {
        for parameter in enumCase.parameters {
          for reference in typeReferences(in: parameter.type) {
            if let resolved = resolve(reference, from: name, among: enums),
              resolved.hasPrefix(feature + ".")
            {
              pending.append((resolved, feature))
            }
          }
        }
      }
    }
    return found
  }

  /// The dotted type names a written type mentions: `PresentationAction<Alert>` → `Presentation
  /// Action`, `Alert`.
  func typeReferences(in type: String) -> [String] {
    var references: [String] = []
    var current = ""
    for character in type {
      if character.isLetter || character.isNumber || character == "_" || character == "." {
        current.append(character)
      } else {
        if !current.isEmpty { references.append(current) }
        current = ""
      }
    }
    if !current.isEmpty { references.append(current) }
    return references.map { unqualified($0) }
  }

  /// The qualified name `reference` names when written inside `scope`, as Swift looks it up:
  /// from the innermost enclosing type outward, then at file scope.
  func resolve(_ reference: String, from scope: String, among enums: [String: TypeDeclaration])
    -> String?
  {
    var components = scope.split(separator: ".").map(String.init)
    while !components.isEmpty {
      let candidate = components.joined(separator: ".") + "." + reference
      if enums[candidate] != nil { return candidate }
      components.removeLast()
    }
    return enums[reference] != nil ? reference : nil
  }

  mutating func generate() -> String {
    resolveExtensionNames()
    let implicit = implicitlyCasePathable()
    var output = """
      // Generated by ReducerKit's case-path plugin from this module's enums marked `CasePathable`
      // or `CaseReducer` (and its `BindableAction` enums). Do not edit: every build writes it again.

      """
    for module in imports.sorted() where module != "ReducerKit" {
      output += wrapped("import \(module)\n", in: importConditions[module] ?? [])
    }
    output += "import ReducerKit\n"
    for located in types {
      var declaration = located.declaration
      declaration.isGeneric = isGeneric(declaration)
      let marks = conformances(of: declaration.qualifiedName)
      let isCodableCaseReducer = marks.contains("CodableCaseReducer")
      let isCaseReducer = marks.contains("CaseReducer") || isCodableCaseReducer
      let isWritten = marks.contains("CasePathable")
      let isImplicit = !isWritten && implicit.contains(declaration.qualifiedName)
      let isCasePathable = isWritten || isImplicit
      let isBindable = marks.contains("BindableAction")
      let isClient = marks.contains("DependencyClient")
      guard isCaseReducer || isCasePathable || isBindable || isClient,
        declaration.kind != .extension
      else {
        continue
      }
      func fail(_ message: String, line: Int? = nil) {
        errors.append(
          GenerationError(path: located.path, line: line ?? declaration.line, message: message))
      }
      if isClient {
        guard declaration.kind == .struct else {
          fail(
            "`\(declaration.qualifiedName)` is \(declaration.kind.withArticle): only a struct of "
              + "endpoints can be a `DependencyClient`")
          continue
        }
        let access = effectiveAccess(of: declaration)
        guard access >= .internal else {
          fail(
            "`\(declaration.qualifiedName)` is \(access): the generated file cannot see it. Make "
              + "it internal (or wider), or write its `init()` by hand")
          continue
        }
        guard
          let section = dependencyClient(
            declaration, access: access, path: located.path, fail: fail)
        else { continue }
        guard !section.isEmpty else { continue }
        let source = "\(located.path.split(separator: "/").last ?? ""):\(declaration.line)"
        output += "\n// MARK: - \(declaration.qualifiedName) (\(source))\n\n"
        output += wrapped(section, in: declaration.conditions)
        continue
      }
      guard declaration.kind == .enum else {
        if isCaseReducer || isCasePathable {
          fail(
            "`\(declaration.qualifiedName)` is \(declaration.kind.withArticle): only an enum can be "
              + "`\(isCaseReducer ? "CaseReducer" : "CasePathable")`")
        }
        continue
      }
      let access = effectiveAccess(of: declaration)
      guard access >= .internal else {
        if isCaseReducer || isWritten || needsBinding(declaration) {
          fail(
            "`\(declaration.qualifiedName)` is \(access): the generated file cannot see it. Make it "
              + "internal (or wider), or write its case paths by hand")
        }
        continue
      }
      guard isCaseReducer || isCasePathable || needsBinding(declaration) else { continue }
      if isCaseReducer || isCasePathable, let (enumCase, type) = hiddenPayload(of: declaration) {
        // NB: an enum nobody marked is left without case paths rather than failing a build
        // that did not ask for them.
        if !isImplicit {
          fail(
            "case `\(enumCase.name)` of `\(declaration.qualifiedName)` carries `\(type)`, which "
              + "is private to its file: the generated file cannot name it. Make it internal (or "
              + "wider)", line: enumCase.line)
        }
        continue
      }
      let overloaded = overloadedCases(of: declaration)
      if !overloaded.isEmpty && (isCaseReducer || isWritten) {
        for enumCase in overloaded.dropFirst() {
          let signatures = overloaded.filter { $0.name == enumCase.name }.map {
            "`\($0.name)(\($0.parameters.map { ($0.label ?? "_") + ":" }.joined()))` on line "
              + "\($0.line)"
          }
          fail(
            "case `\(enumCase.name)` of `\(declaration.qualifiedName)` is declared more than once "
              + "(\(signatures.joined(separator: ", "))): case paths are named by case, so they "
              + "would clash. Rename one, or write its case paths by hand", line: enumCase.line)
        }
        continue
      }
      // An enum nobody marked keeps case paths for its other cases.
      declaration.cases.removeAll { overloaded.contains($0) }
      let source = "\(located.path.split(separator: "/").last ?? ""):\(declaration.line)"
      var section = ""
      if isCaseReducer {
        guard
          let generated = caseReducer(
            declaration, access: access, codable: isCodableCaseReducer, fail: fail)
        else { continue }
        section = generated
      } else {
        section = casePaths(
          declaration, access: access, paths: isCasePathable, binding: needsBinding(declaration),
          conform: isImplicit)
      }
      guard !section.isEmpty else { continue }
      output += "\n// MARK: - \(declaration.qualifiedName) (\(source))\n\n"
      output += wrapped(section, in: declaration.conditions)
    }
    while output.last == "\n" { output.removeLast() }
    return output + "\n"
  }

  func needsBinding(_ declaration: TypeDeclaration) -> Bool {
    conformances(of: declaration.qualifiedName).contains("BindableAction")
      && !instanceMembers(of: declaration.qualifiedName).contains("binding")
      && declaration.cases.contains { $0.name == "binding" && $0.parameters.count == 1 }
  }

  /// The protocol whose requirements the cases witness (so that the compiler names their
  /// payload types, wherever they were declared), its conformance, and a case path per case.
  func casePaths(
    _ declaration: TypeDeclaration, access: AccessLevel, paths: Bool, binding: Bool,
    conform: Bool = false
  ) -> String {
    let name = declaration.qualifiedName
    let handWritten = handWrittenCasePaths(of: name)
    let cases = declaration.cases.filter { !handWritten.contains(bareName($0.name)) || !paths }
    let casesProtocol = "_CasePaths_" + name.split(separator: ".").joined(separator: "_")
    let modifier = access.modifier
    let generic = declaration.isGeneric
    var requirements = ""
    var witnesses = ""
    var statics = ""
    var properties = ""
    for enumCase in cases {
      let caseName = bareName(enumCase.name)
      let types = enumCase.parameters.indices.map { payloadType(enumCase, $0) }
      var requirement = ""
      for type in types { requirement += "  associatedtype \(type)\n" }
      if enumCase.parameters.isEmpty {
        requirement += "  static var \(enumCase.name): Self { get }\n"
      } else {
        let arguments = zip(enumCase.parameters, types).map { parameter, type in
          "\(parameter.label ?? "_"): \(type)"
        }
        requirement +=
          "  static func \(enumCase.name)(\(arguments.joined(separator: ", "))) -> Self\n"
      }
      let extract = "_extract_\(caseName)_\(labelKey(enumCase))"
      if generic && paths {
        requirement += "  var \(extract): \(value(enumCase, types: types))? { get }\n"
        witnesses += wrapped(
          "  \(modifier)var \(extract): \(value(enumCase, types: types))? {\n"
            + "    \(extraction(enumCase, of: "self"))\n  }\n", in: enumCase.conditions)
      }
      requirements += wrapped(requirement, in: enumCase.conditions)
      guard paths else { continue }
      let embed: String
      let root = generic ? "EnumRoot" : name
      switch enumCase.parameters.count {
      case 0:
        embed = "{ \(root).\(enumCase.name) }"
      case 1:
        // NB: the case's constructor itself, not a closure calling it: a closure over an
        // uninhabited payload (an alert without buttons' actions) warns that it never runs.
        let label = enumCase.parameters[0].label.map { "(\($0):)" } ?? ""
        embed = "\(root).\(enumCase.name)\(label)"
      default:
        let arguments = enumCase.parameters.enumerated().map { index, parameter in
          "\(parameter.label.map { "\($0): " } ?? "")$0.\(index)"
        }
        embed = "{ \(root).\(enumCase.name)(\(arguments.joined(separator: ", "))) }"
      }
      let header: String
      let extractBody: String
      if generic {
        let caseValue = value(enumCase, types: types.map { "EnumRoot.\($0)" })
        header =
          "extension ReducerKit.CasePath where EnumRoot: \(casesProtocol), CaseValue == \(caseValue)"
        extractBody = "{ $0.\(extract) }"
      } else {
        header =
          "extension ReducerKit.CasePath<\(name), \(value(enumCase, types: types.map { "\(name).\($0)" }))>"
        extractBody = "{\n      \(extraction(enumCase, of: "$0"))\n    }"
      }
      let attributes = enumCase.availability.map { $0 + "\n  " }.joined()
      let propertyValue = value(enumCase, types: types.map { "\(name).\($0)" })
      properties += wrapped(
        """
            /// The `\(enumCase.name)` case.
            \(enumCase.availability.map { $0 + "\n    " }.joined())\
        \(modifier)var \(enumCase.name): ReducerKit.CasePath<\(name), \(propertyValue)> { .\(enumCase.name) }

        """, in: enumCase.conditions)
      statics += wrapped(
        """
        \(header) {
          /// The `\(enumCase.name)` case of `\(name)`.
          \(attributes)\(modifier)static var \(enumCase.name): Self {
            ReducerKit.CasePath(\(embed), extract: \(extractBody))
          }
        }


        """, in: enumCase.conditions)
    }
    if binding, let bindingCase = declaration.cases.first(where: { $0.name == "binding" }) {
      witnesses += wrapped(
        "  /// The field write this action carries, if it is one.\n"
          + "  \(modifier)var binding: \(payloadType(bindingCase, 0))? {\n"
          + "    if case .binding(let action) = self { action } else { nil }\n  }\n",
        in: bindingCase.conditions)
    }
    var allCasePaths = ""
    if paths {
      allCasePaths = """
        extension \(name) {
          /// The case paths of `\(name)`, one per case: what a case key path (`\\.case`) walks.
          \(modifier)struct AllCasePaths: Sendable {
        \(properties)  }

          /// The case paths of every case.
          \(modifier)static var allCasePaths: AllCasePaths { AllCasePaths() }
        }


        """
    }
    return """
      /// The cases of `\(name)`, which name their payload types for the case paths below.
      \(modifier)protocol \(casesProtocol): SendableMetatype {
      \(requirements)}

      extension \(name): \(casesProtocol)\(conform ? ", ReducerKit.CasePathable" : "") {
      \(witnesses)}

      \(statics)\(allCasePaths)
      """
  }

  /// `if case .load(let value0, let value1) = $0 { (id: value0, name: value1) } else { nil }`
  func extraction(_ enumCase: EnumCaseDeclaration, of subject: String) -> String {
    switch enumCase.parameters.count {
    case 0:
      return "if case .\(enumCase.name) = \(subject) { () } else { nil }"
    case 1:
      return "if case .\(enumCase.name)(let value) = \(subject) { value } else { nil }"
    default:
      let bindings = enumCase.parameters.indices.map { "let value\($0)" }
      let values = enumCase.parameters.enumerated().map { index, parameter in
        "\(parameter.label.map { "\($0): " } ?? "")value\(index)"
      }
      return "if case .\(enumCase.name)(\(bindings.joined(separator: ", "))) = \(subject) { "
        + "(\(values.joined(separator: ", "))) } else { nil }"
    }
  }

  /// `Void`, `T`, or `(id: T, name: U)`.
  func value(_ enumCase: EnumCaseDeclaration, types: [String]) -> String {
    switch types.count {
    case 0: return "Void"
    case 1: return types[0]
    default:
      let elements = zip(enumCase.parameters, types).map { parameter, type in
        "\(parameter.label.map { "\($0): " } ?? "")\(type)"
      }
      return "(\(elements.joined(separator: ", ")))"
    }
  }

  /// The associated type naming payload value `index` of a case: `_load_id_name_0`.
  func payloadType(_ enumCase: EnumCaseDeclaration, _ index: Int) -> String {
    "_\(bareName(enumCase.name))_\(labelKey(enumCase))_\(index)"
  }

  func labelKey(_ enumCase: EnumCaseDeclaration) -> String {
    enumCase.parameters.map { $0.label ?? "" }.joined(separator: "_")
  }

  func bareName(_ name: String) -> String {
    name.hasPrefix("`") ? String(name.dropFirst().dropLast()) : name
  }

  /// `text` inside `#if` blocks for each condition.
  func wrapped(_ text: String, in conditions: [String]) -> String {
    guard !conditions.isEmpty else { return text }
    let condition = conditions.map { "(\($0))" }.joined(separator: " && ")
    return "#if \(condition)\n\(text)#endif\n"
  }
}

extension TypeDeclaration.Kind {
  /// `a struct`, `an enum`.
  var withArticle: String {
    (["enum", "actor", "extension"].contains(rawValue) ? "an " : "a ") + rawValue
  }
}
