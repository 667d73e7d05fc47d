import ReducerKit

#if canImport(SwiftUI)
  import SwiftUI
#endif

/// The articles screen: loads the list (showing inert placeholder rows meanwhile), lets the
/// reader favourite, mark, hide and open articles, and filter them by title.
///
/// Search: the field is bound to `query` (`.binding(.set(\.query, text))`); the list filters by
/// `filter`, which follows `query` once typing pauses for ``searchDebounce``.
///
/// Navigation: hiding asks first (a confirmation dialog), a failed save shows an alert — both
/// cases of a ``Destination`` enum presented with `ifLet` — and reading an article pushes a
/// ``Reader`` screen on a stack (`path`), which it leaves with `dismiss()`. The rows are
/// redacted while loading, so taps on placeholder rows do nothing, while "cancel" stays live.
public struct Articles: Reducer {
  /// The screen's state.
  public struct State: Equatable, Sendable, Codable, Redactable {
    /// Where the list is in its life.
    public enum Phase: Equatable, Sendable, Codable {
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
    /// The screens pushed over the list (the reader).
    public var path: StackState<Path.State>
    /// What the screen presents over the list: a confirmation dialog or an alert.
    @Presents public var destination: Destination.State?
    /// The search field's text, written by a binding on every keystroke.
    public var query = ""
    /// The text the list is filtered by: `query` once typing paused.
    public var filter = ""

    /// The articles shown: all of them, or those whose title contains `filter` (any case).
    public var visibleArticles: [Article] {
      guard !filter.isEmpty else { return Array(articles) }
      return articles.filter { $0.title.localizedCaseInsensitiveContains(filter) }
    }

    /// The placeholder reason while loading, so that the view and the logic agree.
    public var redactionReasons: RedactionReasons { phase == .loading ? .placeholder : [] }

    /// Creates the state.
    public init(
      phase: Phase = .idle, articles: IdentifiedArrayOf<Article> = [],
      path: StackState<Path.State> = [], destination: Destination.State? = nil
    ) {
      self.phase = phase
      self.articles = articles
      self.path = path
      self.destination = destination
    }
  }

  /// What can happen on the screen.
  public enum Action: Equatable, Sendable, Codable, BindableAction, CasePathable {
    /// A bound field changed (the search field).
    case binding(BindingAction<State>)
    /// Typing paused: filter by the query.
    case searchPaused
    /// The screen appeared: load if not loaded yet.
    case onAppear
    /// Reload (also "retry" after a failure).
    case reloadTapped
    /// Cancel loading; live even while the rows are placeholders.
    case cancelTapped
    /// The fetch returned the articles.
    case articlesLoaded([Article])
    /// The fetch failed.
    case loadFailed(LoadFailure)
    /// A row's action.
    case articles(IdentifiedActionOf<ArticleRow>)
    /// An article was opened.
    case articleSelected(id: Int)
    /// The pushed screens' actions.
    case path(StackAction<Path.State, Path.Action>)
    /// The dialog's or the alert's actions.
    case destination(PresentationAction<Destination.Action>)
    /// Saving that an article is hidden failed.
    case hideFailed(id: Int)
    /// Where marks are kept cannot be used (the app found out at start-up); the message says
    /// where and why.
    case marksNotKept(reason: String)
  }

  /// How long typing must pause before the list filters.
  public static let searchDebounce = Duration.milliseconds(300)

  /// Why loading failed, as a message.
  public struct LoadFailure: Error, Equatable, Sendable, Codable {
    /// The message shown to the reader.
    public var message: String

    /// Creates a failure.
    public init(message: String) { self.message = message }
  }

  enum CancelID { case load, search }

  @Dependency(\.articlesClient) var client
  @Dependency(\.continuousClock) var clock

  /// Creates the screen's reducer.
  public init() {}

  /// The screen's logic: loading is always live; rows, selection and the reader are redacted
  /// while loading.
  public var body: some ReducerOf<Self> {
    // NB: the search field stays live while loading, like cancelling.
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.query):
        return .send(.searchPaused).debounce(
          id: CancelID.search, for: Self.searchDebounce, clock: clock)
      case .binding:
        return .none
      case .searchPaused:
        state.filter = state.query
        return .none
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
      case .articlesLoaded(let articles):
        state.phase = .loaded
        state.articles = IdentifiedArray(uniqueElements: articles.filter { !$0.isHidden })
        return .none
      case .loadFailed(let failure):
        state.phase = .failed(failure.message)
        state.articles = []
        return .none
      case .articles, .articleSelected, .path, .destination, .hideFailed:
        return .none
      case .marksNotKept(let reason):
        state.destination = .alert(.marksNotKept(reason: reason))
        return .none
      }
    }
    CombineReducers {
      Reduce { state, action in
        switch action {
        case .articles(.element(let id, .hideTapped)):
          guard let article = state.articles[id: id] else { return .none }
          state.destination = .confirmHide(.hide(article))
          return .none
        case .destination(.presented(.confirmHide(.hide(let id)))):
          // Hiding removes the row (cancelling its running saves) and any reader showing it.
          state.articles.remove(id: id)
          for screen in state.path.ids where state.path[id: screen]?.article.id == id {
            state.path.pop(from: screen)
            break
          }
          return .run { [client] _ in
            try await client.hide(id)
          } catch: { _, send in
            await send(.hideFailed(id: id))
          }
        case .articles(.element(let id, .saveFailed(let failure))):
          // A reader showing the article shows the restored value too.
          if case .favorite(let restore) = failure {
            for screen in state.path.ids where state.path[id: screen]?.article.id == id {
              state.path[id: screen, case: .reader]?.article.isFavorite = restore
            }
          }
          state.destination = .alert(.saveFailed)
          return .none
        case .hideFailed:
          state.destination = .alert(.hideFailed)
          return .none
        case .articleSelected(let id):
          guard let article = state.articles[id: id] else { return .none }
          state.path.append(.reader(Reader.State(article: article)))
          return .none
        case .path(.element(let screen, .reader(.favoriteTapped))):
          // One save path for every mark: the row changes and saves, and a failed save shows
          // the same alert wherever the star was tapped.
          guard let article = state.path[id: screen]?.article,
            let row = state.articles[id: article.id], row.isFavorite != article.isFavorite
          else { return .none }
          return .send(.articles(.element(id: article.id, action: .favoriteTapped)))
        default:
          return .none
        }
      }
      .forEach(\.articles, action: .articles) { ArticleRow() }
      .forEach(\.path, action: .path)
      .ifLet(\.$destination, action: .destination)
    }
    .redacted()
  }

  private func load(_ state: inout State) -> Effect<Action> {
    state.phase = .loading
    state.articles = IdentifiedArray(uniqueElements: Article.placeholders)
    state.path.removeAll()
    state.destination = nil
    return .run { [client] send in
      await send(.articlesLoaded(try await client.fetch()))
    } catch: { error, send in
      await send(.loadFailed(LoadFailure(message: "\(error)")))
    }
    .cancellable(id: CancelID.load, cancelInFlight: true)
  }
}

extension Articles.State: BindableFields {
  /// The search field, the one field a view binds to (so that a recording can write its edits).
  public static let bindableFields: [BindableField<Self>] = [.field(\.query)]
}

// NB: the view beside its reducer, in one file (see ArticleRow.swift).
#if canImport(SwiftUI)
  /// The list: placeholder rows while loading (redacted, and inert: their store swallows taps),
  /// a debounced search field, the hide dialog and the failed-save alert, and the reader pushed
  /// on a navigation stack.
  public struct ArticlesScreen: View {
    @Bindable var store: StoreOf<Articles>

    /// The screen of `store`.
    public init(store: StoreOf<Articles>) { self.store = store }

    /// The screen.
    public var body: some View {
      NavigationStack(path: $store.scope(state: \.path, action: \.path)) {
        List {
          ForEach(store.scope(state: \.articles, action: \.articles)) { rowStore in
            if !rowStore.isHidden {
              ArticleRowView(store: rowStore) {
                store.send(.articleSelected(id: rowStore.id))
              }
            }
          }
        }
        .redacted(reason: store.redactionReasons)
        .searchable(text: $store.query)
        .navigationTitle("Articles")
        .toolbar {
          if store.phase == .loading {
            Button("Cancel") { store.send(.cancelTapped) }
          } else {
            Button("Reload") { store.send(.reloadTapped) }
          }
        }
        .overlay {
          if case .failed(let message) = store.phase {
            VStack {
              Text(message)
              Button("Retry") { store.send(.reloadTapped) }
            }
          }
        }
        .task { store.send(.onAppear) }
      } destination: { screen in
        PathScreen(store: screen)
      }
      .confirmationDialog(
        store: store, state: \.destination, action: .destination, case: .confirmHide, .confirmHide
      )
      .alert(store: store, state: \.destination, action: .destination, case: .alert, .alert)
    }
  }

  /// A pushed screen of the stack: the reader.
  struct PathScreen: View {
    let store: StoreOf<Articles.Path>

    var body: some View {
      if let reader = store.scope(case: \.reader, action: \.reader) {
        ReaderView(store: reader)
      }
    }
  }
#endif
