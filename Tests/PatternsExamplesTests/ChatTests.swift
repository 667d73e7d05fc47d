import PatternsExamples
import ReducerKit
import ReducerKitPatterns
import ReducerKitTesting
import Testing

final class ReadMarks: @unchecked Sendable {
  // NB: test store effects run one at a time on the main queue.
  var count = 0
}

@MainActor
struct ChatTests {
  let clock = TestClock()
  let marks = ReadMarks()
  let history = ChatHistory.inMemory(count: 1_000_000)

  func makeStore() -> TestStore<Chat.State, Chat.Action> {
    TestStore(initialState: Chat.State(pageSize: 50)) {
      Chat()
    } withDependencies: { [clock, marks, history] in
      $0.continuousClock = clock
      $0.chatHistory = ChatHistory(
        page: history.page,
        markRead: {
          try await clock.sleep(for: .seconds(1))
          marks.count += 1
        })
    }
  }

  func page(before: Int?) -> [Chat.Message] {
    let end = before ?? 1_000_000
    return ((end - 50)..<end).map { Chat.Message(id: $0, text: "Message \($0)") }
  }

  @Test func theWindowOverAMillionMessagesStaysBounded() async {
    let store = makeStore()
    store.exhaustivity = .off
    await store.send(.onAppear)
    await store.receive(.messages(.appeared)) { $0.messages.isLoadingOlder = true }
    await store.receive(.messages(.pageLoaded(page(before: nil), before: nil, hasMore: true)))
    #expect(store.state.messages.count == 50)
    #expect(store.state.messages.last?.id == 999_999)

    for _ in 0..<40 {
      let before = store.state.messages.first?.id
      await store.send(.messages(.reachedTop))
      await store.receive(
        .messages(.pageLoaded(page(before: before), before: before, hasMore: true)))
    }
    #expect(store.state.messages.count == 2_050)
    #expect(store.state.messages.first?.id == 1_000_000 - 2_050)

    await store.send(.messages(.received(Chat.Message(id: 1_000_000, text: "hi"))))
    await store.send(.messages(.edited(Chat.Message(id: 999_990, text: "edited"))))
    #expect(store.state.messages[id: 999_990]?.text == "edited")

    await store.send(.messages(.returnedToBottom))
    #expect(store.state.messages.count == 50)
    #expect(store.state.messages.last?.id == 1_000_000)
    #expect(store.state.messages.first?.id == 999_951)
    await store.skipInFlightEffects(strict: false)
  }

  @Test func markingReadRunsOnceAcrossAppearAndDisappear() async {
    let store = makeStore()
    store.exhaustivity = .off
    await store.send(.onAppear) { $0.preparation = .running }
    // Disappearing before it finishes cancels it; the next appearance starts it again.
    await store.send(.onDisappear) { $0.preparation = .notStarted }
    await clock.advance(by: .seconds(5))
    #expect(marks.count == 0)
    await store.send(.onAppear) { $0.preparation = .running }
    await clock.advance(by: .seconds(1))
    await store.receive(.markedRead) { $0.preparation = .finished }
    #expect(marks.count == 1)
    // Once finished, appearing does nothing.
    await store.send(.onDisappear)
    await store.send(.onAppear)
    await clock.advance(by: .seconds(5))
    #expect(marks.count == 1)
    #expect(store.state.preparation == .finished)
  }
}
