import TestSupport
import Testing

@testable import ReducerKit

/// A feature that scopes a copy of itself onto its whole state: `.inner(.inner(.bump))` bumps
/// two levels down, on the same state. Its inner copy is recursive, so it has no built body.
private struct Nesting: Reducer {
  struct State: Equatable { var bumps = 0 }
  indirect enum Action: Equatable {
    case bump
    case bumpLater
    case inner(Action)
  }

  static let inner = CasePath(Action.inner) { if case .inner(let a) = $0 { a } else { nil } }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .bump: state.bumps += 1
      case .bumpLater: return .send(.bump)
      case .inner: break
      }
      return .none
    }
    Scope(state: \.self, action: Self.inner) { Nesting() }
  }
}

/// A state whose child is reached through a computed property.
private struct Wrapped: Reducer {
  struct State: Equatable {
    var storage = [Counter.State()]
    var counter: Counter.State {
      get { storage[0] }
      set { storage[0] = newValue }
    }
  }
  enum Action: Equatable { case counter(Counter.Action) }

  var body: some ReducerOf<Self> {
    Scope(
      state: \.counter,
      action: CasePath(Action.counter) { if case .counter(let a) = $0 { a } else { nil } }
    ) {
      Counter()
    }
  }
}

/// A `Scope` makes one test per level on its common path — the offset's — and takes the key path
/// out of line for a computed property or a child without a built body.
@MainActor
struct ScopeLevelTests {
  @Test func aChildWhoseBodyWasBuiltIsReachedAtItsOffset() {
    let scope = Scope(state: \Nesting.State.self, action: Nesting.inner) { Nesting() }
    #expect(scope.child.hasBuiltBody)
    #expect(scope.toChildState.offset.isStored)
  }

  @Test func aRecursiveInnerCopyIsReachedThroughTheKeyPath() {
    // NB: as when `Nesting`'s own body is built: the inner `Nesting` builds its body when it runs.
    let scope = BodyBuilding.building(Nesting.self) {
      Scope(state: \Nesting.State.self, action: Nesting.inner) { Nesting() }
    }
    #expect(scope?.child.hasBuiltBody == false)
    #expect(scope?.toChildState.offset.isStored == false)
  }

  @Test func aRecursiveInnerCopyRunsAtAnyDepthWithItsEffects() {
    let store = Store(initialState: Nesting.State()) { Nesting() }
    store.send(.inner(.inner(.bump)))
    store.send(.bump)
    #expect(store.bumps == 2)
    // The effect of a level reached through the key path comes back wrapped in both cases.
    store.send(.inner(.inner(.bumpLater)))
    #expect(store.bumps == 3)
  }

  @Test func aRecursiveFeatureUnderADependencyOverrideBuildsItsBodyPerActionAndRuns() {
    // NB: under `dependency`, the body is built on every action: its inner copy gets a box and
    // the copy inside that one none, so both paths run in one action.
    let store = Store(initialState: Nesting.State()) {
      Nesting().dependency(\.uuid, .incrementing)
    }
    store.send(.inner(.inner(.inner(.bump))))
    store.send(.inner(.bumpLater))
    #expect(store.bumps == 2)
  }

  @Test func aComputedChildStateIsReachedThroughTheKeyPathWithItsEffects() {
    let scope = Scope(
      state: \Wrapped.State.counter,
      action: CasePath(Wrapped.Action.counter) { if case .counter(let a) = $0 { a } else { nil } }
    ) {
      Counter()
    }
    #expect(!scope.toChildState.offset.isStored)
    let store = Store(initialState: Wrapped.State()) { Wrapped() }
    store.send(.counter(.increment))
    store.send(.counter(.increment))
    #expect(store.state.counter.count == 2)
  }
}
