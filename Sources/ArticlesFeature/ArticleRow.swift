import ReducerKit

#if canImport(SwiftUI)
  import SwiftUI
#endif

/// One row of the list: favourite, read later and hide, each changing the row at once and
/// saving through the API in the background.
public struct ArticleRow: Reducer {
  /// A row's state is its article.
  public typealias State = Article

  /// What can happen to a row.
  public enum Action: Equatable, Sendable, Codable {
    /// The star was tapped.
    case favoriteTapped
    /// The clock was tapped.
    case readLaterTapped
    /// The eye was tapped: the list asks for confirmation, then removes the row and saves.
    case hideTapped
    /// Saving a choice failed; the row shows its previous value again.
    case saveFailed(SaveFailure)
  }

  /// Which choice failed to save.
  public enum SaveFailure: Equatable, Sendable, Codable {
    /// Favourite; the value to restore.
    case favorite(restore: Bool)
    /// Read later; the value to restore.
    case readLater(restore: Bool)
  }

  @Dependency(\.articlesClient) var client

  /// Creates the row reducer.
  public init() {}

  /// Updates the row and starts the save.
  public func reduce(into state: inout Article, action: Action) -> Effect<Action> {
    switch action {
    case .favoriteTapped:
      state.isFavorite.toggle()
      return .run { [client, id = state.id, value = state.isFavorite] _ in
        try await client.setFavorite(id, value)
      } catch: { [value = state.isFavorite] _, send in
        await send(.saveFailed(.favorite(restore: !value)))
      }

    case .readLaterTapped:
      state.willReadLater.toggle()
      return .run { [client, id = state.id, value = state.willReadLater] _ in
        try await client.setReadLater(id, value)
      } catch: { [value = state.willReadLater] _, send in
        await send(.saveFailed(.readLater(restore: !value)))
      }

    case .hideTapped:
      // NB: the list asks for confirmation, then removes the row.
      return .none

    case .saveFailed(.favorite(let restore)):
      state.isFavorite = restore
      return .none

    case .saveFailed(.readLater(let restore)):
      state.willReadLater = restore
      return .none
    }
  }
}

// NB: the view beside its reducer, in one file that imports both SwiftUI and the kit, as most
// apps write features; CI type-checks it against the SwiftUI stand-in.
#if canImport(SwiftUI)
  /// One row: title and blurb, with favourite, read-later and hide buttons.
  public struct ArticleRowView: View {
    let store: StoreOf<ArticleRow>
    let open: @MainActor () -> Void

    /// A row of `store`; tapping its title calls `open`.
    public init(store: StoreOf<ArticleRow>, open: @escaping @MainActor () -> Void) {
      self.store = store
      self.open = open
    }

    /// The row.
    public var body: some View {
      HStack {
        Button(action: open) {
          VStack(alignment: .leading) {
            Text(store.title)
            Text(store.blurb)
          }
        }
        Spacer()
        Button(store.isFavorite ? "Unstar" : "Star") { store.send(.favoriteTapped) }
        Button(store.willReadLater ? "Unsave" : "Read later") { store.send(.readLaterTapped) }
        Button("Hide", role: .destructive) { store.send(.hideTapped) }
      }
    }
  }
#endif
