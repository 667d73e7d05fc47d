// The documented view snippets, each inside a view that compiles. Keep every snippet line for
// line as the articles show it (DocumentationSnippetTests).
import ReducerKit
import SwiftUI

// README.md, "A feature in 20 lines, and its test"
struct CounterView: View {
  let store: StoreOf<Counter>
  var body: some View {
    Button("\(store.count)") { store.send(.incrementTapped) }
  }
}

// SwiftUI.md, "Presenting a child"
struct InventoryView: View {
  @Bindable var store: StoreOf<Inventory>

  var body: some View {
    List {
      ForEach(store.scope(state: \.items, action: \.items)) { itemStore in
        ItemRowView(store: itemStore)
      }
    }
    .sheet(item: $store.scope(state: \.editor, action: \.editor)) { editorStore in
      EditorView(store: editorStore)
    }
  }
}

struct ItemRowView: View {
  let store: StoreOf<Item>
  var body: some View { Text(store.name) }
}

struct EditorView: View {
  let store: StoreOf<Editor>
  var body: some View { Button("Save") { store.send(.saveTapped) } }
}

// SwiftUI.md, "Presenting a child": a destination's cases
struct DestinationsView: View {
  @Bindable var store: StoreOf<Inventory>

  var body: some View {
    List {}
      .sheet(item: $store.scope(state: \.destination?.edit, action: \.destination.edit)) {
        EditorView(store: $0)
      }
      .alert(store: store, state: \.destination, action: .destination, case: .alert, .alert)
      .confirmationDialog(store: store, state: \.destination, action: .destination, case: .confirm, .confirm)
  }
}

// SwiftUI.md, "A navigation stack"
struct StackView: View {
  @Bindable var store: StoreOf<Articles>

  var body: some View {
    NavigationStack(path: $store.scope(state: \.path, action: \.path)) {
      ArticlesView(store: store)
    } destination: { screen in
      if let reader = screen.scope(case: \.reader, action: \.reader) {
        ReaderView(store: reader)
      }
    }
  }
}

struct ReaderView: View {
  let store: StoreOf<Reader>
  var body: some View { Text(store.title) }
}

// SwiftUI.md, "Lists"
struct ArticlesView: View {
  let store: StoreOf<Articles>

  var body: some View {
    List {
      ForEach(store.scope(state: \.articles, action: \.articles)) { rowStore in
        ArticleRowView(store: rowStore)
      }
    }
  }
}

struct ArticleRowView: View {
  let store: StoreOf<ArticleRow>
  var body: some View { Text(store.title) }
}

// SwiftUI.md, "Forms"
struct FormView: View {
  @Bindable var store: StoreOf<Articles>

  var body: some View {
    Form {
      TextField("Name", text: $store.name)
      Toggle("Notify", isOn: $store.notifies)
    }
  }
}

// SwiftUI.md, "Placeholders"
struct PlaceholderView: View {
  let store: StoreOf<Articles>

  var body: some View {
    List {
      ForEach(store.scope(state: \.articles, action: \.articles)) { rowStore in
        ArticleRowView(store: rowStore)
      }
    }
    .redacted(reason: store.redactionReasons)
  }
}

// Observation.md (in a namespace of its own: the article names its row view `ArticleRow`)
enum ObservationArticle {
  struct ArticleRow: View {
    let store: StoreOf<Article>
    var body: some View {
      // Observes `title` and `isFavorite` of this row's store, nothing else.
      Label(store.title, systemImage: store.isFavorite ? "star.fill" : "star")
    }
  }

  struct ArticleList: View {
    let store: StoreOf<Articles>
    var body: some View {
      // Observes the ids of `articles` (and their order), not the rows' contents.
      List {
        ForEach(store.scope(state: \.articles, action: \.articles)) { ArticleRow(store: $0) }
      }
    }
  }
}
