import ReducerKit
import ReducerKitTesting
import Testing

/// Shared state as a port of the best-known library's tests expects it.
@MainActor
struct SharedParityTests {
  @Test func aSharedValueOutsideTheStoresStateNeedNotBeAsserted() async {
    let store = TestStore(initialState: HitCounter.State()) { HitCounter() }
    // The reducer changes a shared value its state does not hold: nothing to assert.
    await store.send(.hit) { $0.localHits = 1 }
    await store.send(.hit) { $0.localHits = 2 }
    @Shared(.inMemory("hits")) var hits = 0
    #expect(hits == 2)
  }

  @Test func aSharedValueInTheStoresStateMustStillBeAsserted() async {
    let store = TestStore(initialState: HeldCounter.State()) { HeldCounter() }
    await withKnownIssue {
      await store.send(.hit)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("changed, but the change was not asserted")
    }
    await store.send(.hit) { $0.$hits.withLock { $0 = 2 } }
  }

  @Test func aKeyThatCarriesItsDefaultNamesTheSameValueAsItsBase() {
    let storage = SharedStorage.inMemory()
    withDependencies {
      $0.sharedStorage = storage
    } operation: {
      @Shared(.volume) var carried
      @Shared(.inMemory("volume")) var plain = 5
      $carried.withLock { $0 = 11 }
      #expect(plain == 11)
      $plain.withLock { $0 = 3 }
      #expect(carried == 3)
      // And the other way round: the plain key with a default value, then the carried one.
      @Shared(.volume) var again = 99
      #expect(again == 3)
    }
  }
}

extension SharedKey where Self == InMemoryKey<Int>.Default {
  static var volume: Self { Self[.inMemory("volume"), default: 7] }
}

struct HitCounter: Reducer {
  struct State: Equatable { var localHits = 0 }
  enum Action: Equatable { case hit }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    @Shared(.inMemory("hits")) var hits = 0
    $hits.withLock { $0 += 1 }
    state.localHits = hits
    return .none
  }
}

struct HeldCounter: Reducer {
  struct State: Equatable { @Shared(.inMemory("held")) var hits = 0 }
  enum Action: Equatable { case hit }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.$hits.withLock { $0 += 1 }
    return .none
  }
}
