import Foundation
import ReducerKit
import ReducerKitTesting
import TestSupport
import Testing

@testable import ReducerKitRecording

/// Seeded fuzzers of everything that reads a recording (see `Fuzz` for the run lengths and how
/// to replay a seed): the JSON reader, and the recording reader over edits of real recordings.
/// A reader of outside data never traps, and never reads as valid what it should refuse.
@MainActor
struct RecordingReaderFuzzTests {
  typealias Ledger = CanonicalRecordingTests.Ledger

  /// A random JSON value, at most `depth` levels deep: strings with escapes, surrogate pairs
  /// and control characters, integers of any width, fractions and exponents.
  static func randomValue(_ random: inout FuzzRandom, depth: Int = 4) -> JSONValue {
    switch Int.random(in: 0..<(depth > 0 ? 7 : 5), using: &random) {
    case 0: return .null
    case 1: return .bool(Bool.random(using: &random))
    case 2:
      let texts = [
        String(Int.random(in: .min ... .max, using: &random)),
        String(UInt64.random(in: 0 ... .max, using: &random)) + "123",
        "-0.5e-7", "1E+300", "0", "12.25",
      ]
      return .number(JSONNumber(text: texts.randomElement(using: &random) ?? "0")!)
    case 3, 4:
      let pieces = ["a", "é", "😀", "\"", "\\", "/", "\n", "\u{0}", "\u{1F}", "\u{7F}", " ", "█"]
      let count = Int.random(in: 0..<8, using: &random)
      return .string((0..<count).map { _ in pieces.randomElement(using: &random) ?? "" }.joined())
    case 5:
      let count = Int.random(in: 0..<5, using: &random)
      return .array((0..<count).map { _ in randomValue(&random, depth: depth - 1) })
    default:
      var fields: [String: JSONValue] = [:]
      for _ in 0..<Int.random(in: 0..<5, using: &random) {
        let key = ["id", "name", "", "é", "a\"b", "_0"].randomElement(using: &random) ?? ""
        fields[key] = randomValue(&random, depth: depth - 1)
      }
      return .object(fields)
    }
  }

  @Test func theJSONReaderReadsBackEveryValueTheWriterWrites() {
    Fuzz("theJSONReaderReadsBackEveryValueTheWriterWrites", iterations: 1_000).run {
      random, _ in
      let value = Self.randomValue(&random)
      var writer = JSONWriter(indented: Bool.random(using: &random))
      writer.write(value)
      guard let read = try? JSONParser.parse(Data(writer.utf8)) else {
        return "refused what the writer wrote: \(writer.text)"
      }
      return read == value ? nil : "read \(read.canonicalText) for \(value.canonicalText)"
    }
  }

  @Test func damagedJSONIsRefusedOrReadAsAValueThatWritesBackAsItself() {
    Fuzz("damagedJSONIsRefusedOrReadAsAValueThatWritesBackAsItself", iterations: 3_000).run {
      random, _ in
      var writer = JSONWriter(indented: false)
      writer.write(Self.randomValue(&random))
      var bytes = writer.utf8
      for _ in 0..<Int.random(in: 1...3, using: &random) where !bytes.isEmpty {
        let index = Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0: bytes.remove(at: index)
        case 1:
          bytes.insert(
            Array("{}[]\",:\\u0e-+. \u{1}".utf8).randomElement(using: &random)!, at: index)
        default: bytes[index] = UInt8.random(in: 0...255, using: &random)
        }
      }
      guard let read = try? JSONParser.parse(Data(bytes)) else { return nil }
      // What is read is JSON Foundation reads too, and writes back as the same value.
      let foundation = try? JSONSerialization.jsonObject(
        with: Data(bytes), options: [.fragmentsAllowed])
      // (Foundation refuses a number beyond `Double`'s range, which JSON's grammar allows and
      // the kit keeps exactly as text.)
      guard foundation != nil || Self.hasNumberBeyondDouble(read) else {
        return "read \(String(decoding: bytes, as: UTF8.self)), which Foundation refuses"
      }
      let again = try? JSONParser.parse(Data(read.canonicalText.utf8))
      return again == read ? nil : "\(read.canonicalText) does not read back as itself"
    }
  }

  static func hasNumberBeyondDouble(_ value: JSONValue) -> Bool {
    switch value {
    case .number(let number): !number.doubleValue.isFinite
    case .array(let elements): elements.contains(where: hasNumberBeyondDouble)
    case .object(let fields): fields.values.contains(where: hasNumberBeyondDouble)
    default: false
    }
  }

  /// The real recordings of this repository, as JSON to edit: the ledger's, the articles app's
  /// session and the inspector's fixture.
  static let fixtures: [JSONValue] = {
    let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    return [
      "ReducerKitRecordingTests/Recording/Fixtures/ledger.json",
      "ArticlesFeatureTests/Recordings/session.json",
      "ReducerKitInspectorTests/Fixtures/real-data.json",
    ].compactMap { path in
      (try? Data(contentsOf: tests.appendingPathComponent(path))).flatMap {
        try? JSONParser.parse($0)
      }
    }
  }()

  /// Every state of `recording`, walked as a replay and the inspector walk it.
  static func states(of recording: Recording) throws -> [RecordedValue] {
    var cursor = StateCursor(state: .full(recording.initialState))
    var states = [cursor.state]
    for step in recording.steps {
      // Described first, as the inspector does for every step, applied or not.
      if case .changes(let changes) = step.state { _ = changes.map(\.description) }
      try cursor.advance(by: step.state)
      states.append(cursor.state)
    }
    return states
  }

  /// Whether a plain store of the ledger, started from `recording`'s initial state and sent its
  /// actions, has exactly `states` after each step: the oracle, apart from the replay.
  static func ledgerGives(_ states: [RecordedValue], for recording: Recording) -> Bool {
    let coder = RecordingCoder(states: .full, allowsSensitiveValues: false)
    guard
      let initial = try? JSONDecoder().decode(
        Ledger.State.self, from: Data(recording.initialState.canonicalText.utf8))
    else { return false }
    let store = Store(initialState: initial) { Ledger() }
    var actual = [(try? coder.record(state: store.state)) ?? .digest("")]
    for step in recording.steps {
      guard
        let action = try? JSONDecoder().decode(
          Ledger.Action.self, from: Data(step.action.canonicalText.utf8))
      else { return false }
      store.send(action)
      actual.append((try? coder.record(state: store.state)) ?? .digest(""))
    }
    return actual == states
  }

  @Test func editedRecordingsAreRefusedOrReadWithoutTrappingAndNeverReplayChangedAsAPass() throws {
    #expect(Self.fixtures.count == 3)
    let ledger = try #require(Self.fixtures.first)
    let original = try Recording.decode(RecordingEdits.signed(ledger))
    let originalStates = try Self.states(of: original)
    var outcomes = (refused: 0, read: 0, replayedAsChanged: 0)
    let summary = Fuzz(
      "editedRecordingsAreRefusedOrReadWithoutTrappingAndNeverReplayChangedAsAPass",
      iterations: 200
    ).run { random, seed in
      let fixture = Self.fixtures[Int(seed % UInt64(Self.fixtures.count))]
      var file = fixture
      let edits = (0..<Int.random(in: 1...3, using: &random)).map { _ in
        RecordingEdits.edit(&file, using: &random)
      }
      // Half as damage (the digest left as it was), half as an edit that re-signs the file.
      let data =
        random.oneIn(2) ? RecordingEdits.signed(file) : Data(file.canonicalText.utf8)
      guard let recording = try? Recording.decode(data) else {
        outcomes.refused += 1
        return nil
      }
      outcomes.read += 1
      if file != fixture, Data(file.canonicalText.utf8) == data {
        return "a damaged file whose digest was not made again was read (\(edits))"
      }
      // Reading every state and describing every change never traps; a change that does not
      // apply is an error a replay reports.
      guard let states = try? Self.states(of: recording) else { return nil }
      guard fixture == ledger else { return nil }
      // The ledger replays: another session passes only if the ledger, run by hand from its
      // initial state with its actions, gives exactly its states (an initial value no step
      // reads, edited and re-signed, is such a session: it is consistent, not damaged).
      let sameSession =
        states == originalStates && recording.steps.map(\.action) == original.steps.map(\.action)
      if sameSession { return nil }
      outcomes.replayedAsChanged += 1
      let (replayed, _) = capturingTestFailures { replay(recording) { Ledger() } }
      guard replayed else { return nil }
      return Self.ledgerGives(states, for: recording)
        ? nil : "replayed as a pass after \(edits), and the ledger gives other states"
    }
    // The edits reach every outcome: refused, read, and read as another session that fails.
    guard summary.tried >= 50 else { return }
    #expect(outcomes.refused > summary.tried / 4, "\(outcomes)")
    #expect(outcomes.read > summary.tried / 20, "\(outcomes)")
    #expect(outcomes.replayedAsChanged > summary.tried / 100, "\(outcomes)")
  }

  @Test func anInitialValueEditedAndReSignedIsAnotherConsistentSessionAndTheOracleSaysSo() throws {
    // Found by the fuzzer above (seeds 1795815822978 and 1795815824052): `exact` edited in the
    // initial state of a re-signed file replays as a pass — rightly, as the ledger run from that
    // state gives those states. The oracle that tells this from a wrong pass can say no.
    let ledger = try #require(Self.fixtures.first)
    var file = ledger
    try StateChange(
      path: [.key("initialState"), .key("exact")], operation: .set(.number(JSONNumber(Int32.max)))
    )
    .apply(to: &file)
    let consistent = try Recording.decode(RecordingEdits.signed(file))
    #expect(Self.ledgerGives(try Self.states(of: consistent), for: consistent))
    #expect(replay(consistent) { Ledger() })
    var states = try Self.states(of: consistent)
    states[3] = states[2]
    #expect(!Self.ledgerGives(states, for: consistent))
  }

  @Test func integersAtTheirLimitsInEveryNumericFieldAreRefusedOrReadNeverTrapping() throws {
    // Every number of the real recordings, in turn, made each extreme: what the fuzzer above
    // reaches at random, here exhaustively for the fields that count and index.
    var tried = 0
    // NB: scaled like the seeded fuzzers (a quarter under CI's sanitizers).
    let fields = max(4, Fuzz.scaled(25))
    for fixture in Self.fixtures {
      var paths: [[JSONPathComponent]] = []
      func numbers(_ value: JSONValue, at path: [JSONPathComponent]) {
        switch value {
        case .number: paths.append(path)
        case .object(let fields):
          for (key, field) in fields where key != "initialState" && key != "action" {
            numbers(field, at: path + [.key(key)])
          }
        case .array(let elements):
          for (index, element) in elements.enumerated().prefix(5) {
            numbers(element, at: path + [.index(index)])
          }
        default: break
        }
      }
      numbers(fixture, at: [])
      for path in paths.prefix(fields) {
        for number in RecordingEdits.extremeNumbers {
          var file = fixture
          try StateChange(path: path, operation: .set(.number(number))).apply(to: &file)
          tried += 1
          guard let recording = try? Recording.decode(RecordingEdits.signed(file)) else { continue }
          _ = try? Self.states(of: recording)
        }
      }
    }
    #expect(tried > fields * 10, "\(tried) edits tried")
  }
}
