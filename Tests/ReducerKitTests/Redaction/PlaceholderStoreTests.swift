import Foundation
import ReducerKit
import Testing

@MainActor
struct PlaceholderStoreTests {
  @Test func placeholderStoreSwallowsEveryActionAndReportsItsReasons() {
    let state = Catalog.State(items: IdentifiedArray(uniqueElements: ItemRow.State.placeholders))
    let store = StoreOf<Catalog>.placeholder(state)
    store.send(.items(.element(id: -1, action: .favoriteTapped)))
    store.send(.refreshTapped)
    store.send(.rowSelected(-2))
    #expect(store.state == state)
    #expect(store.redactionReasons == .placeholder)
    let row = store.scope(id: -1, state: \.items, action: .items)
    #expect(row?.redactionReasons == .placeholder)
  }

  @Test func liveStoreReasonsFollowTheState() {
    let store = Store(initialState: Catalog.State(isLoading: true)) {
      Catalog()
    } withDependencies: {
      $0.catalogClient = CatalogClient(load: { [] }, setFavorite: { _, _ in })
    }
    #expect(store.redactionReasons == .placeholder)
    store.send(.cancelTapped)
    #expect(store.redactionReasons.isEmpty)
  }

  @Test func customReasonsCombine() {
    let tutorial = RedactionReasons(rawValue: 1 << 8)
    let reasons: RedactionReasons = [.privacy, tutorial]
    #expect(reasons.contains(.privacy))
    #expect(!reasons.contains(.placeholder))
    #expect(reasons.description == "[.privacy, custom(0x100)]")
  }

  @Test func swallowedActionsAreVisibleInDebugBuilds() {
    let log = LogBox()
    RedactionDiagnostics.printer = { log.append($0) }
    RedactionDiagnostics.isEnabled = true
    defer {
      RedactionDiagnostics.isEnabled = false
      RedactionDiagnostics.printer = nil
    }
    let store = StoreOf<Catalog>.placeholder(Catalog.State())
    store.send(.rowSelected(7))
    // NB: other tests may swallow actions at the same time; look for this one.
    let mine = log.entries.filter { $0.contains("Catalog.Action.rowSelected(7)") }
    #if DEBUG
      #expect(mine.count == 1)
      #expect(mine.first?.contains("PlaceholderStoreTests.swift") == true)
    #else
      #expect(mine.isEmpty)
    #endif
  }
}
