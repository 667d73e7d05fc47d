import Foundation
import ReducerKit
import Testing

@testable import ReducerKitInspector
@testable import ReducerKitRecording

/// A feature with real data: sets, UUID-keyed dictionaries, huge integers, fractions, unicode,
/// a sensitive field, strings that look like markup, and an effect.
private struct Vault: Reducer {
  struct State: Codable, Equatable {
    var tags: Set<String> = []
    var owners: [UUID: String] = [:]
    var huge: UInt64 = 0
    var big: Int64 = 0
    var ratio = 0.0
    var note = ""
    @Sensitive var pin = "0000"
    var count = 0
  }
  enum Action: Codable, Equatable {
    case tag(String)
    case own(UUID, String)
    case setHuge(UInt64)
    case setBig(Int64)
    case setRatio(Double)
    case write(String)
    /// Sets a new pin (its value is not in the action: only the state holds it, sensitive).
    case rotatePin
    case load
    case loaded(Int)
  }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .tag(let tag): state.tags.insert(tag)
    case .own(let id, let name): state.owners[id] = name
    case .setHuge(let value): state.huge = value
    case .setBig(let value): state.big = value
    case .setRatio(let value): state.ratio = value
    case .write(let text): state.note = text
    case .rotatePin: state.pin = "4321"
    case .load: return .run { send in await send(.loaded(7)) }
    case .loaded(let count): state.count = count
    }
    return .none
  }
}

extension Vault.State {
  enum CodingKeys: String, CodingKey {
    case tags, owners, huge, big, ratio, note, pin, count
  }
}

@MainActor
struct InspectorPageTests {
  static let ids = (0..<5).map { UUID(uuidString: "00000000-0000-0000-0000-00000000000\($0)")! }

  func recorded(allowsSensitiveValues: Bool = false) async throws -> Recording {
    // NB: no step times: a time is a number of microseconds, which could contain the digits
    // the secret's check looks for (it did, once: "4321").
    let recorder = StoreRecorder(allowsSensitiveValues: allowsSensitiveValues, times: false)
    let store = Store(initialState: Vault.State(), recordingTo: recorder) { Vault() }
    for tag in ["swift", "é", "😀", "z"] { store.send(.tag(tag)) }
    for (index, id) in Self.ids.enumerated() { store.send(.own(id, "owner \(index)")) }
    store.send(.setHuge(.max))
    store.send(.setBig(1 << 60 + 1))
    store.send(.setRatio(0.1))
    store.send(.write("</script><script>alert(1)</script> & <b>"))
    store.send(.rotatePin)
    await store.send(.load).finish()
    let deadline = ContinuousClock.now + .seconds(10)
    while store.count != 7, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(5))
    }
    #expect(store.count == 7, "the effect's action was not delivered")
    return try #require(recorder.recording)
  }

  /// The data script of `html`, parsed by Foundation (as independent of the writer as the
  /// browser's parser is).
  func embedded(_ html: String) throws -> [String: Any] {
    let opening = "<script type=\"application/json\" id=\"session-data\">"
    let start = try #require(html.range(of: opening))
    let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
    let text = String(html[start.upperBound..<end.lowerBound])
    return try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  @Test func thePageEmbedsEveryStepWithItsNameLaneAndEffects() async throws {
    let recording = try await recorded()
    let page = try InspectorPage(recording: recording, title: "vault")
    let data = try embedded(page.html)
    let steps = try #require(data["steps"] as? [[String: Any]])
    #expect(steps.count == recording.steps.count)
    #expect(steps.map { $0["n"] as? String }.prefix(2) == ["tag", "tag"])
    #expect(steps.last?["n"] as? String == "loaded")
    let lanes = try #require(data["lanes"] as? [String])
    #expect(lanes == ["outside", "the root feature"])
    // The delivered action is in its effect's lane; the load started one span, which finished
    // after delivering it.
    #expect(steps.last?["o"] as? Int == 1)
    #expect((steps[steps.count - 2]["e"] as? [String]) == ["started in the root feature"])
    let spans = try #require(data["spans"] as? [[String: Any]])
    #expect(spans.count == 1)
    #expect(spans.first?["l"] as? Int == 1)
    #expect(spans.first?["s"] as? Int == steps.count - 1)
    #expect(spans.first?["e"] as? Int == steps.count)
  }

  @Test func hugeIntegersAndFractionsAreKeptAsTheirExactText() async throws {
    let recording = try await recorded()
    let data = try embedded(try InspectorPage(recording: recording, title: "vault").html)
    let steps = try #require(data["steps"] as? [[String: Any]])
    // A JavaScript number would print 18446744073709551615 as 18446744073709552000.
    let texts = steps.compactMap { $0["c"] as? [[Any]] }.flatMap { $0 }.compactMap {
      ($0.last as? [String: Any])?[PageData.numberTag] as? String
    }
    #expect(texts.contains("18446744073709551615"))
    #expect(texts.contains(String(1 << 60 + 1)))
    #expect(texts.contains("0.1"))
    // Small integers stay numbers.
    #expect(steps.last.flatMap { ($0["c"] as? [[Any]])?.first?.last as? Int } == 7)
  }

  @Test func markupInTheStateCannotEndTheDataScript() async throws {
    let recording = try await recorded()
    let html = try InspectorPage(recording: recording, title: "<i>vault</i> & co").html
    // The title is escaped where it is shown, and the note arrives as it was written.
    #expect(html.contains("&lt;i&gt;vault&lt;/i&gt; &amp; co"))
    #expect(!html.contains("<i>vault</i>"))
    let data = try embedded(html)
    let steps = try #require(data["steps"] as? [[String: Any]])
    let notes = steps.compactMap { ($0["c"] as? [[Any]])?.first?.last as? String }
    #expect(notes.contains("</script><script>alert(1)</script> & <b>"))
    #expect(html.components(separatedBy: "alert(1)").count == 3)  // the action and the change
  }

  @Test func sensitiveValuesAreRedactedAndAPageOfThemIsRefused() async throws {
    let html = try InspectorPage(recording: try await recorded(), title: "vault").html
    #expect(!html.contains("4321"))
    #expect(html.contains("█████"))

    let revealing = try await recorded(allowsSensitiveValues: true)
    #expect(throws: InspectorError.sensitiveValues) {
      try InspectorPage(recording: revealing, title: "vault")
    }
    let allowed = try InspectorPage(
      recording: revealing, title: "vault", includingSensitiveValues: true)
    #expect(allowed.html.contains("4321"))
    #expect(try embedded(allowed.html)["sensitive"] as? Bool == true)
  }

  @Test func setsAndDictionariesAreInTheirCanonicalOrder() async throws {
    let recording = try await recorded()
    let page = try PageData(recording, title: "vault")
    guard case .object(let document) = page.document, case .array(let steps)? = document["steps"]
    else {
      Issue.record("no steps in \(page.document)")
      return
    }
    // After the fourth tag, the set is the recorder's canonical array: sorted by encoding.
    let state = try PageReplay.replayed(page, upTo: 3)
    guard case .object(let fields) = state, case .array(let tags)? = fields["tags"] else {
      Issue.record("no tags in \(state)")
      return
    }
    #expect(tags == ["swift", "z", "é", "😀"].map(JSONValue.string))
    #expect(steps.count == recording.steps.count)
  }

  @Test func aDamagedRecordingIsRefusedWithWhatIsWrong() throws {
    var recording = Recording(states: .full, initialState: .object(["count": .number(0)]))
    recording.steps.append(
      Recording.Step(
        action: .object(["increment": .object([:])]), origin: .outside, effects: [],
        state: .changes([StateChange(path: [.key("missing"), .key("deep")], operation: .remove)]))
    )
    #expect {
      try InspectorPage(recording: recording, title: "damaged")
    } throws: { error in
      "\(error)".contains("The recording is damaged") && "\(error)".contains("missing.deep")
    }
  }

  @Test func actionNamesFollowTheChainOfCases() throws {
    func name(_ json: String) throws -> String {
      ActionSummary.name(of: try Recording.decodeValue(json))
    }
    #expect(
      try name(#"{"articles":{"_0":{"element":{"action":{"favoriteTapped":{}},"id":1}}}}"#)
        == "articles[id: 1].favoriteTapped")
    #expect(
      try name(
        #"{"path":{"_0":{"element":{"action":{"detail":{"_0":{"saveTapped":{}}}},"id":1007}}}}"#)
        == "path[id: 1007].detail.saveTapped")
    #expect(
      try name(#"{"destination":{"_0":{"presented":{"_0":{"confirm":{"_0":{"hide":{"id":2}}}}}}}}"#)
        == "destination.presented.confirm.hide")
    #expect(
      try name(#"{"binding":{"_0":{"field":"query","value":"swi"}}}"#)
        == #"binding(\.query = "swi")"#)
    #expect(
      try name(
        #"{"editor":{"_0":{"presented":{"_0":{"binding":{"_0":{"field":"isOn","value":true}}}}}}}"#)
        == #"editor.presented.binding(\.isOn = true)"#)
    // A long value is cut; a payload that only looks like a binding keeps the plain name.
    #expect(
      try name(
        #"{"binding":{"_0":{"field":"text","value":"\#(String(repeating: "x", count: 60))"}}}"#
      )
      .hasSuffix("…)"))
    #expect(try name(#"{"binding":{"_0":{"field":"query"}}}"#) == "binding")
    #expect(try name(#"{"tag":{"_0":"swift"}}"#) == "tag")
    #expect(try name("null") == "(state changed outside)")
    #expect(try name(#""plain""#) == "plain")
  }
}

/// A value as the page holds it, back as recorded: tagged numbers as numbers, escaped keys
/// unescaped.
func untagged(_ value: JSONValue) -> JSONValue {
  switch value {
  case .object(let fields):
    if fields.count == 1, case .string(let text)? = fields[PageData.numberTag],
      let number = JSONNumber(text: text)
    {
      return .number(number)
    }
    var plain: [String: JSONValue] = [:]
    for (key, field) in fields {
      plain[key.hasPrefix("\u{0}") ? String(key.dropFirst()) : key] = untagged(field)
    }
    return .object(plain)
  case .array(let elements): return .array(elements.map(untagged))
  default: return value
  }
}

extension Recording {
  /// A JSON value read from text by the kit's own parser, as a recording's action would be.
  static func decodeValue(_ text: String) throws -> JSONValue {
    try JSONParser.parse(Data(text.utf8))
  }
}

/// The page's way of rebuilding a state, in Swift.
enum PageReplay {
  /// The state after step `index` as the page rebuilds it: from the last checkpoint at or
  /// before it, applying each step's changes, numbers untagged.
  static func replayed(_ page: PageData, upTo index: Int) throws -> JSONValue {
    guard case .object(let document) = page.document, case .array(let steps)? = document["steps"],
      case .array(let checkpoints)? = document["checkpoints"], let initial = document["initial"]
    else { throw Problem("no steps") }
    var start = -1
    var state = initial
    for checkpoint in checkpoints {
      guard case .array(let pair) = checkpoint, case .number(let at) = pair[0],
        let at = Int(at.text), at <= index
      else { continue }
      (start, state) = (at, pair[1])
    }
    state = untagged(state)
    for step in steps[(start + 1)..<(index + 1)] {
      guard case .object(let fields) = step else { throw Problem("a step is not an object") }
      guard case .array(let changes)? = fields["c"] else { continue }
      for change in changes { try Self.change(change).apply(to: &state) }
    }
    return state
  }

  struct Problem: Error {
    let text: String
    init(_ text: String) { self.text = text }
  }

  /// A change as the page holds it, back as a ``StateChange``.
  static func change(_ json: JSONValue) throws -> StateChange {
    guard case .array(let parts) = json, case .string(let op) = parts[0],
      case .array(let at) = parts[1]
    else { throw Problem("bad change \(json)") }
    let path: [JSONPathComponent] = at.map {
      if case .number(let index) = $0 { return .index(Int(index.text)!) }
      if case .string(let key) = $0 { return .key(key) }
      return .key("?")
    }
    switch op {
    case "set": return StateChange(path: path, operation: .set(untagged(parts[2])))
    case "remove": return StateChange(path: path, operation: .remove)
    default:
      guard case .number(let offset) = parts[2], case .number(let count) = parts[3],
        case .array(let elements) = parts[4]
      else { throw Problem("bad splice \(json)") }
      return StateChange(
        path: path,
        operation: .splice(
          offset: Int(offset.text)!, count: Int(count.text)!, elements: elements.map(untagged)))
    }
  }
}
