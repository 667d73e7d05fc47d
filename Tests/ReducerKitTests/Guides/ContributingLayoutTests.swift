import Foundation
import Testing

/// CONTRIBUTING's "Layout" is where a newcomer learns where things are: every folder directly
/// under `Sources/`, and every concept folder of `Sources/ReducerKit/`, is named there.
struct ContributingLayoutTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The "Layout" section's text.
  static func layout() throws -> String {
    let text = try String(
      contentsOf: root.appendingPathComponent("CONTRIBUTING.md"), encoding: .utf8)
    guard let start = text.range(of: "\n## Layout\n") else { return "" }
    let rest = text[start.upperBound...]
    let end = rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex
    return String(rest[..<end])
  }

  static func folders(in path: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(
      at: root.appendingPathComponent(path), includingPropertiesForKeys: [.isDirectoryKey]
    ).filter {
      (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true
        && !$0.lastPathComponent.hasSuffix(".docc")
    }.map(\.lastPathComponent).sorted()
  }

  @Test func everyFolderOfSourcesIsInTheLayout() throws {
    let layout = try Self.layout()
    let targets = try Self.folders(in: "Sources")
    let concepts = try Self.folders(in: "Sources/ReducerKit")
    #expect(targets.count > 10)
    #expect(concepts.count > 10)
    let lines = layout.components(separatedBy: "\n")
    let missingTargets = targets.filter { !layout.contains("Sources/\($0)/") }
    let missingConcepts = concepts.filter { name in
      !lines.contains { $0.hasPrefix("\(name)/ ") }
    }
    let missing =
      missingTargets.map { "Sources/\($0)/" } + missingConcepts.map { "Sources/ReducerKit/\($0)/" }
    #expect(
      missing.isEmpty,
      "CONTRIBUTING's Layout does not name: \(missing.joined(separator: ", "))")
  }
}
