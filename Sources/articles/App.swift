import ArticlesFeature
import Foundation
import ReducerKit
import ReducerKitRecording

/// The front-end's own state (the selection cursor) around the feature's store.
@MainActor
final class App {
  let store: StoreOf<Articles>
  private(set) var selection = 0
  private(set) var tick = 0
  /// Whether keys type into the search field.
  private(set) var isSearching = false
  /// The saves the simulated server has not answered yet.
  let saves: SaveCounter

  /// Why marks cannot be kept, found at start-up; shown as an alert once the screen appears.
  let startupProblem: String?
  /// What the store did, when the session is recorded (`--record`).
  let recorder: StoreRecorder?
  /// When the store reduced what, when the session is traced (`--trace`).
  let tracer: StoreTracer?

  init(
    store: StoreOf<Articles>, saves: SaveCounter = SaveCounter(), startupProblem: String? = nil,
    recorder: StoreRecorder? = nil, tracer: StoreTracer? = nil
  ) {
    self.store = store
    self.saves = saves
    self.startupProblem = startupProblem
    self.recorder = recorder
    self.tracer = tracer
  }

  /// The screen appears: it loads, and an alert says if marks cannot be kept.
  func start() {
    store.send(.onAppear)
    if let startupProblem {
      store.send(.marksNotKept(reason: startupProblem))
    }
  }

  /// Waits, at most `limit`, for the saves in flight to finish (quitting must not lose a mark),
  /// calling `show` with a frame that says so while it waits; then writes the kept marks.
  /// - Returns: Whether every save finished in time.
  @discardableResult
  func finishSaving(
    limit: Duration = .seconds(3), width: Int, show: ([String]) -> Void
  ) async -> Bool {
    let deadline = ContinuousClock.now + limit
    var shown = false
    while saves.inFlight > 0 && ContinuousClock.now < deadline {
      if !shown {
        show(frame(width: width) + ["saving…"])
        shown = true
      }
      try? await Task.sleep(for: .milliseconds(20))
    }
    SharedStorage.live.flush()
    return saves.inFlight == 0
  }

  /// Handles a key; returns `false` when the app should quit.
  func handle(_ key: Key) -> Bool {
    if key == .interrupt || (key == .quit && !isSearching) { return false }
    if isSearching {
      typeInSearch(key)
    } else if let destination = store.destination {
      answer(destination, with: key)
    } else if let top = store.path.ids.last {
      switch key {
      case .favorite: store.send(.path(.element(id: top, action: .reader(.favoriteTapped))))
      case .escape: store.send(.path(.element(id: top, action: .reader(.closeTapped))))
      default: break
      }
    } else {
      handleList(key)
    }
    selection = min(selection, max(0, store.visibleArticles.count - 1))
    return true
  }

  /// Search mode: characters edit the query (each edit is one binding action), enter keeps the
  /// filter, esc clears it.
  private func typeInSearch(_ key: Key) {
    var query = store.query
    switch key {
    case .enter:
      isSearching = false
      return
    case .escape:
      isSearching = false
      query = ""
    case .backspace:
      guard !query.isEmpty else { return }
      query.removeLast()
    default:
      guard let character = key.typed else { return }
      query.append(character)
    }
    store.send(.binding(.set(\.query, query)))
  }

  /// A dialog or an alert is up: a number picks its button, esc dismisses it.
  private func answer(_ destination: Articles.Destination.State, with key: Key) {
    switch key {
    case .escape:
      store.send(.destination(.dismiss))
    case .choose(let number):
      switch destination {
      case .confirmHide(let dialog):
        guard dialog.buttons.indices.contains(number - 1) else { return }
        if let answer = dialog.buttons[number - 1].action?.action {
          store.send(.destination(.presented(.confirmHide(answer))))
        } else {
          store.send(.destination(.dismiss))
        }
      case .alert(let alert):
        guard alert.buttons.indices.contains(number - 1) else { return }
        store.send(.destination(.dismiss))
      }
    default:
      break
    }
  }

  private func handleList(_ key: Key) {
    let articles = store.visibleArticles
    let selectedID = articles.indices.contains(selection) ? articles[selection].id : nil
    switch key {
    case .up, .arrowUp:
      selection = max(0, selection - 1)
    case .down, .arrowDown:
      selection = min(max(0, articles.count - 1), selection + 1)
    case .favorite:
      if let id = selectedID { store.send(.articles(.element(id: id, action: .favoriteTapped))) }
    case .readLater:
      if let id = selectedID { store.send(.articles(.element(id: id, action: .readLaterTapped))) }
    case .hide:
      if let id = selectedID { store.send(.articles(.element(id: id, action: .hideTapped))) }
    case .enter:
      if let id = selectedID { store.send(.articleSelected(id: id)) }
    case .cancel:
      store.send(.cancelTapped)
    case .reload:
      store.send(.reloadTapped)
    case .search:
      isSearching = true
    case .escape, .choose, .quit, .interrupt, .backspace, .character:
      break
    }
  }

  func advanceSpinner() { tick += 1 }

  /// Counts the saves in flight, from any thread.
  ///
  /// NB: `@unchecked Sendable`: `count` is only touched with `lock` held (an `NSLock`, which the
  /// thread sanitizer understands).
  final class SaveCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    init() {}
    var inFlight: Int { lock.withLock { count } }
    /// Runs `save`, counted while it runs.
    func counting<R>(_ save: () async throws -> R) async rethrows -> R {
      lock.withLock { count += 1 }
      defer { lock.withLock { count -= 1 } }
      return try await save()
    }
  }

  func frame(width: Int) -> [String] {
    Frame.render(
      store.state, selection: selection, reasons: store.redactionReasons, tick: tick,
      isSearching: isSearching, width: width)
  }
}
