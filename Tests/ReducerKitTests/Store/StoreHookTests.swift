import Foundation
import ReducerKit
import Testing

/// An app's own watcher of a store, as an app writes one: a breadcrumb trail for crash reports,
/// kept by the one public hook point a recorder and a tracer also use.
@MainActor
final class Breadcrumbs<State, Action>: StoreHook {
  var trail: [String] = []
  var effects: [EffectLifecycleEvent] = []
  var seenBeforeReduce: [State] = []

  func willReduce(from origin: ActionOrigin, state: State, at location: ReducerKit.SourceLocation?)
  {
    seenBeforeReduce.append(state)
  }

  func didReduce(
    _ action: Action, from origin: ActionOrigin, effect: Effect<Action>, issues: [String],
    state: State, at location: ReducerKit.SourceLocation?
  ) {
    let file = location.map { " @\(URL(fileURLWithPath: $0.filePath).lastPathComponent)" } ?? ""
    trail.append("\(action) from \(origin)\(file) → \(state)\(issues.isEmpty ? "" : " ⚠︎")")
  }

  func effect(_ event: EffectLifecycleEvent) { effects.append(event) }
}

/// A counter whose `load` delivers an action from an effect, and whose `burst` sends one back at
/// once, queued behind the action being reduced.
struct Tally: Reducer {
  struct State: Equatable, CustomStringConvertible {
    var count = 0
    var description: String { "\(count)" }
  }
  enum Action: Equatable {
    case add(Int)
    case load, burst
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .add(let amount):
      state.count += amount
      return .none
    case .load:
      return .run { send in await send(.add(10)) }
    case .burst:
      state.count += 1
      return .send(.add(100))
    }
  }
}

@MainActor
struct StoreHookTests {
  @Test func anAppsOwnHookSeesEveryActionWithItsOriginStateAndEffects() async throws {
    let breadcrumbs = Breadcrumbs<Tally.State, Tally.Action>()
    let store = Store(initialState: Tally.State(), hook: breadcrumbs) { Tally() }
    store.send(.add(2))
    store.send(.burst)
    await store.send(.load).finish()
    #expect(store.count == 113)
    #expect(
      breadcrumbs.trail == [
        "add(2) from outside @StoreHookTests.swift → 2",
        "burst from outside @StoreHookTests.swift → 3",
        "add(100) from an effect of the root feature @StoreHookTests.swift → 103",
        "load from outside @StoreHookTests.swift → 103",
        "add(10) from an effect of the root feature @StoreHookTests.swift → 113",
      ])
    // Each send is told the state it finds; an action queued behind another (`add(100)`) is
    // reduced within its sender's send.
    #expect(breadcrumbs.seenBeforeReduce.map(\.count) == [0, 2, 103, 103])
    // The `.run` started, delivered its action, and ended.
    guard case .started(let id, let path, _, _) = breadcrumbs.effects.first else {
      Issue.record("no effect started: \(breadcrumbs.effects)")
      return
    }
    #expect(path == "the root feature")
    #expect(breadcrumbs.effects.contains(.delivers(id: id)))
    #expect(breadcrumbs.effects.last == .ended(id: id, cancelled: false))
  }

  @Test func twoStoresWithTheSameHookTypeKeepTheirOwnTrails() {
    let first = Breadcrumbs<Tally.State, Tally.Action>()
    let second = Breadcrumbs<Tally.State, Tally.Action>()
    let one = Store(initialState: Tally.State(), hook: first) { Tally() }
    let two = Store(initialState: Tally.State(count: 5), hook: second) { Tally() }
    one.send(.add(1))
    two.send(.add(1))
    two.send(.add(1))
    #expect(first.trail.count == 1)
    #expect(second.trail.map { $0.hasSuffix("→ 7") } == [false, true])
  }
}
