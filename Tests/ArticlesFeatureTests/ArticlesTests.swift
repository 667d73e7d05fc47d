import ArticlesFeature
import ReducerKit
import ReducerKitTesting
import Testing

/// Records which client endpoints were called, in order.
final class CallLog: @unchecked Sendable {
  // NB: `@unchecked Sendable`: test store effects run on the main queue, one at a time.
  private(set) var calls: [String] = []
  func record(_ call: String) { calls.append(call) }
}

@MainActor
struct ArticlesTests {
  let clock = TestClock()
  let log = CallLog()

  /// A client that takes one second to fetch and a tenth to save, on the test clock.
  func client(fails: Bool = false) -> ArticlesClient {
    ArticlesClient(
      fetch: { [clock, log] in
        log.record("fetch")
        try await clock.sleep(for: .seconds(1))
        if fails { throw TestFailure() }
        return Article.samples
      },
      setFavorite: { [clock, log] id, value in
        log.record("setFavorite(\(id), \(value))")
        try await clock.sleep(for: .milliseconds(100))
      },
      setReadLater: { [clock, log] id, value in
        log.record("setReadLater(\(id), \(value))")
        try await clock.sleep(for: .milliseconds(100))
      },
      hide: { [clock, log] id in
        log.record("hide(\(id))")
        try await clock.sleep(for: .milliseconds(100))
      })
  }

  struct TestFailure: Error, CustomStringConvertible {
    var description: String { "offline" }
  }

  func makeStore(
    _ state: Articles.State = Articles.State(), client: ArticlesClient? = nil
  ) -> TestStore<Articles.State, Articles.Action> {
    let client = client ?? self.client()
    return TestStore(initialState: state) {
      Articles()
    } withDependencies: { [clock] in
      $0.continuousClock = clock
      $0.articlesClient = client
    }
  }

  var loaded: Articles.State {
    Articles.State(phase: .loaded, articles: IdentifiedArray(uniqueElements: Article.samples))
  }

  @Test func loadingShowsPlaceholdersThenTheArticles() async {
    let store = makeStore()
    await store.send(.onAppear) {
      $0.phase = .loading
      $0.articles = IdentifiedArray(uniqueElements: Article.placeholders)
    }
    #expect(store.state.redactionReasons == .placeholder)
    await clock.advance(by: .seconds(1))
    await store.receive(.articlesLoaded(Article.samples)) {
      $0.phase = .loaded
      $0.articles = IdentifiedArray(uniqueElements: Article.samples)
    }
    #expect(log.calls == ["fetch"])
  }

  @Test func theSimulatedClientTakesFourSecondsOnTheClock() async {
    let store = makeStore(client: .simulated())
    await store.send(.onAppear) {
      $0.phase = .loading
      $0.articles = IdentifiedArray(uniqueElements: Article.placeholders)
    }
    await clock.advance(by: .milliseconds(3_999))
    #expect(store.state.phase == .loading)
    await clock.advance(by: .milliseconds(1))
    await store.receive(.articlesLoaded(Article.samples)) {
      $0.phase = .loaded
      $0.articles = IdentifiedArray(uniqueElements: Article.samples)
    }
  }

  @Test func tapsOnPlaceholderRowsChangeNothingAndCallNothing() async {
    let store = makeStore()
    await store.send(.onAppear) {
      $0.phase = .loading
      $0.articles = IdentifiedArray(uniqueElements: Article.placeholders)
    }
    for placeholder in Article.placeholders {
      await store.send(.articles(.element(id: placeholder.id, action: .favoriteTapped)))
      await store.send(.articles(.element(id: placeholder.id, action: .readLaterTapped)))
      await store.send(.articles(.element(id: placeholder.id, action: .hideTapped)))
      await store.send(.articleSelected(id: placeholder.id))
    }
    #expect(log.calls == ["fetch"])
    await clock.advance(by: .seconds(1))
    await store.receive(.articlesLoaded(Article.samples)) {
      $0.phase = .loaded
      $0.articles = IdentifiedArray(uniqueElements: Article.samples)
    }
  }

  @Test func cancelDuringLoadingStopsTheFetchAndOffersReload() async {
    let store = makeStore()
    await store.send(.onAppear) {
      $0.phase = .loading
      $0.articles = IdentifiedArray(uniqueElements: Article.placeholders)
    }
    await store.send(.cancelTapped) {
      $0.phase = .cancelled
      $0.articles = []
    }
    await clock.advance(by: .seconds(5))
    await store.send(.reloadTapped) {
      $0.phase = .loading
      $0.articles = IdentifiedArray(uniqueElements: Article.placeholders)
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.articlesLoaded(Article.samples)) {
      $0.phase = .loaded
      $0.articles = IdentifiedArray(uniqueElements: Article.samples)
    }
  }

  @Test func hidingARowAsksFirstThenRemovesItAndCallsTheClientOnce() async {
    let store = makeStore(loaded)
    await store.send(.articles(.element(id: 2, action: .hideTapped))) {
      $0.destination = .confirmHide(.hide(Article.samples[1]))
    }
    await store.send(.destination(.presented(.confirmHide(.hide(id: 2))))) {
      $0.destination = nil
      $0.articles.remove(id: 2)
    }
    #expect(!store.state.articles.contains(id: 2))
    await clock.advance(by: .milliseconds(100))
    await store.finish()
    #expect(log.calls == ["hide(2)"])
  }

  @Test func favouriteAndReadLaterToggleAndCallTheClient() async {
    let store = makeStore(loaded)
    await store.send(.articles(.element(id: 1, action: .favoriteTapped))) {
      $0.articles[id: 1]?.isFavorite = true
    }
    await store.send(.articles(.element(id: 1, action: .readLaterTapped))) {
      $0.articles[id: 1]?.willReadLater = true
    }
    await store.send(.articles(.element(id: 1, action: .favoriteTapped))) {
      $0.articles[id: 1]?.isFavorite = false
    }
    await clock.advance(by: .milliseconds(100))
    await store.finish()
    #expect(
      log.calls == ["setFavorite(1, true)", "setReadLater(1, true)", "setFavorite(1, false)"])
  }

  @Test func aRowRemovedWhileItsSaveIsInFlightHasThatSaveCancelled() async {
    let store = makeStore(loaded)
    let favorite = await store.send(.articles(.element(id: 3, action: .favoriteTapped))) {
      $0.articles[id: 3]?.isFavorite = true
    }
    await store.send(.articles(.element(id: 3, action: .hideTapped))) {
      $0.destination = .confirmHide(.hide(Article.samples[2]))
    }
    await store.send(.destination(.presented(.confirmHide(.hide(id: 3))))) {
      $0.destination = nil
      $0.articles.remove(id: 3)
    }
    await favorite.finish()
    #expect(favorite.isCancelled)
    await clock.advance(by: .milliseconds(100))
    await store.finish()
    #expect(log.calls == ["setFavorite(3, true)", "hide(3)"])
  }

  @Test func cancellingTheHideDialogKeepsTheRow() async {
    let store = makeStore(loaded)
    await store.send(.articles(.element(id: 2, action: .hideTapped))) {
      $0.destination = .confirmHide(.hide(Article.samples[1]))
    }
    await store.send(.destination(.dismiss)) { $0.destination = nil }
    #expect(store.state.articles.contains(id: 2))
    #expect(log.calls.isEmpty)
  }

  @Test func aFailedHideShowsAnAlert() async {
    var client = self.client()
    client.hide = { _ in throw TestFailure() }
    let store = makeStore(loaded, client: client)
    await store.send(.articles(.element(id: 2, action: .hideTapped))) {
      $0.destination = .confirmHide(.hide(Article.samples[1]))
    }
    await store.send(.destination(.presented(.confirmHide(.hide(id: 2))))) {
      $0.destination = nil
      $0.articles.remove(id: 2)
    }
    await store.receive(.hideFailed(id: 2)) { $0.destination = .alert(.hideFailed) }
    await store.send(.destination(.dismiss)) { $0.destination = nil }
  }

  @Test func aFailedSaveRestoresTheRowAndShowsAnAlert() async {
    var client = self.client()
    client.setFavorite = { _, _ in throw TestFailure() }
    let store = makeStore(loaded, client: client)
    await store.send(.articles(.element(id: 1, action: .favoriteTapped))) {
      $0.articles[id: 1]?.isFavorite = true
    }
    await store.receive(.articles(.element(id: 1, action: .saveFailed(.favorite(restore: false)))))
    {
      $0.articles[id: 1]?.isFavorite = false
      $0.destination = .alert(.saveFailed)
    }
    await store.send(.destination(.dismiss)) { $0.destination = nil }
  }

  @Test func readingAnArticlePushesTheReaderWhoseStarSavesThroughTheRowThenPops() async {
    let store = makeStore(loaded)
    await store.send(.articleSelected(id: 4)) {
      $0.path[id: 0] = .reader(Reader.State(article: Article.samples[3]))
    }
    var read = Article.samples[3]
    read.isFavorite = true
    await store.send(.path(.element(id: 0, action: .reader(.favoriteTapped)))) {
      $0.path[id: 0] = .reader(Reader.State(article: read))
    }
    // The reader's star takes the row's save path: the same save, the same failure alert.
    await store.receive(.articles(.element(id: 4, action: .favoriteTapped))) {
      $0.articles[id: 4]?.isFavorite = true
    }
    await clock.advance(by: .milliseconds(100))
    #expect(log.calls == ["setFavorite(4, true)"])
    await store.send(.path(.element(id: 0, action: .reader(.closeTapped))))
    await store.receive(.path(.popFrom(id: 0))) { $0.path[id: 0] = nil }
  }

  @Test func aFailedSaveOfTheReadersStarRestoresReaderAndRowAndShowsTheAlert() async {
    var client = self.client()
    client.setFavorite = { _, _ in throw TestFailure() }
    let store = makeStore(loaded, client: client)
    await store.send(.articleSelected(id: 4)) {
      $0.path[id: 0] = .reader(Reader.State(article: Article.samples[3]))
    }
    var read = Article.samples[3]
    read.isFavorite = true
    await store.send(.path(.element(id: 0, action: .reader(.favoriteTapped)))) {
      $0.path[id: 0] = .reader(Reader.State(article: read))
    }
    await store.receive(.articles(.element(id: 4, action: .favoriteTapped))) {
      $0.articles[id: 4]?.isFavorite = true
    }
    await store.receive(.articles(.element(id: 4, action: .saveFailed(.favorite(restore: false)))))
    {
      $0.articles[id: 4]?.isFavorite = false
      $0.path[id: 0] = .reader(Reader.State(article: Article.samples[3]))
      $0.destination = .alert(.saveFailed)
    }
    await store.send(.destination(.dismiss)) { $0.destination = nil }
  }

  @Test func marksThatCannotBeKeptAreAnAlert() async {
    let store = makeStore(loaded)
    await store.send(.marksNotKept(reason: "Could not create /nope: Permission denied.")) {
      $0.destination = .alert(.marksNotKept(reason: "Could not create /nope: Permission denied."))
    }
    #expect(
      store.state.destination.flatMap { destination -> String? in
        guard case .alert(let alert) = destination else { return nil }
        return alert.message?.string
      }?.contains("/nope: Permission denied.") == true)
  }

  @Test func hidingTheArticleBeingReadPopsItsReader() async {
    let store = makeStore(loaded)
    await store.send(.articleSelected(id: 4)) {
      $0.path[id: 0] = .reader(Reader.State(article: Article.samples[3]))
    }
    await store.send(.articles(.element(id: 4, action: .hideTapped))) {
      $0.destination = .confirmHide(.hide(Article.samples[3]))
    }
    await store.send(.destination(.presented(.confirmHide(.hide(id: 4))))) {
      $0.destination = nil
      $0.articles.remove(id: 4)
      $0.path[id: 0] = nil
    }
    await clock.advance(by: .milliseconds(100))
    await store.finish()
    #expect(log.calls == ["hide(4)"])
  }

  @Test func failureShowsTheErrorAndRetryLoads() async {
    let store = makeStore(client: client(fails: true))
    await store.send(.onAppear) {
      $0.phase = .loading
      $0.articles = IdentifiedArray(uniqueElements: Article.placeholders)
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.loadFailed(Articles.LoadFailure(message: "offline"))) {
      $0.phase = .failed("offline")
      $0.articles = []
    }
    store.dependencies.articlesClient = client()
    await store.send(.reloadTapped) {
      $0.phase = .loading
      $0.articles = IdentifiedArray(uniqueElements: Article.placeholders)
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.articlesLoaded(Article.samples)) {
      $0.phase = .loaded
      $0.articles = IdentifiedArray(uniqueElements: Article.samples)
    }
  }

  // MARK: - Search

  @Test func typingFiltersOnceTypingPausesWithOneFilterForABurst() async {
    let store = makeStore(loaded)
    await store.send(.binding(.set(\.query, "t"))) { $0.query = "t" }
    await clock.advance(by: .milliseconds(100))
    await store.send(.binding(.set(\.query, "te"))) { $0.query = "te" }
    await clock.advance(by: .milliseconds(100))
    await store.send(.binding(.set(\.query, "tes"))) { $0.query = "tes" }
    // The burst's earlier keystrokes never filter: only the pause after the last one does.
    await clock.advance(by: Articles.searchDebounce)
    await store.receive(.searchPaused) { $0.filter = "tes" }
    #expect(store.state.visibleArticles.map(\.id) == [3])
    await store.send(.binding(.set(\.query, ""))) { $0.query = "" }
    await clock.advance(by: Articles.searchDebounce)
    await store.receive(.searchPaused) { $0.filter = "" }
    #expect(store.state.visibleArticles.count == Article.samples.count)
  }

  @Test func theSearchFieldStaysLiveWhileLoading() async {
    let store = makeStore()
    await store.send(.onAppear) {
      $0.phase = .loading
      $0.articles = IdentifiedArray(uniqueElements: Article.placeholders)
    }
    await store.send(.binding(.set(\.query, "swift"))) { $0.query = "swift" }
    await clock.advance(by: Articles.searchDebounce)
    await store.receive(.searchPaused) { $0.filter = "swift" }
    await clock.advance(by: .seconds(1))
    await store.receive(.articlesLoaded(Article.samples)) {
      $0.phase = .loaded
      $0.articles = IdentifiedArray(uniqueElements: Article.samples)
    }
    #expect(store.state.visibleArticles.map(\.id) == [4])
  }
}
