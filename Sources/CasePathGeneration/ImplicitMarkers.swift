/// Which enums are case-path-able without a written marker, and what stops an enum from getting
/// generated code (a case name declared twice, a payload private to its file).
extension Generator {
  /// The enums that are case-path-able without a written `CasePathable`: the `Action` (and an
  /// enum `State`) of each type conforming to `Reducer`, and the enums declared inside that
  /// feature that their cases carry (`Delegate`, `View`, `Alert`), at any depth.
  // NB: not optimized: see `DeclarationParser.parseMembers`.
  @_optimize(none)
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
            let found = type(named: resolved), effectiveAccess(of: found) < .internal
          else { continue }
          return (enumCase, reference)
        }
      }
    }
    return nil
  }
}
