import ReducerKit
import ReducerKitTesting
import Testing

/// The generated destination and path run their features, and alerts are dismissed when
/// answered, as hand-written ones do.
@MainActor
struct InventoryTests {
  @Test func anAlertCaseIsDismissedWhenAnswered() async {
    let store = TestStore(initialState: Inventory.State()) { Inventory() }
    await store.send(.deleteTapped(0)) {
      $0.destination = .confirm(
        AlertState {
          TextState("Delete?")
        } actions: {
          ButtonState(role: .destructive, action: .delete(0)) { TextState("Delete") }
        })
    }
    await store.send(.destination(.presented(.confirm(.delete(0))))) {
      $0.destination = nil
      $0.items = []
    }
  }

  @Test func aFeatureCaseRunsItsReducerAndDismissesItself() async {
    let store = TestStore(initialState: Inventory.State(destination: .detail(.init(name: "Pen")))) {
      Inventory()
    }
    await store.send(.destination(.presented(.detail(.rename("Ink"))))) {
      $0.destination = .detail(ItemDetail.State(name: "Ink"))
    }
    await store.send(.destination(.presented(.detail(.close))))
    await store.receive(.destination(.dismiss)) { $0.destination = nil }
  }

  @Test func aStackPathRunsTheScreenOnTop() async {
    let store = TestStore(initialState: Inventory.State()) { Inventory() }
    await store.send(.openTapped(0)) { $0.path[id: 0] = .detail(ItemDetail.State(name: "Pen")) }
    await store.send(.path(.element(id: 0, action: .detail(.rename("Ink"))))) {
      $0.path[id: 0] = .detail(ItemDetail.State(name: "Ink"))
    }
    await store.send(.path(.element(id: 0, action: .detail(.close))))
    await store.receive(.path(.popFrom(id: 0))) { $0.path = StackState() }
  }

  @Test func theGeneratedEnumsHaveCasePaths() {
    let detail = CasePath<Inventory.Destination.State, ItemDetail.State>.detail
    #expect(detail.extract(.detail(ItemDetail.State(name: "a"))) == ItemDetail.State(name: "a"))
    let confirm = CasePath<Inventory.Destination.Action, Inventory.Destination.Confirm>.confirm
    #expect(confirm.embed(.delete(1)) == .confirm(.delete(1)))
  }
}
