import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

@testable import ReducerKit
@testable import ReducerKitRecording

/// A recording that was cut short, edited or damaged is refused when it is read, naming what is
/// wrong — never replayed as a pass, never a crash of the test process or the inspector.
@MainActor
struct RecordingIntegrityTests {
  typealias Ledger = CanonicalRecordingTests.Ledger

  /// The ledger session's file, as JSON to edit.
  func file() throws -> [String: JSONValue] {
    guard
      case .object(let fields) = try JSONParser.parse(CanonicalRecordingTests().record().jsonData())
    else { throw CancellationError() }
    return fields
  }

  /// `fields` as a file, its digest (and step count) left as they are: damage.
  func damaged(_ fields: [String: JSONValue]) -> Data {
    var writer = JSONWriter(indented: true)
    writer.write(.object(fields))
    return Data(writer.utf8)
  }

  /// `fields` as a file whose step count and digest match what it holds: an edit made by
  /// someone (or something) that knows the format, which only the other checks can refuse.
  func signed(_ fields: [String: JSONValue]) -> Data {
    var fields = fields
    fields["digest"] = nil
    if case .array(let steps) = fields["steps"] {
      fields["stepCount"] = .number(JSONNumber(steps.count))
    }
    fields["digest"] = .string(RecordingCoder.digest(.object(fields)))
    return damaged(fields)
  }

  /// The message `data` is refused with.
  func refusal(_ data: Data) -> String {
    do {
      _ = try Recording.decode(data)
      return "read"
    } catch {
      return "\(error)"
    }
  }

  func steps(_ fields: [String: JSONValue]) -> [JSONValue] {
    guard case .array(let steps) = fields["steps"] else { return [] }
    return steps
  }

  @Test func theFileAsWrittenReadsAndSigningItChangesNothing() throws {
    let fields = try file()
    let recording = try Recording.decode(damaged(fields))
    #expect(recording.steps.count == 26)
    #expect(try Recording.decode(signed(fields)) == recording)
  }

  @Test func aDroppedTailOrNoStepsAtAllIsRefusedByTheStepCount() throws {
    var fields = try file()
    fields["steps"] = .array(Array(steps(fields).dropLast(3)))
    #expect(
      refusal(damaged(fields)).contains(
        "the file says it has 26 steps, and it holds 23: it was cut short or edited"))
    fields["steps"] = .array([])
    #expect(refusal(damaged(fields)).contains("it holds 0"))
  }

  @Test func anEditTheStepCountDoesNotSeeIsRefusedByTheDigest() throws {
    var fields = try file()
    // A field no step changes, so that a replay compares it nowhere but at the start.
    guard case .object(var initial) = fields["initialState"] else {
      Issue.record("no initial state")
      return
    }
    initial["ratio"] = .number(0.5)
    fields["initialState"] = .object(initial)
    #expect(
      refusal(damaged(fields)).contains("its steps, states or actions were edited or damaged"))
    // The step count changed along with a dropped step: the digest still sees it.
    fields = try file()
    fields["steps"] = .array(Array(steps(fields).dropLast()))
    fields["stepCount"] = .number(25)
    #expect(refusal(damaged(fields)).contains("the recording.digest: the file says"))
  }

  @Test func aFieldTheReaderDoesNotKnowIsRefusedNamingItsPlace() throws {
    var fields = try file()
    fields["incompleteness"] = .object(["step": .number(3), "reason": .string("the disk was full")])
    #expect(
      refusal(signed(fields)).contains(
        "the recording.incompleteness: no such field in a recording"))
    fields = try file()
    var steps = steps(fields)
    guard case .object(var step) = steps[4] else { return }
    step["efects"] = .array([])
    steps[4] = .object(step)
    fields["steps"] = .array(steps)
    #expect(refusal(signed(fields)).contains("the recording.steps[4].efects: no such field"))
  }

  @Test(arguments: [
    (JSONValue.number(JSONNumber(Int.max)), JSONValue.number(1)),
    (.number(JSONNumber(Int.min)), .number(1)),
    (.number(0), .number(JSONNumber(Int.max))),
    (.number(JSONNumber(1 << 41)), .number(0)),
    (.number(-1), .number(0)),
    (.number(JSONNumber(text: "99999999999999999999")!), .number(0)),
  ])
  func aSpliceBeyondAnyArrayIsRefusedWhenReadNotWhenApplied(
    _ offset: JSONValue, _ count: JSONValue
  ) throws {
    var fields = try file()
    var steps = steps(fields)
    steps[3] = .object([
      "action": .object(["tag": .object(["_0": .string("server")])]), "effects": .array([]),
      "origin": .string("outside"),
      "state": .object([
        "changes": .array([
          .array([.string("splice"), .array([.string("tags")]), offset, count, .array([])])
        ])
      ]),
    ])
    fields["steps"] = .array(steps)
    #expect(refusal(signed(fields)).contains("the recording.steps[3].state.changes[0]: expected"))
  }

  @Test func aChangeMadeInCodeWithHugeIntegersDescribesAndFailsToApplyWithoutTrapping() {
    let change = StateChange(
      path: [.key("tags")], operation: .splice(offset: .max, count: .max, elements: []))
    #expect(change.description.contains("tags[\(Int.max)..<(\(Int.max) + \(Int.max))]"))
    var state = JSONValue.object(["tags": .array([])])
    #expect {
      try change.apply(to: &state)
    } throws: { error in
      "\(error)".contains("\(Int.max) elements from \(Int.max) are outside its 0")
    }
  }

  @Test func anEffectSpanOutsideTheStepsOrPartOfALaterSpanIsRefused() throws {
    for (span, message) in [
      (
        ["path": .string("x"), "startedAfter": .number(27)] as [String: JSONValue],
        "expected 0 to 26, found 27"
      ),
      (
        ["path": .string("x"), "startedAfter": .number(5), "endedAfter": .number(4)],
        "expected 5 to 26, found 4"
      ),
      (
        ["path": .string("x"), "startedAfter": .number(1), "parent": .number(0)],
        "there can be none here"
      ),
      (
        ["path": .string("x"), "startedAfter": .number(1), "cancelIDs": .array([.number(1)])],
        "cancelIDs: expected an array of strings"
      ),
    ] {
      var fields = try file()
      fields["effectSpans"] = .array([.object(span)])
      #expect(refusal(signed(fields)).contains(message), "\(span)")
    }
  }

  /// The sets and dictionaries a recording lists read back as written, and a damaged entry is
  /// refused, naming what is wrong.
  @Test func theListOfSetsAndDictionariesReadsBackAndIsCheckedLikeTheRest() throws {
    var fields = try file()
    fields["collections"] = .array([
      .object(["path": .array([.string("rows"), .null, .string("tags")]), "kind": .string("set")]),
      .object(["path": .array([.string("scores")]), "kind": .string("dictionary")]),
    ])
    let recording = try Recording.decode(signed(fields))
    #expect(
      recording.unorderedCollections == [
        .init(path: ["rows", nil, "tags"], kind: .set), .init(path: ["scores"], kind: .dictionary),
      ])
    #expect(try Recording.decode(recording.jsonData()) == recording)
    for (entry, message) in [
      (["path": .array([.number(1)]), "kind": .string("set")], "path: expected names and nulls"),
      (["path": .array([]), "kind": .string("bag")], "kind: expected \"set\" or \"dictionary\""),
      (["path": .array([]), "kind": .string("set"), "order": .null], "order: no such field"),
    ] as [([String: JSONValue], String)] {
      fields["collections"] = .array([.object(entry)])
      #expect(refusal(signed(fields)).contains(message), "\(entry)")
    }
  }

  @Test func anIncompleteRecordingReadsAsIncompleteAndItsNoteCannotBeLostByRenaming() throws {
    var fields = try file()
    fields["incomplete"] = .object(["step": .number(27), "reason": .string("the disk was full")])
    let recording = try Recording.decode(signed(fields))
    #expect(recording.incompleteness?.step == 27)
    let (replayed, _) = capturingTestFailures { replay(recording) { Ledger() } }
    #expect(!replayed)
    // Renamed in the file: refused, whether or not the digest was made again.
    fields["incomplete_"] = fields["incomplete"]
    fields["incomplete"] = nil
    #expect(refusal(damaged(fields)).contains("the recording.incomplete_: no such field"))
    #expect(refusal(signed(fields)).contains("the recording.incomplete_: no such field"))
  }

  /// A second store given the same recorder is refused, and leaves the first one's clock alone:
  /// the first store's later steps are still timed from its start, so the file still reads.
  @Test func aSecondStoreGivenTheRecorderDoesNotRestartTheFirstOnesClock() async throws {
    let recorder = StoreRecorder()
    let store = Store(initialState: Ledger.State(), recordingTo: recorder) { Ledger() }
    store.send(.tag("first"))
    try await Task.sleep(for: .milliseconds(30))
    withKnownIssue {
      _ = Store(initialState: Ledger.State(), recordingTo: recorder) { Ledger() }
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("records one store")
    }
    store.send(.tag("second"))
    let steps = try #require(recorder.recording?.steps)
    let times = steps.compactMap(\.time)
    #expect(times.count == 2)
    #expect(times == times.sorted(), "\(times)")
    _ = try Recording.decode(try #require(recorder.recording).jsonData())
  }

  /// Steps' times: read to the microsecond, and refused when they go back or out of range.
  @Test func stepTimesAreReadExactlyAndRefusedWhenTheyGoBack() throws {
    var fields = try file()
    var timed = steps(fields).enumerated().map { index, step -> JSONValue in
      guard case .object(var step) = step else { return step }
      step["time"] = .number(JSONNumber(index * 1_500))
      return .object(step)
    }
    fields["steps"] = .array(timed)
    let recording = try Recording.decode(signed(fields))
    #expect(recording.steps[2].time == .microseconds(3_000))
    #expect(try Recording.decode(recording.jsonData()) == recording)
    // A step earlier than the one before.
    if case .object(var third) = timed[2] {
      third["time"] = .number(JSONNumber(1_000))
      timed[2] = .object(third)
    }
    fields["steps"] = .array(timed)
    #expect(refusal(signed(fields)).contains("the recording.steps[2].time: earlier than a step"))
    // Out of range: negative, or past a hundred years.
    for wrong in [-1, 101 * 366 * 86_400 * 1_000_000] {
      if case .object(var third) = timed[2] {
        third["time"] = .number(JSONNumber(wrong))
        timed[2] = .object(third)
      }
      fields["steps"] = .array(timed)
      #expect(refusal(signed(fields)).contains("the recording.steps[2].time: expected 0 to"))
    }
  }
}
