import ReducerKit
import ReducerKitPatterns
import ReducerKitTesting
import Testing

struct Note: Identifiable, Equatable, Sendable {
  let id: Int
  var text: String
}

struct WindowedListTests {
  let history = 1_000_000

  func page(before: Int?, count: Int) -> [Note] {
    let end = before ?? history
    return (max(0, end - count)..<end).map { Note(id: $0, text: "\($0)") }
  }

  @Test func startsWithTheNewestPageAndLoadsOlderOnesAtTheTop() {
    var window = WindowedList<Note>(pageSize: 50)
    window.prependOlder(page(before: nil, count: 50), hasMore: true)
    #expect(window.count == 50)
    #expect(window.first?.id == history - 50)
    #expect(window.last?.id == history - 1)
    for _ in 0..<3 {
      window.prependOlder(page(before: window.first?.id, count: 50), hasMore: true)
    }
    #expect(window.count == 200)
    #expect(window.elements.map(\.id) == Array((history - 200)..<history))
    #expect(window[id: history - 199]?.text == "\(history - 199)")
  }

  @Test func newMessagesAppendAndEditsApplyByID() {
    var window = WindowedList<Note>(pageSize: 50)
    window.prependOlder(page(before: nil, count: 50), hasMore: true)
    for id in history..<(history + 120) { window.append(Note(id: id, text: "new \(id)")) }
    #expect(window.count == 170)
    #expect(window.last?.id == history + 119)
    window[id: history + 60] = Note(id: history + 60, text: "edited")
    #expect(window[id: history + 60]?.text == "edited")
    window[id: 7] = Note(id: 7, text: "outside the window")
    #expect(!window.contains(id: 7))
    #expect(window.elements.map(\.id) == Array((history - 50)..<(history + 120)))
  }

  @Test func returningToTheBottomTrimsToOnePage() {
    var window = WindowedList<Note>(pageSize: 50)
    window.prependOlder(page(before: nil, count: 50), hasMore: true)
    for _ in 0..<100 {
      window.prependOlder(page(before: window.first?.id, count: 50), hasMore: true)
    }
    for id in history..<(history + 30) { window.append(Note(id: id, text: "")) }
    #expect(window.count == 5_080)
    window.trimToNewestPage()
    #expect(window.count == 50)
    #expect(window.elements.map(\.id) == Array((history - 20)..<(history + 30)))
    #expect(!window.contains(id: history - 21))
    #expect(window[id: history - 20] != nil)
    // Older pages load again after the trim.
    window.prependOlder(page(before: window.first?.id, count: 50), hasMore: true)
    #expect(window.first?.id == history - 70)
    #expect(window[id: history - 70]?.id == history - 70)
    #expect(window.count == 100)
  }

  @Test func duplicatePagesAreIgnored() {
    var window = WindowedList<Note>(pageSize: 10)
    window.prependOlder(page(before: nil, count: 10), hasMore: true)
    window.prependOlder(page(before: nil, count: 10), hasMore: true)
    #expect(window.count == 10)
    window.append(Note(id: history - 1, text: "resent"))
    #expect(window.count == 10)
    #expect(window.last?.text == "resent")
  }
}

@MainActor
struct WindowReducerTests {
  @Test func aLiveMessageDuringTheFirstLoadKeepsTheNewestPage() async {
    let clock = TestClock()
    let store = TestStore(initialState: WindowedList<Note>(pageSize: 4)) {
      Window { [clock] before, count in
        try await clock.sleep(for: .seconds(1))
        let end = before ?? 101
        return (max(0, end - count)..<end).map { Note(id: $0, text: "\($0)") }
      }
    }
    await store.send(.appeared) { $0.isLoadingOlder = true }
    // Message 100 arrives live while the newest page (97…100) is loading.
    await store.send(.received(Note(id: 100, text: "100"))) {
      $0.append(Note(id: 100, text: "100"))
    }
    await clock.advance(by: .seconds(1))
    let page = (97...100).map { Note(id: $0, text: "\($0)") }
    await store.receive(.pageLoaded(page, before: nil, hasMore: true)) {
      $0.isLoadingOlder = false
      $0.prependOlder(page.dropLast(), hasMore: true)
    }
    #expect(store.state.elements.map(\.id) == [97, 98, 99, 100])
  }
}
