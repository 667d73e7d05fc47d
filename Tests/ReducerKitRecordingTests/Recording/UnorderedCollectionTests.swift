import Foundation
import ReducerKit
import ReducerKitRecording
import Testing

/// A recording lists where its states hold sets and dictionaries — which their JSON alone does
/// not say — with any array index or dictionary key as `nil`, whether a collection first
/// appears in the initial state or later, and whether its bytes were reused unchanged.
@MainActor
struct UnorderedCollectionTests {
  struct Board: Reducer {
    struct State: Codable, Equatable {
      var rows: [Row] = []
      var groups: [String: Set<Int>] = ["a": []]
      var flags: [Int] = []
    }
    struct Row: Codable, Equatable {
      var name: String
      var tags: Set<String> = []
    }
    enum Action: Codable, Equatable {
      case add(String)
      case group(String)
      case tag(Int, String)
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .add(let name): state.rows.append(Row(name: name))
      // NB: a new group's empty set has the bytes of the one before: it is reused, not encoded.
      case .group(let name): state.groups[name] = []
      case .tag(let index, let tag): state.rows[index].tags.insert(tag)
      }
      return .none
    }
  }

  @Test func everySetAndDictionaryIsListedOnceByWhereItIs() throws {
    let recorder = StoreRecorder(times: false)
    let store = Store(initialState: Board.State(), recordingTo: recorder) { Board() }
    store.send(.group("b"))
    store.send(.add("first"))
    store.send(.add("second"))
    store.send(.tag(1, "x"))
    let recording = try #require(recorder.recording)
    #expect(
      recording.unorderedCollections == [
        .init(path: ["groups"], kind: .dictionary),
        .init(path: ["groups", nil], kind: .set),
        .init(path: ["rows", nil, "tags"], kind: .set),
      ])
    // The list is part of the file, digest included, and reads back.
    let decoded = try Recording.decode(recording.jsonData())
    #expect(decoded.unorderedCollections == recording.unorderedCollections)
  }

  @Test func aStateWithoutSetsOrDictionariesWritesNoList() throws {
    struct Plain: Codable, Equatable { var count = 0 }
    let recorder = StoreRecorder(times: false)
    let store = Store(initialState: Plain(), recordingTo: recorder) {
      Reduce<Plain, Int> { state, action in
        state.count += action
        return .none
      }
    }
    store.send(2)
    let recording = try #require(recorder.recording)
    #expect(recording.unorderedCollections.isEmpty)
    let text = String(decoding: recording.jsonData(), as: UTF8.self)
    #expect(!text.contains("\"collections\""))
  }
}
