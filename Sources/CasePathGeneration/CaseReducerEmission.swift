/// What the generator writes for an enum of features (`enum Destination: CaseReducer`): its
/// `State`, `Action` and `body`, and the case paths of both enums.
extension Generator {
  /// What one case of an enum of features holds.
  enum CaseKind {
    /// A feature (`case edit(EditForm)`), built with `builder` (its default value, or `init()`).
    case feature(builder: String?)
    /// An alert or a dialog (`case alert(AlertState<Alert>)`): dismissed when answered.
    case ephemeral
    /// Plain state with no reducer (`case meeting(Meeting, syncUp: SyncUp)`, or one value of a
    /// type this module declares that is not a reducer); its action case is `Never`.
    case stateOnly
  }

  /// What `enumCase` of `name` holds: an alert, a feature, or plain state.
  func kind(of enumCase: EnumCaseDeclaration, in name: String) -> CaseKind {
    guard enumCase.parameters.count == 1 else { return .stateOnly }
    let parameter = enumCase.parameters[0]
    let type = bare(parameter.type)
    if type.hasPrefix("AlertState<") || type.hasPrefix("ConfirmationDialogState<") {
      return parameter.label == nil ? .ephemeral : .stateOnly
    }
    // NB: a labelled value (`case viewer(feature: Viewer)`) is a feature as an unlabelled one
    // is, keeping its label, as in the best-known library; a standard value, an optional, a
    // collection or a tuple never is.
    if Self.standardValueTypes.contains(type) || type.hasSuffix("?") || type.hasSuffix("!")
      || type.hasPrefix("[") || type.hasPrefix("(")
    {
      return .stateOnly
    }
    // NB: a type this module declares is a feature only when it conforms to `Reducer`; one from
    // another module is taken to be one (the compiler says so at the case if it is not).
    if let declared = resolveType(type, from: name), !isReducer(declared) { return .stateOnly }
    return .feature(builder: parameter.defaultValue)
  }

  /// Whether the type named `name` conforms to `Reducer` (or is an enum of features).
  func isReducer(_ name: String) -> Bool {
    !conformances(of: name).isDisjoint(with: ["Reducer", "CaseReducer", "CodableCaseReducer"])
  }

  /// The qualified name of a type this module declares that `reference` names inside `scope`.
  func resolveType(_ reference: String, from scope: String) -> String? {
    let reference = unqualified(reference)
    var components = scope.split(separator: ".").map(String.init)
    while !components.isEmpty {
      let candidate = components.joined(separator: ".") + "." + reference
      if declares(candidate) { return candidate }
      components.removeLast()
    }
    return declares(reference) ? reference : nil
  }

  /// Standard library and Foundation value types, `Equatable` and `Sendable` alike.
  static let standardValueTypes: Set<String> = [
    "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
    "Double", "Float", "Bool", "String", "Character", "Substring", "UUID", "Date", "URL", "Data",
    "Decimal", "Duration", "Never", "Void", "TimeInterval",
  ]

  /// Whether values of `type` (written inside `scope`) are known to conform to `protocols`'s
  /// first (or any of them): a standard type, or a type this module declares with the
  /// conformance — or, when `implicitly`, one Swift gives it without saying (a payload-less enum
  /// for `Equatable`; a non-public value type for `Sendable`). A type of another module is not
  /// known to, unless the kit's alert states over a type that is.
  func isKnown(
    _ type: String, toConformTo protocols: Set<String>, from scope: String,
    implicitly: (TypeDeclaration) -> Bool
  ) -> Bool {
    var type = bare(type).trimmingSpaces()
    if type.hasSuffix("?") { type.removeLast() }
    if Self.standardValueTypes.contains(type) { return true }
    if type.hasPrefix("[") && type.hasSuffix("]") {
      let inner = String(type.dropFirst().dropLast())
      return inner.split(separator: ":").allSatisfy {
        isKnown(String($0), toConformTo: protocols, from: scope, implicitly: implicitly)
      }
    }
    for prefix in ["AlertState<", "ConfirmationDialogState<", "Optional<", "Array<"]
    where type.hasPrefix(prefix) {
      return isKnown(
        String(type.dropFirst(prefix.count).dropLast()), toConformTo: protocols, from: scope,
        implicitly: implicitly)
    }
    guard let declared = resolveType(type, from: scope) else { return false }
    if !conformances(of: declared).isDisjoint(with: protocols) { return true }
    return declarations(named: declared).contains { $0.kind != .extension && implicitly($0) }
  }

  /// Whether values of `type` are known to be `Equatable`.
  func isEquatable(_ type: String, from scope: String) -> Bool {
    isKnown(type, toConformTo: ["Equatable", "Hashable", "Comparable"], from: scope) {
      $0.kind == .enum && $0.cases.allSatisfy(\.parameters.isEmpty)
    }
  }

  /// Whether values of `type` are known to be `Sendable`.
  func isSendable(_ type: String, from scope: String) -> Bool {
    isKnown(type, toConformTo: ["Sendable"], from: scope) {
      ($0.kind == .enum || $0.kind == .struct) && effectiveAccess(of: $0) < .public
    }
  }

  /// `State`, `Action` and `body` of an enum of features, and the case paths of both enums;
  /// `State` and `Action` are also `Codable` when `codable` (a `CodableCaseReducer`).
  ///
  /// As the best-known library's `@Reducer enum`: a case holding one feature runs it; an alert or
  /// a dialog is dismissed when answered; any other case (plain state, labelled or several
  /// values) is state only, with a `Never` action. A `body` the enum declares replaces the
  /// generated one. `State` and `Action` are `Equatable` when every case's values are known to be,
  /// unless an extension the user wrote already says so (or says `Hashable`).
  // NB: not optimized: it only joins strings (see `Generator.generate`).
  @_optimize(none)
  func caseReducer(
    _ declaration: TypeDeclaration, access: AccessLevel, codable: Bool,
    fail: (String, Int?) -> Void
  ) -> String? {
    let name = declaration.qualifiedName
    guard !declaration.isGeneric else {
      fail(
        "`\(name)` is generic: a `CaseReducer` enum cannot be; write its State, Action and body "
          + "by hand", nil)
      return nil
    }
    let modifier = access.modifier
    var stateCases = ""
    var actionCases = ""
    var chain = ""
    var stateEquatable = true
    var actionEquatable = true
    var stateSendable = true
    var actionSendable = true
    var stateEnum = declaration
    var actionEnum = declaration
    stateEnum.qualifiedName = name + ".State"
    actionEnum.qualifiedName = name + ".Action"
    stateEnum.conditions = []
    actionEnum.conditions = []
    for (index, enumCase) in declaration.cases.enumerated() {
      let caseKind = kind(of: enumCase, in: name)
      let payloads = enumCase.parameters.indices.map { "\(name).\(payloadType(enumCase, $0))" }
      var stateCase = enumCase
      var actionCase = enumCase
      actionCase.parameters = [CaseParameter(label: nil, type: "Action")]
      switch caseKind {
      case .feature(let builder):
        let feature = payloads[0]
        let label = enumCase.parameters[0].label
        let labelText = label.map { "\($0): " } ?? ""
        stateCase.parameters = [CaseParameter(label: label, type: "State")]
        actionCase.parameters = [CaseParameter(label: label, type: "Action")]
        stateCases += wrapped(
          "    case \(enumCase.name)(\(labelText)\(feature).State)\n", in: enumCase.conditions)
        actionCases += wrapped(
          "    case \(enumCase.name)(\(labelText)\(feature).Action)\n", in: enumCase.conditions)
        let reducer = builder.map { "\($0) as \(feature)" } ?? "\(feature)()"
        chain += wrapped(
          "      .ifCaseLet(.\(enumCase.name), action: .\(enumCase.name)) { \(reducer) }\n",
          in: enumCase.conditions)
        let type = enumCase.parameters[0].type
        stateEquatable = stateEquatable && isEquatable(type + ".State", from: name)
        actionEquatable = actionEquatable && isEquatable(type + ".Action", from: name)
        stateSendable = stateSendable && isSendable(type + ".State", from: name)
        actionSendable = actionSendable && isSendable(type + ".Action", from: name)
      case .ephemeral:
        let feature = payloads[0]
        stateCase.parameters = [CaseParameter(label: nil, type: "_ephemeral")]
        stateCases += wrapped("    case \(enumCase.name)(\(feature))\n", in: enumCase.conditions)
        actionCases += wrapped(
          "    case \(enumCase.name)(\(feature).Action)\n", in: enumCase.conditions)
        chain += wrapped(
          "      .ifCaseLet(.\(enumCase.name), action: .\(enumCase.name))\n",
          in: enumCase.conditions)
        let equatable = isEquatable(enumCase.parameters[0].type, from: name)
        stateEquatable = stateEquatable && equatable
        actionEquatable = actionEquatable && equatable
        let sendable = isSendable(enumCase.parameters[0].type, from: name)
        stateSendable = stateSendable && sendable
        actionSendable = actionSendable && sendable
      case .stateOnly:
        let values = zip(enumCase.parameters, payloads).map { parameter, type in
          "\(parameter.label.map { "\(argumentLabel($0)): " } ?? "")\(type)"
        }
        stateCases += wrapped(
          "    case \(enumCase.name)(\(values.joined(separator: ", ")))\n",
          in: enumCase.conditions)
        actionCases += wrapped("    case \(enumCase.name)(Never)\n", in: enumCase.conditions)
        stateCase.parameters = enumCase.parameters.enumerated().map { offset, parameter in
          CaseParameter(label: parameter.label, type: "_stateOnly\(offset)")
        }
        actionCase.parameters = [CaseParameter(label: nil, type: "Never")]
        for parameter in enumCase.parameters {
          stateEquatable = stateEquatable && isEquatable(parameter.type, from: name)
          stateSendable = stateSendable && isSendable(parameter.type, from: name)
        }
      }
      stateEnum.cases[index] = stateCase
      actionEnum.cases[index] = actionCase
    }
    // NB: a non-public enum is `Sendable` by itself when its values are; a public one says so
    // only when they are known to be.
    func conformances(_ nested: String, equatable: Bool, sendable: Bool) -> String {
      let written = self.conformances(of: name + "." + nested)
      var list = ["ReducerKit.CasePathable"]
      if equatable && written.isDisjoint(with: ["Equatable", "Hashable"]) {
        list.append("Equatable")
      }
      if sendable && access >= .public && !written.contains("Sendable") { list.append("Sendable") }
      if codable && !written.contains("Codable") { list.append("Codable") }
      return list.joined(separator: ", ")
    }
    // NB: an `Action` (or `State`) the enum declares itself is used as written, as the best-known
    // library's macro does (`case alert(Alert)` for `case alert(AlertState<Alert>)`).
    let declaresAction = declares(name + ".Action")
    let declaresState = declares(name + ".State")
    var body = ""
    if !declaration.staticMembers.contains("body") && !staticMembers(of: name).contains("body") {
      body = """

          /// Runs the feature of the current case; alerts and dialogs are dismissed when answered.
          \(modifier)static var body: some ReducerKit.Reducer<State, Action> {
            ReducerKit.EmptyReducer<State, Action>()
        \(chain)  }

        """
    }
    var generated = casePaths(declaration, access: access, paths: false, binding: false)
    var nestedEnums = ""
    if !declaresState {
      nestedEnums += """
          /// The state of the feature `\(name)` shows: one case per feature.
          @dynamicMemberLookup
          \(modifier)enum State: ReducerKit.CaseReducerState, \(conformances("State", equatable: stateEquatable, sendable: stateSendable)) {
            \(modifier)typealias StateReducer = \(name)
        \(stateCases)  }

        """
    }
    if !declaresAction {
      nestedEnums += """
          /// An action of the feature `\(name)` shows.
          \(modifier)enum Action: \(conformances("Action", equatable: actionEquatable, sendable: actionSendable)) {
        \(actionCases)  }

        """
    }
    generated += """
      extension \(name) {
      \(nestedEnums)\(body)}


      """
    for (nested, declared) in [(stateEnum, declaresState), (actionEnum, declaresAction)]
    where !declared {
      generated += casePaths(nested, access: access, paths: true, binding: false)
      generated += writtenConformanceWitnesses(nested, access: access)
    }
    return generated
  }

  /// `==` (and `hash(into:)`) for a generated enum the user declared `Equatable` (or `Hashable`)
  /// in an extension of their own: Swift synthesizes them only in the file declaring the enum,
  /// and the generated file is another one.
  // NB: not optimized: it only joins strings (see `Generator.generate`).
  @_optimize(none)
  func writtenConformanceWitnesses(_ declaration: TypeDeclaration, access: AccessLevel) -> String {
    let written = conformances(of: declaration.qualifiedName)
    let hashable = written.contains("Hashable")
    guard hashable || written.contains("Equatable") else { return "" }
    let modifier = access.modifier
    var equalities = ""
    var hashes = ""
    for (index, enumCase) in declaration.cases.enumerated() {
      let count = enumCase.parameters.count
      let left = (0..<count).map { "let l\($0)" }.joined(separator: ", ")
      let right = (0..<count).map { "let r\($0)" }.joined(separator: ", ")
      let values = (0..<count).map { "let v\($0)" }.joined(separator: ", ")
      let compared = (0..<count).map { "l\($0) == r\($0)" }.joined(separator: " && ")
      let name = enumCase.name
      if count == 0 {
        equalities += wrapped(
          "      case (.\(name), .\(name)): return true\n", in: enumCase.conditions)
        hashes += wrapped(
          "      case .\(name): hasher.combine(\(index))\n", in: enumCase.conditions)
      } else {
        equalities += wrapped(
          "      case (.\(name)(\(left)), .\(name)(\(right))): return \(compared)\n",
          in: enumCase.conditions)
        let combined = (0..<count).map { "; hasher.combine(v\($0))" }.joined()
        hashes += wrapped(
          "      case .\(name)(\(values)): hasher.combine(\(index))\(combined)\n",
          in: enumCase.conditions)
      }
    }
    if declaration.cases.count > 1 { equalities += "      default: return false\n" }
    var text = """
      extension \(declaration.qualifiedName) {
        /// Whether both are the same case with equal values (the conformance is declared in your
        /// code; Swift writes this only in the file declaring the enum).
        \(modifier)static func == (lhs: Self, rhs: Self) -> Bool {
          switch (lhs, rhs) {
      \(equalities)    }
        }

      """
    if hashable {
      text += """

          /// Hashes the case and its values.
          \(modifier)func hash(into hasher: inout Hasher) {
            switch self {
        \(hashes)    }
          }

        """
    }
    return text + "}\n\n"
  }
}
