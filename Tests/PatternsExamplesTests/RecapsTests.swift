import PatternsExamples
import ReducerKit
import ReducerKitPatterns
import ReducerKitTesting
import Testing

@MainActor
struct RecapsTests {
  let clock = TestClock()
  let r2024 = Recaps.Recap(year: 2024, articlesRead: 168)
  let r2023 = Recaps.Recap(year: 2023, articlesRead: 161)

  func makeStore(latency: Duration) -> TestStore<Recaps.State, Recaps.Action> {
    var state = Recaps.State(year: 2024)
    state.recaps[2024] = r2024
    state.display = .current(r2024)
    return TestStore(initialState: state) {
      Recaps()
    } withDependencies: { [clock] in
      $0.continuousClock = clock
      $0.recapsClient = RecapsClient { year in
        try await clock.sleep(for: latency)
        return Recaps.Recap(year: year, articlesRead: (year % 100) * 7)
      }
    }
  }

  @Test func aFastLoadGoesFromOldToNewWithoutAPlaceholder() async {
    let store = makeStore(latency: .milliseconds(400))
    await store.send(.yearPicked(2023)) {
      $0.year = 2023
      $0.display = .held(r2024)
    }
    await store.receive(.loading(.load(2023))) { $0.loading = .loading() }
    await clock.advance(by: .milliseconds(400))
    await store.receive(.loading(.response(.success(r2023)))) {
      $0.loading = .loaded(r2023)
      $0.recaps[2023] = r2023
      $0.display = .current(r2023)
    }
    // The hold's timeout was cancelled: advancing past it changes nothing.
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func aSlowLoadGoesFromOldToPlaceholderToNew() async {
    let store = makeStore(latency: .seconds(3))
    await store.send(.yearPicked(2023)) {
      $0.year = 2023
      $0.display = .held(r2024)
    }
    await store.receive(.loading(.load(2023))) { $0.loading = .loading() }
    await clock.advance(by: .seconds(1))
    await store.receive(.holdExpired) { $0.display = .placeholder }
    await clock.advance(by: .seconds(2))
    await store.receive(.loading(.response(.success(r2023)))) {
      $0.loading = .loaded(r2023)
      $0.recaps[2023] = r2023
      $0.display = .current(r2023)
    }
  }

  @Test func aLoadedYearShowsAtOnce() async {
    let store = makeStore(latency: .seconds(1))
    await store.send(.yearPicked(2023)) {
      $0.year = 2023
      $0.display = .held(r2024)
    }
    await store.receive(.loading(.load(2023))) { $0.loading = .loading() }
    await clock.advance(by: .seconds(1))
    await store.receive(.holdExpired) { $0.display = .placeholder }
    await store.receive(.loading(.response(.success(r2023)))) {
      $0.loading = .loaded(r2023)
      $0.recaps[2023] = r2023
      $0.display = .current(r2023)
    }
    await store.send(.yearPicked(2024)) {
      $0.year = 2024
      $0.display = .current(r2024)
    }
  }
}
