import ReducerKit
import ReducerKitTesting
import Testing

@MainActor
struct RedactedTests {
  func makeStore(
    _ state: Catalog.State,
    clock: TestClock = TestClock(),
    client: CatalogClient = .testValue
  ) -> TestStore<Catalog.State, Catalog.Action> {
    TestStore(initialState: state) {
      Catalog()
    } withDependencies: {
      $0.continuousClock = clock
      $0.catalogClient = client
    }
  }

  @Test func whileRedactedEveryActionChangesNothingStartsNothingAndCallsNothing() async {
    // The client's test value fails the test if anything calls it.
    let store = makeStore(
      Catalog.State(
        isLoading: true, items: IdentifiedArray(uniqueElements: ItemRow.State.placeholders),
        detail: Detail.State(title: "Placeholder")))
    for id in ItemRow.State.placeholders.map(\.id) {
      await store.send(.items(.element(id: id, action: .favoriteTapped)))
      await store.send(.items(.element(id: id, action: .favoriteSaved)))
      await store.send(.rowSelected(id))
    }
    await store.send(.detail(.likeTapped))
    #expect(store.state.detail?.likes == 0)
    await store.finish()
  }

  @Test func theGateStaysLiveWhileRedacted() async {
    let store = makeStore(Catalog.State(isLoading: true))
    await store.send(.cancelTapped) { $0.isLoading = false }
  }

  @Test func turningRedactionOffRestoresBehaviour() async {
    let store = makeStore(
      Catalog.State(isLoading: true),
      client: CatalogClient(load: { ItemRow.State.real }, setFavorite: { _, _ in }))
    await store.send(.items(.element(id: 1, action: .favoriteTapped)))
    await store.send(.refreshTapped)
    await store.receive(.loaded(ItemRow.State.real)) {
      $0.isLoading = false
      $0.items = IdentifiedArray(uniqueElements: ItemRow.State.real)
    }
    await store.send(.items(.element(id: 1, action: .favoriteTapped))) {
      $0.items[id: 1]?.isFavorite = true
    }
    await store.receive(.items(.element(id: 1, action: .favoriteSaved)))
    await store.send(.rowSelected(2)) { $0.detail = Detail.State(title: "Linux") }
    await store.send(.detail(.likeTapped)) { $0.detail?.likes = 1 }
  }

  @Test func redactionStartingMidEffectCancelsThatEffect() async {
    let clock = TestClock()
    let store = makeStore(
      Catalog.State(items: IdentifiedArray(uniqueElements: ItemRow.State.real)),
      clock: clock,
      client: CatalogClient(
        load: {
          try await clock.sleep(for: .seconds(5))
          return ItemRow.State.real
        },
        setFavorite: { _, _ in try await clock.sleep(for: .seconds(1)) }))
    let favorite = await store.send(.items(.element(id: 1, action: .favoriteTapped))) {
      $0.items[id: 1]?.isFavorite = true
    }
    // The reload makes the rows placeholders while the favourite call is still in flight.
    await store.send(.refreshTapped) { $0.isLoading = true }
    await favorite.finish()
    #expect(favorite.isCancelled)
    await clock.advance(by: .seconds(5))
    // Only the reload's response arrives: no `favoriteSaved` lands on placeholder data.
    await store.receive(.loaded(ItemRow.State.real)) {
      $0.isLoading = false
      $0.items[id: 1]?.isFavorite = false
    }
  }
}

/// A feature whose gate lets `ping` and `pong` through; `pong` comes back from `ping`'s effect.
struct Gated: Reducer {
  struct State: Equatable {
    var pings = 0
    var pongs = 0
    var others = 0
  }
  enum Action: Equatable { case ping, pong, other, pingWithOther }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .ping:
      state.pings += 1
      return .run { send in await send(.pong) }
    case .pingWithOther:
      state.pings += 1
      return .run { send in await send(.other) }
    case .pong:
      state.pongs += 1
      return .none
    case .other:
      state.others += 1
      return .none
    }
  }
}

@MainActor
struct RedactionGateTests {
  func makeStore() -> TestStore<Gated.State, Gated.Action> {
    TestStore(initialState: Gated.State()) {
      Gated().placeholder { _, action in
        action == .ping || action == .pong || action == .pingWithOther
      }
    }
  }

  @Test func allowedActionAndItsEffectsActionPassTheGate() async {
    let store = makeStore()
    await store.send(.ping) { $0.pings = 1 }
    await store.receive(.pong) { $0.pongs = 1 }
  }

  @Test func actionsFromAnAllowedEffectStillFaceTheGate() async {
    let store = makeStore()
    await store.send(.pingWithOther) { $0.pings = 1 }
    // `.other` comes back through the gate, which does not let it through: no state change.
    await store.receive(.other)
  }

  @Test func otherActionsAreInert() async {
    let store = makeStore()
    await store.send(.other)
  }
}

/// A saver whose save effect is running when the feature gets locked (redacted).
struct Saver: Reducer {
  struct State: Equatable {
    var isLocked = false
    var saves = 0
  }
  enum Action: Equatable { case saveTapped, saved, lockTapped }

  let whileRedacted: RedactedEffects
  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .lockTapped = action { state.isLocked = true }
      return .none
    }
    Reduce { state, action in
      switch action {
      case .saveTapped:
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.saved)
        }
      case .saved:
        state.saves += 1
        return .none
      case .lockTapped:
        return .none
      }
    }
    .redacted(when: \.isLocked, whileRedacted: whileRedacted)
  }
}

@MainActor
struct RedactedEffectsPolicyTests {
  func makeStore(_ policy: RedactedEffects, clock: TestClock) -> TestStore<
    Saver.State, Saver.Action
  > {
    TestStore(initialState: Saver.State()) {
      Saver(whileRedacted: policy)
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func byDefaultRedactionCancelsRunningEffects() async {
    let clock = TestClock()
    let store = makeStore(.cancelEffects, clock: clock)
    let save = await store.send(.saveTapped)
    await store.send(.lockTapped) { $0.isLocked = true }
    await save.finish()
    #expect(save.isCancelled)
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  /// Under `.dependency`, a feature's body is built again on every action, so the `redacted`
  /// reducer that started the save is not the one that sees the lock: the lock must still
  /// cancel the save.
  @Test func redactionCancelsEffectsOfABodyBuiltAgainOnEveryAction() async {
    let clock = TestClock()
    let store = TestStore(initialState: Saver.State()) {
      Saver(whileRedacted: .cancelEffects).dependency(\.continuousClock, clock)
    }
    let save = await store.send(.saveTapped)
    await store.send(.lockTapped) { $0.isLocked = true }
    await save.finish()
    #expect(save.isCancelled)
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test func keptEffectsRunButTheirActionsAreSwallowed() async {
    let clock = TestClock()
    let store = makeStore(.keepEffectsRunning, clock: clock)
    let save = await store.send(.saveTapped)
    await store.send(.lockTapped) { $0.isLocked = true }
    #expect(!save.isCancelled)
    await clock.advance(by: .seconds(1))
    // The effect finished and sent `.saved`, which the redacted feature ignored.
    await store.receive(.saved)
    #expect(store.state.saves == 0)
  }
}

/// Two savers side by side; the parent locks one of them by writing its state directly, so the
/// locked saver's own reducer never sees the lock happen.
struct SaverPair: Reducer {
  struct State: Equatable {
    var left = Saver.State()
    var right = Saver.State()
  }
  enum Action: Equatable {
    case left(Saver.Action)
    case right(Saver.Action)
    case lockLeftFromParent
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .lockLeftFromParent = action { state.left.isLocked = true }
      return .none
    }
    Scope(
      state: \.left, action: CasePath(Action.left) { if case .left(let a) = $0 { a } else { nil } }
    ) {
      Saver(whileRedacted: .cancelEffects)
    }
    Scope(
      state: \.right,
      action: CasePath(Action.right) { if case .right(let a) = $0 { a } else { nil } }
    ) {
      Saver(whileRedacted: .cancelEffects)
    }
  }
}

@MainActor
struct RedactionByAParentTests {
  @Test func aSwallowedActionCancelsOnlyTheLockedInstancesLiveEffect() async {
    let clock = TestClock()
    let store = TestStore(initialState: SaverPair.State()) {
      SaverPair()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let leftSave = await store.send(.left(.saveTapped))
    let rightSave = await store.send(.right(.saveTapped))
    await store.send(.lockLeftFromParent) { $0.left.isLocked = true }
    // The left saver did not see the lock; its next (swallowed) action cancels its live save.
    await store.send(.left(.saveTapped))
    await leftSave.finish()
    #expect(leftSave.isCancelled)
    #expect(!rightSave.isCancelled)
    await clock.advance(by: .seconds(1))
    await store.receive(.right(.saved)) { $0.right.saves = 1 }
  }
}
