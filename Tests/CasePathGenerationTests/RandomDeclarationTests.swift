import CasePathGeneration
import Testing

/// Enum declarations built at random from Swift's grammar — comments, strings, regex literals,
/// attributes, generics, `#if` blocks, defaults, raw values, members with bodies — are read back
/// exactly as the model that wrote them; and no mutation of them crashes the reader.
struct RandomDeclarationTests {
  /// A small deterministic generator (SplitMix64), so a failure names a seed that reproduces it.
  struct Seeded: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  struct ModelCase: Equatable {
    var name: String
    var parameters: [CaseParameter]
    var conditions: [String]
  }

  /// Writes one random file with one marked enum, and the cases it declares.
  static func randomFile(_ random: inout Seeded) -> (
    text: String, enumName: String, cases: [ModelCase]
  ) {
    let types = [
      "Int", "[String: Int]", "Result<[Int], any Error>", "(Int, String)",
      "@Sendable (Int) -> Void", "Set<String>?", "Dictionary<String, [Int]>", "Child.Action",
      "IdentifiedAction<Int, Row.Action>", "[(id: Int, name: String)]", "any Error",
    ]
    let defaults = ["1", #""a, b) }""#, "[1, 2]", "{ $0 }", "-1e-5", ".init(x: 1)"]
    let trivia = [
      "// case commented(Int) { ( \"\n",
      "/* block /* nested } */ case hidden(Int) */\n",
      "@available(*, deprecated, message: \"} { case fake\")\n",
      "static let pattern = /a{2}(b)\\/[/}]/\n",
      "static let extended = #/ { ( \" /#\n",
      "static func score(_ value: Self) -> Int {\n  switch value {\n  default: return 1 / 2\n  }\n}\n",
      "struct Inner { let text = \"}\"; var raw = #\"\\(\"# }\n",
      "var computed: Int { get { 1 } }\n",
      "typealias Pair = (Int, Int)\n",
    ]
    let enumName = "E\(Int.random(in: 0..<1000, using: &random))"
    let generic = Bool.random(using: &random)
    var text = ""
    var model: [ModelCase] = []
    if Bool.random(using: &random) { text += trivia.randomElement(using: &random)! }
    text += "public enum \(enumName)\(generic ? "<T>" : ""): CasePathable, Sendable {\n"
    var caseNumber = 0
    var conditions: [String] = []
    var flag = 0
    for _ in 0..<Int.random(in: 1...8, using: &random) {
      switch Int.random(in: 0..<10, using: &random) {
      case 0..<2:
        text += trivia.randomElement(using: &random)!
      case 2 where conditions.isEmpty:
        flag += 1
        conditions = ["(FLAG\(flag))"]
        text += "#if FLAG\(flag)\n"
      case 3 where !conditions.isEmpty:
        if conditions[0].hasPrefix("!") {
          text += "#endif\n"
          conditions = []
        } else {
          text += "#else\n"
          conditions = ["!(FLAG\(flag))"]
        }
      default:
        var elements: [String] = []
        for _ in 0..<Int.random(in: 1...3, using: &random) {
          caseNumber += 1
          let name = caseNumber == 2 ? "`default`" : "case\(caseNumber)"
          var parameters: [CaseParameter] = []
          var written: [String] = []
          for index in 0..<Int.random(in: 0...3, using: &random) {
            var type = types.randomElement(using: &random)!
            if generic && index == 0 && Bool.random(using: &random) { type = "T" }
            let label = [nil, "id", "name\(index)", "_"].randomElement(using: &random)!
            let value =
              Int.random(in: 0..<4, using: &random) == 0
              ? defaults.randomElement(using: &random)! : nil
            parameters.append(
              CaseParameter(label: label == "_" ? nil : label, type: type, defaultValue: value))
            let prefix = label.map { $0 == "_" ? "_ x\(index): " : "\($0): " } ?? ""
            written.append(prefix + type + (value.map { " = \($0)" } ?? ""))
          }
          let trailing = !written.isEmpty && Bool.random(using: &random) ? "," : ""
          elements.append(
            written.isEmpty ? name : "\(name)(\(written.joined(separator: ", "))\(trailing))")
          model.append(ModelCase(name: name, parameters: parameters, conditions: conditions))
        }
        let indirect = Bool.random(using: &random) ? "indirect " : ""
        text += "  \(indirect)case \(elements.joined(separator: ", "))\n"
      }
    }
    if !conditions.isEmpty { text += "#endif\n" }
    text += "}\n"
    if Bool.random(using: &random) { text += "let ratio = 4 / 2 / 1\n" }
    return (text, enumName, model)
  }

  @Test(arguments: 0..<4)
  func randomDeclarationsAreReadAsTheirModel(batch: Int) throws {
    for seed in (batch * 100)..<(batch * 100 + 100) {
      var random = Seeded(state: UInt64(seed))
      let (text, enumName, model) = Self.randomFile(&random)
      let declarations: SourceDeclarations
      do {
        declarations = try parseDeclarations(text)
      } catch {
        Issue.record("seed \(seed): \(error)\n\(text)")
        continue
      }
      let declaration = try #require(
        declarations.types.first { $0.qualifiedName == enumName }, "seed \(seed)\n\(text)")
      let read = declaration.cases.map {
        ModelCase(name: $0.name, parameters: $0.parameters, conditions: $0.conditions)
      }
      #expect(read == model, "seed \(seed)\n\(text)")
      // The generator accepts it and writes a path for every case.
      let generated = try generateCasePaths(
        for: [SourceFile(path: "R.swift", text: text)], module: "App")
      for enumCase in model {
        #expect(generated.contains("var \(enumCase.name):"), "seed \(seed): \(enumCase.name)")
      }
    }
  }

  @Test func mutatedDeclarationsNeverCrashTheReader() {
    var random = Seeded(state: 42)
    var outcomes = (read: 0, rejected: 0)
    for _ in 0..<1_500 {
      var bytes = Array(Self.randomFile(&random).text.utf8)
      for _ in 0..<Int.random(in: 1...4, using: &random) where !bytes.isEmpty {
        let index = Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0: bytes.remove(at: index)
        case 1:
          bytes.insert(Array("{}()\"/#`\n<>,=".utf8).randomElement(using: &random)!, at: index)
        default: bytes[index] = UInt8.random(in: 0...255, using: &random)
        }
      }
      let text = String(decoding: bytes, as: UTF8.self)
      do {
        _ = try generateCasePaths(for: [SourceFile(path: "M.swift", text: text)], module: "App")
        outcomes.read += 1
      } catch {
        // Every rejection names a line of the file.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(error.errors.allSatisfy { (1...lines).contains($0.line) }, "\(error.errors)")
        outcomes.rejected += 1
      }
    }
    // Both outcomes happen: the mutations are neither all harmless nor all fatal.
    #expect(outcomes.read > 0 && outcomes.rejected > 0)
  }
}
