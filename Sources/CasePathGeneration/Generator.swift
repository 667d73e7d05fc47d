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
    do {
      generator.add(try parseDeclarations(file.text), path: file.path)
    } catch {
      // NB: a file that does not name a marker can only matter through its hand-written case
      // paths and conformances; one the parser cannot read is left to the compiler. (Searched
      // only here: searched for every file, it was 29% of a generation over 56 files.)
      let mentionsMarker = [
        "CasePathable", "CaseReducer", "BindableAction", "Reducer", "DependencyClient",
      ].contains {
        file.text.contains($0)
      }
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
  /// Every type and extension of the module, in file order. Written by `add` and
  /// `resolveExtensionNames` alone, which keep `positions` in step.
  private(set) var types: [Located] = []
  /// Where each qualified name's types and extensions are in `types`, in order.
  // NB: the lookups by name scanned `types` (and copied each `Located`), and `resolveType`
  // built the set of every declared name per call: 80% of a generation over 209 files was
  // those scans (callgrind), quadratic in the module's types.
  private(set) var positions: [String: [Int]] = [:]
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
      positions[declaration.qualifiedName, default: []].append(types.count)
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

  /// Whether a type of the module has the module's name (`struct VoiceMemos` in `VoiceMemos`):
  /// then `VoiceMemos.Action` names the type's `Action`, as in Swift, not the module's.
  var moduleIsShadowed: Bool { declares(module) }

  /// The declarations (types and extensions) named `name`, in file order.
  func declarations(named name: String) -> [TypeDeclaration] {
    (positions[name] ?? []).map { types[$0].declaration }
  }

  /// The first type (not an extension) the module declares named `name`.
  func type(named name: String) -> TypeDeclaration? {
    for index in positions[name] ?? [] where types[index].declaration.kind != .extension {
      return types[index].declaration
    }
    return nil
  }

  /// Whether the module declares a type (not an extension) named `name`.
  func declares(_ name: String) -> Bool { type(named: name) != nil }

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
    positions = [:]
    for index in types.indices {
      positions[types[index].declaration.qualifiedName, default: []].append(index)
    }
  }

  /// `ReducerKit.CasePathable` → `CasePathable`.
  func bare(_ inherited: String) -> String {
    inherited.hasPrefix("ReducerKit.")
      ? String(inherited.dropFirst("ReducerKit.".count)) : inherited
  }

  func conformances(of name: String) -> Set<String> {
    var result: Set<String> = []
    for declaration in declarations(named: name) {
      result.formUnion(declaration.inherited.map(bare))
    }
    return result
  }

  func staticMembers(of name: String) -> Set<String> {
    var result: Set<String> = []
    for declaration in declarations(named: name) {
      result.formUnion(declaration.staticMembers)
    }
    return result
  }

  func instanceMembers(of name: String) -> Set<String> {
    var result: Set<String> = []
    for declaration in declarations(named: name) {
      result.formUnion(declaration.instanceMembers)
    }
    return result
  }

  /// The statics hand-written in `extension CasePath<Root, …>` (or `where EnumRoot == Root`).
  func handWrittenCasePaths(of root: String) -> Set<String> {
    var result: Set<String> = []
    for declaration in declarations(named: "CasePath") + declarations(named: "ReducerKit.CasePath")
    where declaration.kind == .extension {
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
      if declarations(named: outer).contains(where: { $0.kind != .extension && $0.isGeneric }) {
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
      if let found = type(named: outer) {
        access = min(access, found.access ?? .internal)
      }
    }
    return access
  }

  // NB: `@_optimize(none)` on the five emitters (this, `casePaths`, `caseReducer`,
  // `dependencyClient`, `writtenConformanceWitnesses`): they only join strings, once per type,
  // and optimizing their interpolations was a quarter of the generator's release build
  // (21.1 → 15.5 s of CPU, `swiftc -O -wmo`), for 4% more instructions a generation (217 →
  // 226 million over 56 files, callgrind). The parser and scanner, where a generation's time
  // goes, stay optimized.
  @_optimize(none)
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
