import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

@testable import ReducerKit
@testable import ReducerKitRecording

/// Random bytes and random damage to a valid recording never crash the reader, and a damaged
/// recording that still reads never replays as a pass.
@MainActor
struct RecordingFuzzTests {
  typealias Ledger = CanonicalRecordingTests.Ledger

  @Test func aDamagedEffectSpanIsRefusedNamingItsField() throws {
    var recording = Recording(states: .full, initialState: .object([:]))
    recording.steps = Array(
      repeating: Recording.Step(
        action: .string("tick"), origin: .outside, effects: [], state: .full(.object([:]))),
      count: 2)
    recording.effectSpans = [
      Recording.EffectSpan(path: "rows[id: 1]", startedAfter: 1, endedAfter: 2, wasCancelled: true)
    ]
    let text = String(decoding: recording.jsonData(), as: UTF8.self)
    #expect(try Recording.decode(Data(text.utf8)).effectSpans == recording.effectSpans)
    let damaged = text.replacingOccurrences(
      of: #""startedAfter": 1"#, with: #""startedAfter": "one""#)
    #expect(damaged != text, "the field was not found: no test")
    #expect {
      try Recording.decode(Data(damaged.utf8))
    } throws: { error in
      "\(error)".contains("effectSpans[0].startedAfter: expected an integer")
    }
  }

  @Test func randomBytesNeverCrashTheReader() {
    var random = RandomSource.Generator(seed: 0xF022)
    var read = 0
    for _ in 0..<2_000 {
      let alphabet = Array("{}[]\",:0123456789-+.eEtrufalsn \\u\n".utf8) + [0xC3, 0xFF, 0x00]
      let count = Int.random(in: 0..<120, using: &random)
      let bytes = (0..<count).map { _ in alphabet.randomElement(using: &random) ?? 0 }
      if (try? Recording.decode(Data(bytes))) != nil { read += 1 }
    }
    // Random text is almost never a recording: the reader said no (without crashing).
    #expect(read == 0)
    // Nesting deeper than a state can be stops with an error, not a stack overflow.
    let deep = Data(
      (String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
    #expect(throws: DecodingError.self) { try JSONParser.parse(deep) }
  }

  @Test func damagedRecordingsNeverCrashTheReaderAndNeverReplayAsAPass() throws {
    let original = CanonicalRecordingTests().record().jsonData()
    let recording = try Recording.decode(original)
    var random = RandomSource.Generator(seed: 0xDA3A6E)
    var (unreadable, failed, same) = (0, 0, 0)
    for run in 0..<600 {
      var bytes = Array(original)
      let position = Int.random(in: 0..<bytes.count, using: &random)
      switch Int.random(in: 0..<3, using: &random) {
      case 0: bytes[position] = UInt8.random(in: 0...255, using: &random)
      case 1: bytes.remove(at: position)
      default: bytes.insert(UInt8.random(in: 0x20...0x7E, using: &random), at: position)
      }
      guard let damaged = try? Recording.decode(Data(bytes)) else {
        unreadable += 1
        continue
      }
      if damaged == recording {
        same += 1
        continue
      }
      let (replayed, failures) = capturingTestFailures { replay(damaged) { Ledger() } }
      #expect(!replayed, "run \(run): a damaged recording replayed as a pass")
      #expect(!failures.isEmpty)
      failed += 1
    }
    // The digest refuses every damage to what the file holds; what still reads is the same
    // recording (a space added between two tokens, say).
    #expect(failed == 0, "\(unreadable) unreadable, \(failed) read differently, \(same) unchanged")
    #expect(unreadable > 300)
  }

  @Test func everyLeafChangedInARecordingFailsItsReplay() throws {
    // Each number, string and boolean of the actions and states, changed in turn.
    let recording = try #require(CanonicalRecordingTests().record().recording)
    var changedLeaves = 0
    for index in recording.steps.indices {
      for variant in Self.variants(of: recording.steps[index].action) {
        var changed = recording
        changed.steps[index].action = variant
        let (replayed, _) = capturingTestFailures { replay(changed) { Ledger() } }
        #expect(!replayed, "step \(index + 1): action \(variant.canonicalText) replayed")
        changedLeaves += 1
      }
      guard case .changes(let changes) = recording.steps[index].state else { continue }
      for (offset, change) in changes.enumerated() {
        guard case .set(let value) = change.operation else { continue }
        for variant in Self.variants(of: value) {
          var changed = recording
          var edited = changes
          edited[offset].operation = .set(variant)
          changed.steps[index].state = .changes(edited)
          let (replayed, _) = capturingTestFailures { replay(changed) { Ledger() } }
          #expect(!replayed, "step \(index + 1): state \(variant.canonicalText) replayed")
          changedLeaves += 1
        }
      }
    }
    #expect(changedLeaves >= 40)
  }

  /// `value` with one leaf changed, once per leaf: a number plus one, a string with a letter
  /// more, a boolean flipped.
  static func variants(of value: JSONValue) -> [JSONValue] {
    switch value {
    case .null: return []
    case .bool(let flag): return [.bool(!flag)]
    case .number(let number):
      if let integer = Int64(number.text), integer < .max {
        return [.number(JSONNumber(integer + 1))]
      }
      if let integer = UInt64(number.text) { return [.number(JSONNumber(integer - 1))] }
      return [.number(JSONNumber(number.doubleValue * 2 + 1) ?? 1)]
    case .string(let text): return [.string(text + "x")]
    case .array(let elements):
      return elements.indices.flatMap { index in
        variants(of: elements[index]).map {
          var changed = elements
          changed[index] = $0
          return .array(changed)
        }
      }
    case .object(let fields):
      return fields.keys.sorted().flatMap { key in
        variants(of: fields[key] ?? .null).map {
          var changed = fields
          changed[key] = $0
          return .object(changed)
        }
      }
    }
  }
}
