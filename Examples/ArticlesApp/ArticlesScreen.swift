import ArticlesFeature
import ReducerKit
import SwiftUI

/// The list: placeholder rows while loading (redacted, and inert: their store swallows taps),
/// a debounced search field, the hide dialog and the failed-save alert, and the reader pushed
/// on a navigation stack.
struct ArticlesScreen: View {
  @Bindable var store: StoreOf<Articles>

  var body: some View {
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

/// One row: title and blurb, with favourite, read-later and hide buttons.
struct ArticleRowView: View {
  let store: StoreOf<ArticleRow>
  let open: @MainActor () -> Void

  var body: some View {
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

/// A pushed screen of the stack: the reader.
struct PathScreen: View {
  let store: StoreOf<Articles.Path>

  var body: some View {
    if let reader = store.scope(case: \.reader, action: \.reader) {
      ReaderView(store: reader)
    }
  }
}

/// An article, with its star; Close pops it.
struct ReaderView: View {
  let store: StoreOf<Reader>

  var body: some View {
    VStack(alignment: .leading) {
      Text(store.article.title)
      Text(store.article.blurb)
      Button(store.article.isFavorite ? "Unstar" : "Star") { store.send(.favoriteTapped) }
      Button("Close") { store.send(.closeTapped) }
    }
    .navigationTitle(store.article.title)
  }
}
