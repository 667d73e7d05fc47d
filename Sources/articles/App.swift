import ArticlesFeature
import ReducerKit

/// The front-end's own state (the selection cursor) around the feature's store.
@MainActor
final class App {
  let store: StoreOf<Articles>
  private(set) var selection = 0
  private(set) var tick = 0

  init(store: StoreOf<Articles>) {
    self.store = store
  }

  /// Handles a key; returns `false` when the app should quit.
  func handle(_ key: Key) -> Bool {
    let articles = store.articles
    let selectedID = articles.indices.contains(selection) ? articles[selection].id : nil
    switch key {
    case .quit:
      return false
    case .up:
      selection = max(0, selection - 1)
    case .down:
      selection = min(max(0, articles.count - 1), selection + 1)
    case .favorite:
      if store.reader != nil {
        store.send(.reader(.favoriteTapped))
      } else if let id = selectedID {
        store.send(.articles(.element(id: id, action: .favoriteTapped)))
      }
    case .readLater:
      if let id = selectedID { store.send(.articles(.element(id: id, action: .readLaterTapped))) }
    case .hide:
      if let id = selectedID { store.send(.articles(.element(id: id, action: .hideTapped))) }
    case .enter:
      if let id = selectedID { store.send(.articleSelected(id: id)) }
    case .escape:
      if store.reader != nil { store.send(.reader(.closeTapped)) }
    case .cancel:
      store.send(.cancelTapped)
    case .reload:
      store.send(.reloadTapped)
    }
    selection = min(selection, max(0, store.articles.count - 1))
    return true
  }

  func advanceSpinner() { tick += 1 }

  func frame(width: Int) -> [String] {
    Frame.render(
      store.state, selection: selection, reasons: store.redactionReasons, tick: tick, width: width)
  }
}
