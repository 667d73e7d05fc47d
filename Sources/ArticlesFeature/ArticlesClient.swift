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

/// What the reader marked, by article id: what the simulated server keeps between runs.
public struct ArticleMarks: Codable, Equatable, Sendable {
  /// Favourite articles.
  public var favorites: Set<Int> = []
  /// Articles to read later.
  public var readLater: Set<Int> = []
  /// Hidden articles.
  public var hidden: Set<Int> = []

  /// No marks.
  public init() {}

  /// `article` with these marks.
  func applied(to article: Article) -> Article {
    var article = article
    article.isFavorite = favorites.contains(article.id)
    article.willReadLater = readLater.contains(article.id)
    article.isHidden = hidden.contains(article.id)
    return article
  }
}

extension ArticlesClient: DependencyKey {
  /// A simulation of a slow API: fetching takes `latency` on the clock dependency (read when
  /// called, so a test clock drives it), saving a tenth of it. The server keeps the reader's
  /// marks in `marks`; the app passes one kept in file storage, so they outlive the run.
  public static func simulated(
    latency: Duration = .seconds(4), failingSaves: Bool = false,
    marks: Shared<ArticleMarks> = Shared(value: ArticleMarks())
  ) -> ArticlesClient {
    @Sendable func wait(_ duration: Duration) async throws {
      @Dependency(\.continuousClock) var clock
      try await clock.sleep(for: duration)
    }
    @Sendable func save() async throws {
      try await wait(latency / 10)
      if failingSaves { throw SimulatedFailure() }
    }
    @Sendable func mark(_ id: Int, in set: WritableKeyPath<ArticleMarks, Set<Int>>, _ on: Bool)
      async throws
    {
      try await save()
      marks.withLock { marks in
        if on { marks[keyPath: set].insert(id) } else { marks[keyPath: set].remove(id) }
      }
    }
    return ArticlesClient(
      fetch: {
        try await wait(latency)
        let marks = marks.wrappedValue
        return Article.samples.map(marks.applied(to:))
      },
      setFavorite: { try await mark($0, in: \.favorites, $1) },
      setReadLater: { try await mark($0, in: \.readLater, $1) },
      hide: { try await mark($0, in: \.hidden, true) }
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
