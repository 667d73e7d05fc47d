import Foundation
import ReducerKit
import Testing

@testable import ReducerKitRecording

/// A long string edited where it changed is kept as a text splice, so that a note typed into
/// a character a step records a character a step; a short string, or one mostly rewritten, is
/// set whole. Splices fall between Unicode scalars, and one that does not is refused.
struct TextSpliceTests {
  let long = String(repeating: "-", count: 80)

  func changes(_ old: String, _ new: String) -> [StateChange] {
    StateChange.changes(
      from: .object(["note": .string(old)]), to: .object(["note": .string(new)]))
  }

  func applied(_ changes: [StateChange], to old: String) throws -> JSONValue {
    var value = JSONValue.object(["note": .string(old)])
    for change in changes { try change.apply(to: &value) }
    return value
  }

  @Test func aKeystrokeInALongStringIsOneCharacterWritten() throws {
    let typed = long.prefix(40) + "x" + long.dropFirst(40)
    let found = changes(long, String(typed))
    #expect(
      found == [
        StateChange(path: [.key("note")], operation: .spliceText(offset: 40, count: 0, text: "x"))
      ])
    #expect(try applied(found, to: long) == .object(["note": .string(String(typed))]))
    #expect(found.first?.description == #"note[40..<40] = "x""#)
    // A character deleted.
    let deleted = changes(long + "ab", long + "b")
    #expect(deleted.first?.operation == .spliceText(offset: 80, count: 1, text: ""))
    #expect(try applied(deleted, to: long + "ab") == .object(["note": .string(long + "b")]))
  }

  @Test func aShortOrMostlyRewrittenStringIsSetWhole() {
    #expect(changes("draft", "drafts").first?.operation == .set(.string("drafts")))
    let rewritten = String(repeating: "x", count: 80)
    #expect(changes(long, rewritten).first?.operation == .set(.string(rewritten)))
    #expect(changes(long, long).isEmpty)
  }

  /// 😀 and 😁 share their first UTF-16 unit: the splice starts before it, not inside the pair.
  @Test func aSpliceFallsBetweenUnicodeScalars() throws {
    let old = long + "😀" + long
    let new = long + "😁" + long
    let found = changes(old, new)
    #expect(found.first?.operation == .spliceText(offset: 80, count: 2, text: "😁"))
    #expect(try applied(found, to: old) == .object(["note": .string(new)]))
    // 😀 and 🨀 (U+1FA00) share their second unit: the splice ends after it, not inside.
    let chess = long + "\u{1FA00}" + long
    let ending = changes(old, chess)
    #expect(ending.first?.operation == .spliceText(offset: 80, count: 2, text: "\u{1FA00}"))
    #expect(try applied(ending, to: old) == .object(["note": .string(chess)]))
    // Typed after an emoji: its offset counts it as two units, as JavaScript does.
    let after = changes(long + "😀", long + "😀!")
    #expect(after.first?.operation == .spliceText(offset: 82, count: 0, text: "!"))
  }

  @Test func aSpliceThatSplitsACharacterOrFallsOutsideIsRefused() {
    let old = long + "😀"
    for operation in [
      StateChange.Operation.spliceText(offset: 81, count: 0, text: "x"),
      .spliceText(offset: 80, count: 1, text: ""),
      .spliceText(offset: 83, count: 0, text: "x"),
      .spliceText(offset: 10, count: 80, text: ""),
    ] {
      var value = JSONValue.object(["note": .string(old)])
      #expect(throws: StateChangeError.self, "\(operation)") {
        try StateChange(path: [.key("note")], operation: operation).apply(to: &value)
      }
      #expect(value == .object(["note": .string(old)]), "a refused splice changed the value")
    }
    var number = JSONValue.object(["note": .number(1)])
    #expect(throws: StateChangeError.self) {
      try StateChange(path: [.key("note")], operation: .spliceText(offset: 0, count: 0, text: ""))
        .apply(to: &number)
    }
  }

  /// A long string weighs by its length when the recorder decides which steps keep their whole
  /// state: the notes kept whole weigh, in bytes, about what the keystrokes between them do, not
  /// a whole note every 32 keystrokes (which grew with the square of the steps).
  @MainActor @Test func wholeNotesKeptWeighNoMoreThanTheKeystrokes() throws {
    let recorder = StoreRecorder(times: false)
    let store = Store(initialState: Editor.State(), recordingTo: recorder) { Editor() }
    let steps = 2_000
    for _ in 0..<steps { store.send(.type("é")) }
    let recording = try #require(recorder.recording)
    let wholeBytes = recording.steps.reduce(0) { total, step in
      guard case .full(.object(let fields)) = step.state, case .string(let note)? = fields["note"]
      else { return total }
      return total + note.utf8.count
    }
    // Two bytes a keystroke (an é), and the rule keeps whole states no heavier than the changes
    // since the last one, a splice weighing two: about 32 bytes a step of whole notes.
    #expect(wholeBytes <= 40 * steps, "\(wholeBytes) bytes of whole notes in \(steps) steps")
    #expect(wholeBytes > 0, "no whole note kept")
  }

  /// A text splice is read back as written, and one whose parts are not a text splice's is
  /// refused with its place.
  @Test func aTextSpliceIsReadAsWrittenAndAMalformedOneRefused() throws {
    let change = StateChange(
      path: [.key("note"), .index(2)], operation: .spliceText(offset: 3, count: 1, text: "é😀"))
    #expect(try StateChange(json: change.json, at: "a change") == change)
    for malformed: JSONValue in [
      .array([.string("text"), .array([]), .number(-1), .number(0), .string("x")]),
      .array([.string("text"), .array([]), .number(0), .number(0), .number(5)]),
      .array([.string("text"), .array([]), .number(0), .string("1"), .string("x")]),
      .array([.string("text"), .array([]), .number(0), .number(0)]),
    ] {
      #expect(throws: DecodingError.self, "\(malformed.canonicalText)") {
        try StateChange(json: malformed, at: "steps[1].state.changes[0]")
      }
    }
  }

  struct Editor: Reducer {
    struct State: Codable, Equatable { var note = "" }
    enum Action: Codable, Equatable { case type(String) }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      if case .type(let text) = action { state.note += text }
      return .none
    }
  }

  /// A note typed a character a step records a splice of one character a step once it is
  /// long, written as format 4 and read back as it was; a recording without one is format 3,
  /// which ReducerKit 0.1 reads.
  @MainActor @Test func aTypedNoteRecordsACharacterAStep() throws {
    let recorder = StoreRecorder(times: false)
    let store = Store(initialState: Editor.State(), recordingTo: recorder) { Editor() }
    for step in 0..<300 { store.send(.type(step % 40 == 39 ? "\n" : "é")) }
    let recording = try #require(recorder.recording)
    let spliced = recording.steps.dropFirst(StateChange.textSpliceLength).filter {
      guard case .changes(let changes) = $0.state, changes.count == 1,
        case .spliceText(_, 0, let text) = changes[0].operation
      else { return false }
      return text.count == 1
    }
    // Every step from the 64th on, but the few that keep the whole state.
    #expect(spliced.count >= 300 - StateChange.textSpliceLength - 10, "\(spliced.count) splices")
    let data = recording.jsonData()
    #expect(String(decoding: data, as: UTF8.self).contains(#""format": 4"#))
    #expect(try Recording.decode(data) == recording)
    // The last state, rebuilt from the file's splices, is the note typed.
    let typed = (0..<300).map { $0 % 40 == 39 ? "\n" : "é" }.joined()
    #expect(
      try Recording.decode(data).state(after: 299) == .full(.object(["note": .string(typed)])))

    let short = StoreRecorder(times: false)
    let other = Store(initialState: Editor.State(), recordingTo: short) { Editor() }
    other.send(.type("a"))
    let plain = short.jsonData()
    #expect(String(decoding: plain, as: UTF8.self).contains(#""format": 3"#))
    #expect(try Recording.decode(plain).format == Recording.currentFormat)
  }
}
