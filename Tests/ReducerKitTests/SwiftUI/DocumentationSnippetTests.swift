import Foundation
import Testing

/// Every SwiftUI snippet of the README and the DocC articles is, line for line, in
/// `.ci/swiftui-snippets`, which CI type-checks against the SwiftUI stand-in: a snippet edited in
/// an article and not there fails here, so no documented view code goes unchecked.
struct DocumentationSnippetTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The Swift code blocks of the README and every DocC article, with where each is.
  static func codeBlocks() throws -> [(place: String, code: String)] {
    var files = [root.appendingPathComponent("README.md")]
    let sources = root.appendingPathComponent("Sources")
    let enumerator = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
    while let url = enumerator?.nextObject() as? URL {
      if url.pathExtension == "md", url.path.contains(".docc/") { files.append(url) }
    }
    var blocks: [(String, String)] = []
    for file in files.sorted(by: { $0.path < $1.path }) {
      let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
      var current: [String]?
      for (number, line) in lines.enumerated() {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if current == nil, trimmed == "```swift" {
          current = []
        } else if current != nil, trimmed == "```" {
          blocks.append(
            ("\(file.lastPathComponent):\(number + 1)", current?.joined(separator: "\n") ?? ""))
          current = nil
        } else {
          current?.append(line)
        }
      }
    }
    return blocks
  }

  /// Whether a block is view code (or an effect that captures a dependency, which the articles
  /// also promise compiles): what the stand-in can check.
  static func isChecked(_ code: String) -> Bool {
    let markers = [
      ": View {", "some View", "$store.", ".sheet(", ".alert(store:", ".confirmationDialog(",
      "NavigationStack(", "TextField(", "Toggle(", ".redacted(reason:", "List {", "ForEach(",
      "await dismiss()",
    ]
    return markers.contains { code.contains($0) }
  }

  /// `code`'s lines without their indentation, blank lines dropped.
  static func lines(_ code: String) -> [String] {
    code.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
  }

  /// Whether `snippet`'s lines appear, consecutively, in `checked`'s.
  static func contains(_ checked: [String], _ snippet: [String]) -> Bool {
    guard !snippet.isEmpty, snippet.count <= checked.count else { return snippet.isEmpty }
    return (0...(checked.count - snippet.count)).contains {
      Array(checked[$0..<($0 + snippet.count)]) == snippet
    }
  }

  static func checkedLines() throws -> [String] {
    let directory = root.appendingPathComponent(".ci/swiftui-snippets")
    let files = try FileManager.default.contentsOfDirectory(
      at: directory, includingPropertiesForKeys: nil
    ).filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    return try files.flatMap { lines(try String(contentsOf: $0, encoding: .utf8)) }
  }

  @Test func everyDocumentedViewSnippetIsTypeChecked() throws {
    let checked = try Self.checkedLines()
    let snippets = try Self.codeBlocks().filter { Self.isChecked($0.code) }
    // The README's view, the SwiftUI article's, the observation article's, the dismiss effect.
    #expect(snippets.count >= 9)
    let missing = snippets.filter { !Self.contains(checked, Self.lines($0.code)) }.map(\.place)
    #expect(missing.isEmpty, "not in .ci/swiftui-snippets (copy them there): \(missing)")
  }

  @Test func aSnippetEditedInAnArticleOnlyIsCaught() throws {
    let checked = try Self.checkedLines()
    let snippet = try #require(
      Self.codeBlocks().first { $0.code.contains("Toggle(\"Notify\", isOn: $store.notifies)") })
    let found = Self.contains(checked, Self.lines(snippet.code))
    #expect(found)
    let edited = snippet.code.replacingOccurrences(of: "isOn:", with: "on:")
    let editedFound = Self.contains(checked, Self.lines(edited))
    #expect(!editedFound)
  }
}
