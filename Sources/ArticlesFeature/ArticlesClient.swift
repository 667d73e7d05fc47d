import ReducerKit

/// The articles API: fetching, and saving the reader's choices.
public struct ArticlesClient: Sendable {
  /// Fetches the articles.
  public var fetch: @Sendable () async throws -> [Article]
  /// Saves whether an article is a favourite.
  public var setFavorite: @Sendable (_ id: Int, _ isFavorite: Bool) async throws -> Void
  /// Saves whether an article is marked to read later.
  public var setReadLater: @Sendable (_ id: Int, _ willReadLater: Bool) async throws -> Void
  /// Saves that an article is hidden.
  public var hide: @Sendable (_ id: Int) async throws -> Void

  /// Creates a client from its endpoints.
  public init(
    fetch: @escaping @Sendable () async throws -> [Article],
    setFavorite: @escaping @Sendable (Int, Bool) async throws -> Void,
    setReadLater: @escaping @Sendable (Int, Bool) async throws -> Void,
    hide: @escaping @Sendable (Int) async throws -> Void
  ) {
    self.fetch = fetch
    self.setFavorite = setFavorite
    self.setReadLater = setReadLater
    self.hide = hide
  }
}

extension ArticlesClient: DependencyKey {
  /// An in-memory simulation of a slow API: fetching takes `latency` on the clock dependency
  /// (read when called, so a test clock drives it), saving a tenth of it.
  public static func simulated(
    latency: Duration = .seconds(4), failingSaves: Bool = false
  ) -> ArticlesClient {
    @Sendable func wait(_ duration: Duration) async throws {
      @Dependency(\.continuousClock) var clock
      try await clock.sleep(for: duration)
    }
    @Sendable func save() async throws {
      try await wait(latency / 10)
      if failingSaves { throw SimulatedFailure() }
    }
    return ArticlesClient(
      fetch: {
        try await wait(latency)
        return Article.samples
      },
      setFavorite: { _, _ in try await save() },
      setReadLater: { _, _ in try await save() },
      hide: { _ in try await save() }
    )
  }

  /// The simulated API with a four-second fetch.
  public static var liveValue: ArticlesClient { simulated() }

  /// Fails the test on any call that the test did not override.
  public static var testValue: ArticlesClient {
    ArticlesClient(
      fetch: unimplemented("ArticlesClient.fetch"),
      setFavorite: unimplemented("ArticlesClient.setFavorite"),
      setReadLater: unimplemented("ArticlesClient.setReadLater"),
      hide: unimplemented("ArticlesClient.hide"))
  }
}

extension DependencyValues {
  /// The articles API.
  public var articlesClient: ArticlesClient {
    get { self[ArticlesClient.self] }
    set { self[ArticlesClient.self] = newValue }
  }
}

/// The simulated server refused a save.
struct SimulatedFailure: Error, CustomStringConvertible {
  var description: String { "the server refused the change" }
}
