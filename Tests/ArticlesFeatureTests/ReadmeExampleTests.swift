import ArticlesFeature
import ReducerKit
import ReducerKitTesting
import Testing

// The README's examples, compiled and run, so that they stay true.

struct Counter: Reducer {
  struct State: Equatable { var count = 0 }
  enum Action: Equatable { case incrementTapped, incrementLaterTapped }

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementTapped:
        state.count += 1
        return .none
      case .incrementLaterTapped:
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.incrementTapped)
        }
      }
    }
  }
}

@MainActor
struct ReadmeExampleTests {
  @Test func theCounterExample() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    store.send(.incrementTapped)
    #expect(store.count == 1)

    let clock = TestClock()
    let testStore = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await testStore.send(.incrementLaterTapped)
    await clock.advance(by: .seconds(1))
    await testStore.receive(.incrementTapped) { $0.count = 1 }
  }

  @Test func hidingARowAsksThenRemovesItAndSavesInTheBackground() async {
    let clock = TestClock()
    let article = Article.samples[0]
    let store = TestStore(initialState: Articles.State(phase: .loaded, articles: [article])) {
      Articles()
    } withDependencies: {
      $0.continuousClock = clock
      $0.articlesClient.hide = { _ in try await clock.sleep(for: .seconds(1)) }
    }
    await store.send(.articles(.element(id: article.id, action: .hideTapped))) {
      $0.destination = .confirmHide(.hide(article))
    }
    await store.send(.destination(.presented(.confirmHide(.hide(id: article.id))))) {
      $0.destination = nil
      $0.articles = []
    }
    await clock.advance(by: .seconds(1))
    await store.finish()
  }
}
