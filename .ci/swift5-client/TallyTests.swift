// The Swift 5 client's tests: a TestStore in the Swift 5 language mode (XCTest, as most Swift 5
// test targets are), built with warnings as errors and run by `.ci/swift5-client`.
import ReducerKit
import ReducerKitTesting
import XCTest

@testable import Swift5Client

final class TallyTests: XCTestCase {
  @MainActor
  func testAddingARowLoadsItsTitle() async {
    let store = TestStore(initialState: Tally.State()) {
      Tally()
    } withDependencies: {
      $0.uuid = .incrementing
      $0.tally.load = { _ in ["First"] }
    }
    await store.send(.addTapped) {
      $0.rows.append(Row.State(id: UUID(0)))
    }
    await store.receive(\.loaded) {
      $0.rows[id: UUID(0)]?.title = "First"
    }
    await store.send(\.rows[id: UUID(0)].incrementTapped) {
      $0.rows[id: UUID(0)]?.count = 1
    }
  }

  @MainActor
  func testTheEditorDismissesItself() async {
    let store = TestStore(initialState: Tally.State()) { Tally() }
    await store.send(.editTapped) {
      $0.destination = .editor(Editor.State())
    }
    await store.send(\.destination.editor.binding.name, "Blob") {
      $0.destination = .editor(Editor.State(name: "Blob"))
    }
    await store.send(\.destination.editor.doneTapped)
    await store.receive(\.destination.dismiss) {
      $0.destination = nil
    }
  }

  @MainActor
  func testTheDraftIsAlwaysPresent() async {
    let store = TestStore(initialState: Tally.State()) { Tally() }
    await store.send(\.draft.binding.isOn, true) {
      $0.draft.isOn = true
    }
  }

  @MainActor
  func testAPushedRowCounts() async {
    let store = TestStore(initialState: Tally.State()) { Tally() }
    await store.send(.path(.push(id: 0, state: .row(Row.State(id: UUID(7)))))) {
      $0.path[id: 0] = .row(Row.State(id: UUID(7)))
    }
    await store.send(\.path[id: 0].row.incrementTapped) {
      $0.path[id: 0] = .row(Row.State(id: UUID(7), count: 1))
    }
  }
}
