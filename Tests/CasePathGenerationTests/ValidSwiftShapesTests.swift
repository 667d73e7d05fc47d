import CasePathGeneration
import Testing

/// Valid Swift 6 the generator once misread — each shape generates what it should, or fails at
/// the user's line with what to do; never into the generated file, never silently.
struct ValidSwiftShapesTests {
  func generate(_ text: String, module: String = "App") throws(GenerationErrors) -> String {
    try generateCasePaths(for: [SourceFile(path: "A.swift", text: text)], module: module)
  }

  func errors(_ text: String) -> [String] {
    do {
      _ = try generate(text)
      return []
    } catch {
      return error.errors.map(\.description)
    }
  }

  func cases(_ text: String) throws -> [String] {
    let declarations = try parseDeclarations(text)
    return declarations.types.filter { $0.kind == .enum }.flatMap { $0.cases.map(\.name) }
  }

  @Test func aTypeNamedLikeItsModuleKeepsItsName() throws {
    let text = try generate(
      """
      struct VoiceMemos: Reducer {
        enum Action { case record(Int) }
      }
      extension VoiceMemos.Action: Equatable {}
      """, module: "VoiceMemos")
    #expect(text.contains("extension VoiceMemos.Action: _CasePaths_VoiceMemos_Action"))
    #expect(!text.contains("extension Action"))
    // Without such a type, a module-qualified name still names the module's type.
    let qualified = try generate(
      "struct Feature {}\nextension App.Feature {\n  enum Action: CasePathable { case a }\n}")
    #expect(qualified.contains("extension Feature.Action: _CasePaths_Feature_Action"))
  }

  @Test func aTrailingCommaEndsAPayloadList() throws {
    let declarations = try parseDeclarations("enum A { case load(id: Int, name: String,) }")
    #expect(declarations.types[0].cases[0].parameters.map(\.label) == ["id", "name"])
  }

  @Test func regexLiteralsAnywhereInTheFileAreReadWhole() throws {
    #expect(
      try cases(
        #"""
        let braces = /a{2}(b)\/[/}]/
        let extended = #/ { ( " /#
        let multiline = #/
          } ) [
        /#
        let ratio = width / height / 2
        enum Action: CasePathable {
          case search(String = "/"), matched
        }
        """#) == ["search", "matched"])
  }

  @Test func rawValuesWithExponentsDoNotHideTheNextCase() throws {
    #expect(
      try cases("enum Scale: Double { case tiny = 1e-5, big = 2E+3, hex = 0x1p-2, plain }")
        == ["tiny", "big", "hex", "plain"])
    #expect(
      try cases("enum Name: String {\n  case a = \"x, y\", b\n  case c = \"\"\n}") == [
        "a", "b", "c",
      ])
  }

  @Test func overloadedCaseNamesFailAtTheCaseOrAreLeftOutWhenUnmarked() throws {
    #expect(
      errors("enum Action: CasePathable {\n  case load(id: Int)\n  case load(name: String)\n}") == [
        "A.swift:3: error: case `load` of `Action` is declared more than once (`load(id:)` on "
          + "line 2, `load(name:)` on line 3): case paths are named by case, so they would clash. "
          + "Rename one, or write its case paths by hand"
      ])
    let implicit = try generate(
      "struct F: Reducer {\n  enum Action { case load(id: Int), load(name: String), done }\n}")
    #expect(implicit.contains("var done:"))
    #expect(!implicit.contains("var load:"))
  }

  @Test func aMarkedTypeInsideAFunctionFailsAtItsLine() {
    #expect(
      errors("func make() {\n  enum Local: CasePathable { case a }\n}") == [
        "A.swift:2: error: `Local` is declared inside a function or a closure: the generated file "
          + "cannot reach it, so it gets no `CasePathable` code. Move it to a type or to file scope"
      ])
    #expect(
      errors("let x = {\n  struct C: ReducerKit.DependencyClient {}\n}") == [
        "A.swift:2: error: `C` is declared inside a function or a closure: the generated file "
          + "cannot reach it, so it gets no `DependencyClient` code. Move it to a type or to file "
          + "scope"
      ])
  }

  @Test func anUnclosedParenthesisOrIfIsReportedWhereItStarts() {
    #expect(
      errors("enum Action: CasePathable {\n  case a(Int\n  case b\n}") == [
        "A.swift:2: error: ReducerKit cannot read this file for case paths: this `(` of a case of "
          + "`Action` is not closed (a `}` on line 4 comes first)"
      ])
    #expect(
      errors("enum Action: CasePathable {\n  #if DEBUG\n  case a\n}\n\n\n") == [
        "A.swift:2: error: ReducerKit cannot read this file for case paths: this `#if` has no "
          + "`#endif`"
      ])
  }

  @Test func aPayloadPrivateToItsFileFailsAtTheCase() throws {
    #expect(
      errors("private struct Secret {}\nenum Action: CasePathable {\n  case a\n  case b(Secret)\n}")
        == [
          "A.swift:4: error: case `b` of `Action` carries `Secret`, which is private to its file: "
            + "the generated file cannot name it. Make it internal (or wider)"
        ])
    // An enum nobody marked is left without case paths instead.
    let implicit = try generate(
      "private struct Secret {}\nstruct F: Reducer {\n  enum Action { case b(Secret) }\n}")
    #expect(!implicit.contains("F.Action"))
  }

  @Test func typesNestedBeyondAnyRealFileFailAtTheirLineRatherThanOverflowingTheStack() throws {
    func nested(_ depth: Int) -> String {
      (0..<depth).map { "struct S\($0) {\n" }.joined() + "enum Action: CasePathable { case a }\n"
        + String(repeating: "}\n", count: depth)
    }
    #expect(try generate(nested(99)).contains("case paths of"))
    #expect(
      errors(nested(101)) == [
        "A.swift:101: error: ReducerKit cannot read this file for case paths: `S100` is nested "
          + "more than 100 types deep"
      ])
    // Ten thousand levels (a stack overflow before) stop at the same line.
    #expect(errors(nested(10_000)).first?.hasPrefix("A.swift:101: error:") == true)
  }
}
