import Observation
import ReducerKit
import Testing

/// One test per runtime warning in the misuse catalogue (`Misuse.md`): each is emitted exactly
/// once, points at the user's file and line, and the app keeps running.
@MainActor
struct MisuseCatalogTests {
  /// Runs `body` with warnings captured and returns them.
  func warnings(_ body: () async -> Void) async -> IssueRecorder {
    let recorder = IssueRecorder()
    await IssueReporters.withIssueReporter(recorder) { await body() }
    return recorder
  }

  @Test func actionForAMissingElement() async {
    let issues = await warnings {
      let store = Store(initialState: List.State.make(count: 1)) { List() }
      store.send(.rows(.element(id: 9, action: .favoriteTapped)))
      store.send(.rows(.element(id: 0, action: .favoriteTapped)))  // still running
      #expect(store.rows[id: 0]?.isFavorite == true)
    }
    #expect(issues.messages.count == 1)
    #expect(issues.messages.first?.contains("received an action for a missing element") == true)
    #expect(issues.locations.first?.fileID == "ReducerKitTests/Features.swift")
  }

  @Test func actionForANilChild() async {
    let issues = await warnings {
      let store = Store(initialState: Parent.State()) { Parent() }
      store.send(.child(.increment))
      store.send(.presentTapped)
      store.send(.child(.increment))
      #expect(store.child?.count == 1)
    }
    #expect(issues.messages.count == 1)
    #expect(
      issues.messages.first?.contains("received a child action while its state was nil") == true)
    #expect(issues.locations.first?.fileID == "ReducerKitTests/IfLetTests.swift")
  }

  @Test func actionForAnotherCase() async {
    let issues = await warnings {
      let store = Store(initialState: Screen.empty) { ScreenFeature() }
      store.send(.counter(.increment))
      #expect(store.state == .empty)
    }
    #expect(issues.messages.count == 1)
    #expect(issues.messages.first?.contains("while the state was in another case") == true)
    #expect(issues.locations.first?.fileID == "ReducerKitTests/IfCaseLetTests.swift")
  }

  @Test func actionSentFromAFinishedEffect() async {
    var sendLine: UInt = 0
    let issues = await warnings {
      let store = Store(initialState: Effects.State()) {
        Effects()
      } withDependencies: {
        $0.continuousClock = ImmediateClock()
      }
      sendLine = #line + 1
      await store.send(.leakSend(key: "MisuseCatalogTests")).finish()
      Leak.sends["MisuseCatalogTests"]?(.leaked)
      store.send(.tick)
      #expect(store.log == ["tick"])
    }
    #expect(issues.messages.count == 1)
    #expect(
      issues.messages.first?.contains("sent from an effect that had already finished") == true)
    #expect(issues.locations.first?.fileID == "ReducerKitTests/MisuseCatalogTests.swift")
    #expect(issues.locations.first?.line == sendLine)
  }

  @Test func unhandledErrorInAnEffect() async {
    let issues = await warnings {
      let store = Store(initialState: Effects.State()) { Effects() }
      await store.send(.fail).finish()
      await store.send(.failHandled).finish()
      #expect(store.log == ["failed boom"])
    }
    #expect(issues.messages.count == 1)
    #expect(issues.messages.first?.contains("threw an error that nothing handled") == true)
    #expect(issues.locations.first?.line == Effects.failLine)
  }

  @Test func reentrantSend() async {
    let innerSendLine: UInt = #line + 6
    let issues = await warnings {
      let store = Store(initialState: Counter.State()) { Counter() }
      withObservationTracking {
        _ = store.count
      } onChange: {
        MainActor.assumeIsolated { _ = store.send(.increment) }
      }
      store.send(.increment)
      #expect(store.count == 2)
    }
    #expect(issues.messages.count == 1)
    #expect(issues.messages.first?.contains("still processing another action") == true)
    // NB: reported at the re-entrant send itself.
    #expect(issues.locations.first?.line == innerSendLine)
  }

  @Test func duplicateIDs() async {
    let line: UInt = #line + 3
    let issues = await warnings {
      var items: IdentifiedArrayOf<Item> = [Item(id: 1, name: "a")]
      items.append(Item(id: 1, name: "b"))
      let built = IdentifiedArrayOf<Item>(uniqueElements: [
        Item(id: 2, name: "x"), Item(id: 2, name: "y"),
      ])
      #expect(items.count == 1)
      #expect(built.elements == [Item(id: 2, name: "x")])
    }
    #expect(issues.messages.count == 2)
    #expect(issues.messages[0].contains("already in the IdentifiedArray"))
    #expect(issues.messages[1].contains("Two elements have the id 2"))
    #expect(issues.locations.map(\.line) == [line, line + 1])
  }

  @Test func idChangedToAnotherElementsID() async {
    let issues = await warnings {
      var items: IdentifiedArrayOf<MutableItem> = [MutableItem(id: 1), MutableItem(id: 2)]
      items[id: 1]?.id = 2
      #expect(items.ids == [2])
      items[id: 2]?.id = 5
      #expect(items.ids == [5])
      #expect(items[id: 5] != nil)
    }
    #expect(issues.messages.count == 1)
    #expect(issues.messages.first?.contains("id changed from 1 to 2") == true)
  }

  @Test func unimplementedDependency() async {
    let issues = await warnings {
      let fetch: @Sendable () async throws -> Int = unimplemented("Client.fetch")
      _ = try? await fetch()
    }
    #expect(issues.messages.count == 1)
    #expect(issues.messages.first?.contains("Unimplemented: Client.fetch was called") == true)
    #expect(issues.locations.first?.fileID == "ReducerKitTests/MisuseCatalogTests.swift")
  }

  @Test func dependencyWithoutATestValue() async {
    let issues = await warnings {
      _ = DependencyValues(context: .test).greeter
    }
    #expect(issues.messages.count == 1)
    #expect(issues.messages.first?.contains("has no test value and was not overridden") == true)
  }
}

struct MutableItem: Identifiable, Equatable {
  var id: Int
}
