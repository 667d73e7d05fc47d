/// What the generator writes for a case-path-able enum: the protocol naming its payload types,
/// a static `CasePath` per case, and `AllCasePaths`, which case key paths walk.
extension Generator {
  /// The protocol whose requirements the cases witness (so that the compiler names their
  /// payload types, wherever they were declared), its conformance, and a case path per case.
  // NB: not optimized: it only joins strings (see `Generator.generate`).
  @_optimize(none)
  func casePaths(
    _ declaration: TypeDeclaration, access: AccessLevel, paths: Bool, binding: Bool,
    conform: Bool = false
  ) -> String {
    let name = declaration.qualifiedName
    let handWritten = handWrittenCasePaths(of: name)
    let cases = declaration.cases.filter { !handWritten.contains(bareName($0.name)) || !paths }
    let flatName = name.split(separator: ".").map { bareName(String($0)) }.joined(separator: "_")
    let casesProtocol = "_CasePaths_" + flatName
    // NB: inside the generated extensions a case (or its path) named like the enum's type, or
    // like any type its name goes through (`case Settings` in `Route`, `` case `Type` `` in
    // `` `Type` ``), would shadow that type, and a nested generic enum cannot be named without
    // its arguments. The bodies name the root as `CasePath`'s own generic parameter, and the
    // properties of `AllCasePaths` through a member alias of `Self`, which no case shadows.
    let rootAlias = "_CaseRoot"
    let modifier = access.modifier
    let generic = declaration.isGeneric
    var requirements = ""
    var witnesses = ""
    var statics = ""
    var properties = ""
    var names = ""
    var keys = ""
    for enumCase in cases {
      let caseName = bareName(enumCase.name)
      let types = enumCase.parameters.indices.map { payloadType(enumCase, $0) }
      var requirement = ""
      for type in types { requirement += "  associatedtype \(type)\n" }
      if enumCase.parameters.isEmpty {
        requirement += "  static var \(enumCase.name): Self { get }\n"
      } else {
        let arguments = zip(enumCase.parameters, types).map { parameter, type in
          "\(parameter.label.map { argumentLabel($0, escaping: ["let", "var", "inout"]) } ?? "_"): \(type)"
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
      // NB: after `EnumRoot.`, a case named `` `Type` `` or `` `Protocol` `` would read as the
      // metatype even backticked; through `.self` it is the case.
      let root = ["Type", "Protocol", "self"].contains(caseName) ? "EnumRoot.self" : "EnumRoot"
      switch enumCase.parameters.count {
      case 0:
        embed = "{ \(root).\(enumCase.name) }"
      case 1:
        // NB: the case's constructor itself, through the initializer that takes it as it is: a
        // closure calling it warns that it never runs when the payload is uninhabited (an
        // alert without buttons' actions), and the constructor converted to a `@Sendable`
        // function warns in a Swift 5 language-mode client.
        let label =
          enumCase.parameters[0].label.map { "(\(argumentLabel($0)):)" } ?? ""
        embed = "_caseConstructor: \(root).\(enumCase.name)\(label)"
      default:
        let arguments = enumCase.parameters.enumerated().map { index, parameter in
          "\(parameter.label.map { "\(argumentLabel($0)): " } ?? "")$0.\(index)"
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
      let propertyValue = value(enumCase, types: types.map { "\(rootAlias).\($0)" })
      properties += wrapped(
        """
            /// The `\(enumCase.name)` case.
            \(enumCase.availability.map { $0 + "\n    " }.joined())\
        \(modifier)var \(enumCase.name): ReducerKit.CasePath<\(rootAlias), \(propertyValue)> { .\(enumCase.name) }

        """, in: enumCase.conditions)
      keys += wrapped(
        caseKey(enumCase, types: types, availability: enumCase.availability, modifier: modifier),
        in: enumCase.conditions)
      // NB: a key path literal to a member named `Type`, `Protocol` or `self` crashes the
      // compiler (Swift 6.3); such a case goes unnamed, like one with availability conditions.
      if enumCase.availability.isEmpty, !["Type", "Protocol", "self"].contains(caseName) {
        names += wrapped(
          "    if member == \\AllCasePaths.\(enumCase.name) { return \"\(caseName)\" }\n",
          in: enumCase.conditions)
      }
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
          /// The enum, by a name no case can shadow.
          \(modifier)typealias \(rootAlias) = Self

          /// The case paths of `\(name)`, one per case: what a case key path (`\\.case`) walks.
          \(modifier)struct AllCasePaths: Sendable {
        \(properties)  }

          /// The case paths of every case.
          \(modifier)static var allCasePaths: AllCasePaths { AllCasePaths() }

          /// The name of the case `member` stands for, for messages.
          \(modifier)static func _caseName(of member: PartialKeyPath<AllCasePaths>) -> String? {
        \(names)    return nil
          }

          /// The cases of `\(name)` as types, one per case: what `\\.case` resolves to where a
          /// reducer takes an action path.
          \(modifier)struct _CaseKeys: Sendable {
        \(keys)  }
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

  /// A case's property of `_CaseKeys` and its key type: the case's extraction as code of its
  /// own, its constructor through the case's static path (`ReducerKit._CaseKey`).
  @_optimize(none)
  func caseKey(
    _ enumCase: EnumCaseDeclaration, types: [String], availability: [String], modifier: String
  ) -> String {
    let caseName = bareName(enumCase.name)
    let keyType = "_Key_\(caseName)_\(labelKey(enumCase))"
    let caseValue = value(enumCase, types: types.map { "_CaseRoot.\($0)" })
    let attributes = availability.map { $0 + "\n    " }.joined()
    return """
          /// The `\(enumCase.name)` case.
          \(attributes)\(modifier)var \(enumCase.name): \(keyType) { \(keyType)() }
          /// The `\(enumCase.name)` case, as a type.
          \(attributes)\(modifier)struct \(keyType): ReducerKit._CaseKey {
            \(modifier)typealias EnumRoot = _CaseRoot
            \(modifier)typealias CaseValue = \(caseValue)
            \(modifier)init() {}
            \(modifier)func extract(_ root: _CaseRoot) -> CaseValue? {
              \(extraction(enumCase, of: "root"))
            }
            \(modifier)static var casePath: ReducerKit.CasePath<_CaseRoot, CaseValue> { .\(enumCase.name) }
          }

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
        "\(parameter.label.map { "\(argumentLabel($0)): " } ?? "")value\(index)"
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
        "\(parameter.label.map { "\(argumentLabel($0)): " } ?? "")\(type)"
      }
      return "(\(elements.joined(separator: ", ")))"
    }
  }

  /// The associated type naming payload value `index` of a case: `_load_id_name_0`.
  func payloadType(_ enumCase: EnumCaseDeclaration, _ index: Int) -> String {
    "_\(bareName(enumCase.name))_\(labelKey(enumCase))_\(index)"
  }

  func labelKey(_ enumCase: EnumCaseDeclaration) -> String {
    enumCase.parameters.map { $0.label.map(bareName) ?? "" }.joined(separator: "_")
  }

  /// `label` as an argument label or a tuple element's label: without backticks, which a
  /// keyword there does not need (and which Swift warns about in a function's name), except
  /// for the keywords in `escaping`, which the position reads otherwise.
  func argumentLabel(_ label: String, escaping keywords: Set<String> = ["inout"]) -> String {
    let bare = bareName(label)
    return keywords.contains(bare) ? "`\(bare)`" : bare
  }

  func bareName(_ name: String) -> String {
    name.hasPrefix("`") ? String(name.dropFirst().dropLast()) : name
  }
}
