import Foundation
import ReducerKit
import ReducerKitRecording
import Testing

/// A feature with the data the inspector's browser checks look for: a 64-bit integer no
/// JavaScript number holds, a sensitive field, a set, a dictionary with integer keys (which JSON
/// writes as an object) and one with `UUID` keys (which JSON writes as an array of keys and
/// values), a long note typed into (kept as text splices), and an action that raises a runtime
/// warning.
private struct Safe: Reducer {
  struct State: Codable, Equatable {
    var huge: UInt64 = 0
    @Sensitive var pin = "0000"
    var detail: Detail?
    var opened = 0
    var tags: Set<String> = []
    var scores: [Int: Int] = [:]
    var seats: [UUID: Int] = [:]
    var note = String(repeating: "-", count: 70)
  }
  struct Detail: Codable, Equatable { var seen = 0 }
  enum Action: Codable, Equatable {
    case setHuge(UInt64)
    case rotatePin
    case open
    case close
    case tag(String)
    case untag(String)
    case retag(String, String)
    case score(Int, Int)
    case seat(UUID, Int)
    case type(String)
    case detail(DetailAction)
  }
  enum DetailAction: Codable, Equatable { case look }

  static let detailCase = CasePath<Action, DetailAction>(
    Action.detail, extract: { if case .detail(let action) = $0 { action } else { nil } })

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .setHuge(let value): state.huge = value
      case .rotatePin: state.pin = "4321"
      case .open:
        state.detail = Detail()
        state.opened += 1
      case .close: state.detail = nil
      case .tag(let tag): state.tags.insert(tag)
      case .untag(let tag): state.tags.remove(tag)
      case .retag(let old, let new):
        state.tags.remove(old)
        state.tags.insert(new)
      case .score(let id, let score): state.scores[id] = score
      case .seat(let id, let row): state.seats[id] = row
      case .type(let text): state.note += text
      case .detail: break
      }
      return .none
    }
    .ifLet(\.detail, action: Self.detailCase) {
      Reduce<Detail, DetailAction> { detail, _ in
        detail.seen += 1
        return .none
      }
    }
  }
}

extension Safe.State {
  enum CodingKeys: String, CodingKey { case huge, pin, detail, opened, tags, scores, seats, note }
}

/// The recording the CI's browser checks open (`.ci/inspector/fixture-checks.js`), written by
/// this test with `REDUCERKIT_WRITE_FIXTURES=1` and otherwise checked to be what it records.
@MainActor
struct InspectorFixtureTests {
  @Test func theBrowserChecksFixtureIsWhatThisProcessRecords() throws {
    // NB: no times: the fixture is compared byte for byte with what this process records.
    let recorder = StoreRecorder(times: false)
    // NB: stack ids from a counter of this store's own, not the process's (other tests move it).
    let store = Store(initialState: Safe.State(), recordingTo: recorder) {
      Safe()
    } withDependencies: {
      $0.stackElementID = .incrementing()
    }
    store.send(.setHuge(.max))
    store.send(.rotatePin)
    // A long note typed into: each keystroke is one text splice, an emoji two UTF-16 units.
    store.send(.type("a"))
    store.send(.type("😀"))
    store.send(.open)
    store.send(.detail(.look))
    store.send(.close)
    store.send(.tag("b"))
    store.send(.tag("a"))
    store.send(.untag("b"))
    // NB: {"a"} to {"c"}: the arrays keep their length, so the change is an element set in place.
    store.send(.retag("a", "c"))
    store.send(.score(3, 1))
    store.send(.score(3, 2))
    store.send(.score(4, 7))
    let guest = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
    store.send(.seat(guest, 2))
    store.send(.seat(guest, 3))
    // The action for a child that is gone: a runtime warning, which the recording keeps.
    withKnownIssue {
      store.send(.detail(.look))
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("received a child action while its state")
    }
    let recording = try #require(recorder.recording)
    #expect(recording.steps.last?.issues.count == 1)
    #expect(
      recording.steps[2].state
        == .changes([
          StateChange(path: [.key("note")], operation: .spliceText(offset: 70, count: 0, text: "a"))
        ]))
    #expect(
      recording.steps[3].state
        == .changes([
          StateChange(path: [.key("note")], operation: .spliceText(offset: 71, count: 0, text: "😀"))
        ]))
    #expect(
      recording.unorderedCollections == [
        .init(path: ["scores"], kind: .dictionary), .init(path: ["seats"], kind: .dictionary),
        .init(path: ["tags"], kind: .set),
      ])
    let data = recording.jsonData()
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/real-data.json")
    if ProcessInfo.processInfo.environment["REDUCERKIT_WRITE_FIXTURES"] == "1" {
      try data.write(to: fixture)
    }
    #expect(try Data(contentsOf: fixture) == data)
    let text = String(decoding: data, as: UTF8.self)
    #expect(!text.contains("4321"))
    #expect(text.contains("18446744073709551615"))
  }
}
