import CasePathGeneration
import Foundation
import Testing

/// The parser over a corpus of real features: every `.swift` file below the directory in
/// `REDUCERKIT_CASEPATH_CORPUS` (the best-known library's `Examples/` was the one used; see the
/// README) must be read, and every `Action`, `State`, `Destination` and `Path` enum in it, marked
/// through an extension, must generate without an error. Skipped without the variable: the
/// corpus is not part of this repository.
struct CorpusTests {
  static let corpus = ProcessInfo.processInfo.environment["REDUCERKIT_CASEPATH_CORPUS"]

  @Test(.enabled(if: corpus != nil, "set REDUCERKIT_CASEPATH_CORPUS to a directory of features"))
  func everyEnumOfTheCorpusIsReadAndGenerates() throws {
    let root = try #require(Self.corpus)
    let paths = try FileManager.default.subpathsOfDirectory(atPath: root)
      .filter { $0.hasSuffix(".swift") }
      .sorted()
    var files: [SourceFile] = []
    var unreadable: [String] = []
    var marks = ""
    var enumCount = 0
    var caseCount = 0
    for path in paths {
      let text = try String(contentsOfFile: root + "/" + path, encoding: .utf8)
      files.append(SourceFile(path: path, text: text))
      do {
        for type in try parseDeclarations(text).types
        where type.kind == .enum
          && ["Action", "State", "Destination", "Path"].contains(
            type.qualifiedName.split(separator: ".").last.map(String.init) ?? "")
        {
          enumCount += 1
          caseCount += type.cases.count
          // Destination/Path enums of the corpus are enum reducers written with a macro; read
          // here as plain enums, they must generate case paths.
          marks += "extension \(type.qualifiedName): CasePathable {}\n"
        }
      } catch {
        unreadable.append("\(path):\(error.line): \(error.message)")
      }
    }
    #expect(unreadable == [])
    files.append(SourceFile(path: "Marks.swift", text: marks))
    // Private enums cannot get generated paths; anything else must generate.
    var errors: [String] = []
    do {
      _ = try generateCasePaths(for: files, module: "Examples")
    } catch {
      errors = error.errors.map(\.description).filter { !$0.contains("is private") }
    }
    #expect(errors == [])
    #expect(enumCount > 0)
    print("corpus: \(paths.count) files, \(enumCount) enums, \(caseCount) cases read")
  }
}
