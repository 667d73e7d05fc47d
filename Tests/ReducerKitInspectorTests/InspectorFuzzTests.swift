import Foundation
import ReducerKit
import TestSupport
import Testing

@testable import ReducerKitInspector
@testable import ReducerKitRecording

/// Random recordings of random JSON states: the page's data rebuilds every step's state
/// exactly, whatever the shapes, keys and numbers.
struct InspectorFuzzTests {
  /// SplitMix64, so that a failure names the seed that reproduces it.
  typealias Generator = SplitMix64

  static let keys = ["a", "b", "é", "😀", "\u{0}#", "\u{0}x", "</script>", "", "items", "id"]

  static func value(_ random: inout Generator, depth: Int) -> JSONValue {
    switch Int.random(in: 0..<(depth > 3 ? 5 : 7), using: &random) {
    case 0: return .null
    case 1: return .bool(Bool.random(using: &random))
    case 2:
      let numbers = [
        "0", "-1", "42", "9007199254740993", "18446744073709551615", "-9223372036854775808",
        "0.1", "1e-7", "123456789012345", "1234567890123456",
      ]
      return .number(JSONNumber(text: numbers.randomElement(using: &random)!)!)
    case 3, 4:
      return .string(
        ["", "x", "█████", "é😀", "\"quoted\"", "<b>", "\u{2028}"].randomElement(
          using: &random)!)
    case 5:
      return .array(
        (0..<Int.random(in: 0..<5, using: &random)).map { _ in
          value(&random, depth: depth + 1)
        })
    default:
      var fields: [String: JSONValue] = [:]
      for _ in 0..<Int.random(in: 0..<4, using: &random) {
        fields[keys.randomElement(using: &random)!] = value(&random, depth: depth + 1)
      }
      return .object(fields)
    }
  }

  @Test(arguments: 0..<40)
  func everyStateOfARandomRecordingIsRebuiltExactly(seed: UInt64) throws {
    var random = Generator(state: seed)
    var states: [JSONValue] = [.object(["root": Self.value(&random, depth: 0)])]
    var recording = Recording(states: .full, initialState: states[0])
    // Enough steps to pass two of the page's checkpoints and the recording's own.
    for index in 0..<230 {
      var next = states.last!
      if case .object(var fields) = next {
        fields[Self.keys.randomElement(using: &random)!] = Self.value(&random, depth: 1)
        if Bool.random(using: &random) { fields.removeValue(forKey: "a") }
        next = .object(fields)
      }
      let recorded: RecordedValue =
        (index + 1).isMultiple(of: 100)
        ? .full(next) : .changes(StateChange.changes(from: states.last!, to: next))
      recording.steps.append(
        Recording.Step(
          action: .object(["step": .object([:])]), origin: .outside, effects: [],
          state: recorded))
      states.append(next)
    }
    let page = try PageData(recording, title: "fuzz \(seed)")
    for index in [0, 1, 98, 99, 100, 150, 199, 200, 229] {
      #expect(
        try PageReplay.replayed(page, upTo: index) == states[index + 1],
        "seed \(seed), step \(index + 1)")
    }
    // And the page's text is JSON that Foundation reads.
    let html = try InspectorPage(recording: recording, title: "fuzz").html
    #expect(html.contains("id=\"session-data\""))
  }

  @Test func editedRealRecordingsAreRefusedOrMadeIntoAPageNeverTrapping() throws {
    let fixtures = [
      "Fixtures/real-data.json", "../ArticlesFeatureTests/Recordings/session.json",
    ].map {
      URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent($0)
    }
    let files = try fixtures.map { try JSONParser.parse(Data(contentsOf: $0)) }
    var pages = 0
    let summary = Fuzz(
      "editedRealRecordingsAreRefusedOrMadeIntoAPageNeverTrapping", iterations: 150
    )
    .run { random, seed in
      var file = files[Int(seed % UInt64(files.count))]
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        RecordingEdits.edit(&file, using: &random)
      }
      guard let recording = try? Recording.decode(RecordingEdits.signed(file)) else {
        return nil
      }
      // A change that does not apply is the page's error, with its step; never a trap.
      do {
        let html = try InspectorPage(recording: recording, title: "edited").html
        pages += 1
        return html.contains("id=\"session-data\"") ? nil : "a page without its data"
      } catch {
        return "\(error)".isEmpty ? "an error without words" : nil
      }
    }
    #expect(summary.tried < 50 || pages > summary.tried / 10, "\(pages) pages")
  }
}
