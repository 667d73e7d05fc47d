import Foundation
import ReducerKit
import ReducerKitRecording
import TestSupport
import Testing

@testable import ReducerKitInspector

/// `reducerkit-inspect`, as a developer runs it: a page written, or a clear error and a status.
struct InspectCommandTests {
  let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/real-data.json")

  func inspect(_ arguments: [String]) async throws -> ProcessRunner.Result {
    let binary = try #require(
      ProcessRunner.executable(named: "reducerkit-inspect"),
      "build the `reducerkit-inspect` product first")
    return try await ProcessRunner.run(binary, arguments: arguments, input: "")
  }

  func temporaryFile(_ name: String) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "inspect-\(UUID().uuidString)-\(name)")
  }

  @Test func aRecordingBecomesAPageWithItsSteps() async throws {
    let page = temporaryFile("page.html")
    defer { try? FileManager.default.removeItem(at: page) }
    let result = try await inspect([fixture.path, "-o", page.path, "--title", "bug 7"])
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.contains("wrote \(page.path): 17 steps"))
    let html = try String(contentsOf: page, encoding: .utf8)
    #expect(html.contains("<title>bug 7 — ReducerKit session</title>"))
    #expect(html.contains("18446744073709551615"))
    #expect(!html.contains("http://") && !html.contains("https://"), "the page loads nothing")
  }

  @Test func aFileThatIsNotARecordingIsAnErrorNamingIt() async throws {
    let bad = temporaryFile("bad.json")
    defer { try? FileManager.default.removeItem(at: bad) }
    try Data(#"{"format": 2, "states": "full", "steps": [}"#.utf8).write(to: bad)
    let result = try await inspect([bad.path, "-o", temporaryFile("never.html").path])
    #expect(result.status == 1)
    #expect(result.error.hasPrefix("error: \(bad.path): "))
  }

  @Test func aRecordingWithSensitiveValuesIsRefusedUnlessAskedFor() async throws {
    var recording = try Recording.decode(Data(contentsOf: fixture))
    recording.allowsSensitiveValues = true
    let revealing = temporaryFile("revealing.json")
    let page = temporaryFile("revealing.html")
    defer {
      try? FileManager.default.removeItem(at: revealing)
      try? FileManager.default.removeItem(at: page)
    }
    try recording.jsonData().write(to: revealing)
    let refused = try await inspect([revealing.path, "-o", page.path])
    #expect(refused.status == 1)
    #expect(refused.error.contains("--include-sensitive-values"))
    #expect(!FileManager.default.fileExists(atPath: page.path))
    let allowed = try await inspect([revealing.path, "-o", page.path, "--include-sensitive-values"])
    #expect(allowed.status == 0, "\(allowed.error)")
  }

  @Test func misuseIsAUsageError() async throws {
    let none = try await inspect([])
    #expect(none.status == 2)
    #expect(none.error.contains("which recording?"))
    let unknown = try await inspect([fixture.path, "--colour"])
    #expect(unknown.status == 2)
    #expect(unknown.error.contains("unexpected argument '--colour'"))
  }
}

/// Recordings of other shapes than the usual: digests, and none at all.
struct InspectorShapesTests {
  @Test func aDigestRecordingShowsDigestsAndNoStates() throws {
    var recording = Recording(states: .digest, initialState: .object(["n": .number(0)]))
    recording.steps = (1...3).map {
      Recording.Step(
        action: .object(["tap": .object([:])]), origin: .outside, effects: [],
        state: .digest("d\($0)"))
    }
    let page = try PageData(recording, title: "digests")
    guard case .object(let document) = page.document, case .array(let steps)? = document["steps"]
    else {
      Issue.record("no steps")
      return
    }
    #expect(
      steps.map { step -> JSONValue? in
        guard case .object(let fields) = step else { return nil }
        return fields["d"]
      } == [.string("d1"), .string("d2"), .string("d3")])
    #expect(document["states"] == .string("digest"))
    #expect(document["checkpoints"] == .array([]))
  }

  @Test func aRecordingWithoutStepsIsAPageOfItsInitialState() throws {
    let recording = Recording(states: .full, initialState: .object(["n": .number(0)]))
    let html = try InspectorPage(recording: recording, title: "empty").html
    #expect(html.contains(#""steps":[]"#))
    #expect(html.contains(#""initial":{"n":0}"#))
  }
}
