import ReducerKit

/// The articles screen: loads the list (showing inert placeholder rows meanwhile), lets the
/// reader favourite, mark, hide and open articles.
///
/// Hiding shows the parent/child story: the row marks itself hidden inside the list's
/// collection, and the list, which sees the change at once, removes it and saves the choice.
/// The rows are redacted while loading, so taps on placeholder rows do nothing, while "cancel"
/// stays live.
public struct Articles: Reducer {
  /// The screen's state.
  public struct State: Equatable, Sendable, Redactable {
    /// Where the list is in its life.
    public enum Phase: Equatable, Sendable {
      /// Not loaded yet.
      case idle
      /// Loading; `articles` holds placeholders.
      case loading
      /// Loaded.
      case loaded
      /// Loading failed with this message.
      case failed(String)
      /// The reader cancelled loading.
      case cancelled
    }

    /// Where the list is in its life.
    public var phase: Phase
    /// The articles shown (placeholders while loading).
    public var articles: IdentifiedArrayOf<Article>
    /// The article open for reading, if any.
    public var reader: Reader.State?
    /// A message about a save that failed, if any.
    public var banner: String?

    /// The placeholder reason while loading, so that the view and the logic agree.
    public var redactionReasons: RedactionReasons { phase == .loading ? .placeholder : [] }

    /// Creates the state.
    public init(
      phase: Phase = .idle, articles: IdentifiedArrayOf<Article> = [], reader: Reader.State? = nil,
      banner: String? = nil
    ) {
      self.phase = phase
      self.articles = articles
      self.reader = reader
      self.banner = banner
    }
  }

  /// What can happen on the screen.
  public enum Action: Equatable, Sendable {
    /// The screen appeared: load if not loaded yet.
    case onAppear
    /// Reload (also "retry" after a failure).
    case reloadTapped
    /// Cancel loading; live even while the rows are placeholders.
    case cancelTapped
    /// The fetch finished.
    case articlesResponse(Result<[Article], LoadFailure>)
    /// A row's action.
    case articles(IdentifiedActionOf<ArticleRow>)
    /// An article was opened.
    case articleSelected(id: Int)
    /// The reader's action.
    case reader(Reader.Action)
    /// Saving that an article is hidden failed.
    case hideFailed(id: Int)
    /// The banner was dismissed.
    case bannerDismissed
  }

  /// Why loading failed, as a message.
  public struct LoadFailure: Error, Equatable, Sendable {
    /// The message shown to the reader.
    public var message: String

    /// Creates a failure.
    public init(message: String) { self.message = message }
  }

  enum CancelID { case load }

  @Dependency(\.articlesClient) var client

  /// Creates the screen's reducer.
  public init() {}

  /// The screen's logic: loading is always live; rows, selection and the reader are redacted
  /// while loading.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .onAppear:
        guard state.phase == .idle else { return .none }
        return load(&state)
      case .reloadTapped:
        return load(&state)
      case .cancelTapped:
        guard state.phase == .loading else { return .none }
        state.phase = .cancelled
        state.articles = []
        return .cancel(id: CancelID.load)
      case .articlesResponse(.success(let articles)):
        state.phase = .loaded
        state.articles = IdentifiedArray(uniqueElements: articles.filter { !$0.isHidden })
        return .none
      case .articlesResponse(.failure(let failure)):
        state.phase = .failed(failure.message)
        state.articles = []
        return .none
      case .bannerDismissed:
        state.banner = nil
        return .none
      case .articles, .articleSelected, .reader, .hideFailed:
        return .none
      }
    }
    CombineReducers {
      Reduce { state, action in
        switch action {
        case .articles(.element(let id, .hideTapped)):
          // The row hid itself inside our collection; we see it at once and remove it. Its
          // other running saves are cancelled with it; this save belongs to the list.
          guard state.articles[id: id]?.isHidden == true else { return .none }
          state.articles.remove(id: id)
          if state.reader?.article.id == id { state.reader = nil }
          return .run { [client] _ in
            try await client.hide(id)
          } catch: { _, send in
            await send(.hideFailed(id: id))
          }
        case .articles(.element(_, .saveFailed)):
          state.banner = "Could not save your change. Try again."
          return .none
        case .hideFailed:
          state.banner = "Could not hide the article. Try again."
          return .none
        case .articleSelected(let id):
          guard let article = state.articles[id: id] else { return .none }
          state.reader = Reader.State(article: article)
          return .none
        case .reader(.favoriteTapped):
          if let article = state.reader?.article {
            state.articles[id: article.id]?.isFavorite = article.isFavorite
          }
          return .none
        case .reader(.closeTapped):
          state.reader = nil
          return .none
        default:
          return .none
        }
      }
      .forEach(\.articles, action: .articles) { ArticleRow() }
      .ifLet(\.reader, action: .reader) { Reader() }
    }
    .redacted()
  }

  private func load(_ state: inout State) -> Effect<Action> {
    state.phase = .loading
    state.articles = IdentifiedArray(uniqueElements: Article.placeholders)
    state.reader = nil
    return .run { [client] send in
      await send(.articlesResponse(.success(try await client.fetch())))
    } catch: { error, send in
      await send(.articlesResponse(.failure(LoadFailure(message: "\(error)"))))
    }
    .cancellable(id: CancelID.load, cancelInFlight: true)
  }
}

extension CasePath<Articles.Action, IdentifiedActionOf<ArticleRow>> {
  /// The rows' actions.
  public static var articles: Self {
    CasePath(Articles.Action.articles) {
      if case .articles(let action) = $0 { action } else { nil }
    }
  }
}

extension CasePath<Articles.Action, Reader.Action> {
  /// The reader's actions.
  public static var reader: Self {
    CasePath(Articles.Action.reader) { if case .reader(let action) = $0 { action } else { nil } }
  }
}
