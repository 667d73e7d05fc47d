import ReducerKit

#if canImport(SwiftUI)
  import SwiftUI
#endif

/// The screen that shows one article for reading.
public struct Reader: Reducer {
  /// The article being read.
  public struct State: Equatable, Sendable, Codable {
    /// The article.
    public var article: Article

    /// Opens `article`.
    public init(article: Article) { self.article = article }
  }

  /// What can happen while reading.
  public enum Action: Equatable, Sendable, Codable {
    /// The star was tapped.
    case favoriteTapped
    /// Back was tapped: the reader dismisses itself (pops off the stack).
    case closeTapped
  }

  @Dependency(\.dismiss) var dismiss

  /// Creates the reader reducer.
  public init() {}

  /// Handles the reader's actions.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .favoriteTapped:
      state.article.isFavorite.toggle()
      return .none
    case .closeTapped:
      return .run { [dismiss] _ in await dismiss() }
    }
  }
}

// NB: the view beside its reducer, in one file (see ArticleRow.swift).
#if canImport(SwiftUI)
  /// An article, with its star; Close pops it.
  public struct ReaderView: View {
    let store: StoreOf<Reader>

    /// The reader of `store`.
    public init(store: StoreOf<Reader>) { self.store = store }

    /// The article.
    public var body: some View {
      VStack(alignment: .leading) {
        Text(store.article.title)
        Text(store.article.blurb)
        Button(store.article.isFavorite ? "Unstar" : "Star") { store.send(.favoriteTapped) }
        Button("Close") { store.send(.closeTapped) }
      }
      .navigationTitle(store.article.title)
    }
  }
#endif
