import ReducerKit
import TestSupport
import Testing

@MainActor
struct ScopeTests {
  @Test func scopeRunsTheChildOnItsSlice() {
    struct Feature: Reducer {
      struct State: Equatable {
        var counter = Counter.State()
        var other = 0
      }
      enum Action { case counter(Counter.Action) }
      var body: some ReducerOf<Self> {
        Scope(
          state: \.counter,
          action: CasePath(Action.counter) { if case .counter(let a) = $0 { a } else { nil } }
        ) {
          Counter()
        }
      }
    }
    let store = Store(initialState: Feature.State()) { Feature() }
    store.send(.counter(.increment))
    #expect(store.state == Feature.State(counter: Counter.State(count: 1), other: 0))
    let child = store.scope(
      state: \.counter,
      action: CasePath(Feature.Action.counter) { if case .counter(let a) = $0 { a } else { nil } })
    child.send(.increment)
    #expect(child.count == 2)
  }

  @Test func aChildsBodyIsBuiltOnceNotOnEveryAction() {
    struct Child: Reducer {
      let builds: BuildCounter
      typealias State = Counter.State
      typealias Action = Counter.Action
      var body: some ReducerOf<Self> {
        let _ = builds.count.withLock { $0 += 1 }
        Counter()
      }
    }
    struct Parent: Reducer {
      struct State: Equatable { var child = Counter.State() }
      enum Action: Equatable { case child(Counter.Action) }
      let builds: BuildCounter
      var body: some ReducerOf<Self> {
        Scope(
          state: \.child,
          action: CasePath(Action.child) { if case .child(let a) = $0 { a } else { nil } }
        ) {
          Child(builds: builds)
        }
      }
    }
    let builds = BuildCounter()
    let store = Store(initialState: Parent.State()) { Parent(builds: builds) }
    for _ in 0..<3 { store.send(.child(.increment)) }
    #expect(store.child.count == 3)
    #expect(builds.count.withLock { $0 } == 1)
  }

  @Test func aComputedChildPropertyIsMutatedThroughItsAccessors() {
    struct Parent: Reducer {
      struct State: Equatable {
        var storage = [0]
        var child: Counter.State {
          get { Counter.State(count: storage[0]) }
          set { storage[0] = newValue.count }
        }
      }
      enum Action: Equatable { case child(Counter.Action) }
      var body: some ReducerOf<Self> {
        Scope(
          state: \.child,
          action: CasePath(Action.child) { if case .child(let a) = $0 { a } else { nil } }
        ) {
          Counter()
        }
      }
    }
    let store = Store(initialState: Parent.State()) { Parent() }
    store.send(.child(.increment))
    store.send(.child(.increment))
    #expect(store.storage == [2])
  }
}

/// Counts how often a body was built.
final class BuildCounter: Sendable {
  let count = Locked(0)
}
