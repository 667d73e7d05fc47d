import ReducerKit

/// The simplest feature: a counter.
struct Counter: Reducer {
  struct State: Equatable, Codable { var count = 0 }
  enum Action: Equatable, Codable { case increment }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count &+= 1
    return .none
  }
}

/// A row that can be toggled.
struct Row: Reducer {
  struct State: Equatable, Identifiable {
    let id: Int
    var title: String
    var isOn = false
  }
  enum Action: Equatable { case toggle }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.isOn.toggle()
    return .none
  }
}

/// A list of rows.
struct RowList: Reducer {
  struct State: Equatable { var rows: IdentifiedArrayOf<Row.State> }
  enum Action: Equatable { case rows(IdentifiedActionOf<Row>) }

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(\.rows, action: .rows) { Row() }
  }

  static func state(rows count: Int) -> State {
    State(
      rows: IdentifiedArray(
        uniqueElements: (0..<count).map { Row.State(id: $0, title: "Row \($0)") }))
  }
}

extension CasePath<RowList.Action, IdentifiedActionOf<Row>> {
  static var rows: Self {
    CasePath(RowList.Action.rows) { if case .rows(let action) = $0 { action } else { nil } }
  }
}

/// A parent that embeds one child with `Scope`, as the best-known library spells it (`action:
/// \.child`: the case-path plugin's case key); nest it to get deep hierarchies.
struct Nest<Child: Reducer & SendableMetatype>: Reducer where Child.State: Equatable {
  struct State: Equatable { var child: Child.State }
  enum Action { case child(Child.Action) }

  let makeChild: () -> Child

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) {
      makeChild()
    }
  }
}

/// `Nest` with a hand-written case path (two closures): what `Scope` costs without the plugin.
struct ClosureNest<Child: Reducer & SendableMetatype>: Reducer where Child.State: Equatable {
  typealias State = Nest<Child>.State
  typealias Action = Nest<Child>.Action

  let makeChild: () -> Child

  var body: some ReducerOf<Self> {
    Scope(
      state: \.child,
      action: CasePath(Action.child) { if case .child(let a) = $0 { a } else { nil } }
    ) {
      makeChild()
    }
  }
}

/// `Nest` written by hand: the same state and actions, a reducer that switches on its own action
/// and calls its child's with `&state.child` (the floor of "action 10 Scopes deep").
struct HandNest<Child: Reducer & SendableMetatype>: Reducer where Child.State: Equatable {
  struct State: Equatable { var child: Child.State }
  enum Action { case child(Child.Action) }
  let child: Child

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .child(let childAction):
      child.reduce(into: &state.child, action: childAction).map(Action.child)
    }
  }
}

/// A counter that ignores its actions while loading, by hand (the floor of a redacted send).
struct GuardedCounter: Reducer {
  struct State: Equatable {
    var count = 0
    var isLoading = true
  }
  enum Action: Equatable { case increment }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    guard !state.isLoading else { return .none }
    state.count &+= 1
    return .none
  }
}

/// The guard written by hand with the closure the closure form of `redacted(when:)` is given:
/// the floor of that form, a call per action.
struct ClosureGuardedCounter: Reducer {
  typealias State = GuardedCounter.State
  typealias Action = GuardedCounter.Action
  let isRedacted: (State) -> Bool

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    guard !isRedacted(state) else { return .none }
    state.count &+= 1
    return .none
  }
}

/// The counter without the guard, over the same state: what `redacted(when: \.isLoading)` wraps.
struct LoadingCounter: Reducer {
  typealias State = GuardedCounter.State
  typealias Action = GuardedCounter.Action

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count &+= 1
    return .none
  }
}

extension GuardedCounter.State: Redactable {
  /// A placeholder while loading: what the `Redactable` form of `redacted()` reads.
  var redactionReasons: RedactionReasons { isLoading ? .placeholder : [] }
}

/// A feature whose action starts one effect that sends nothing and ends at once.
struct Effectful: Reducer {
  struct State: Equatable { var started = 0 }
  enum Action: Equatable {
    case start
    case startCancellable(Int)
    case cancel(Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      state.started &+= 1
      return .run { _ in }
    case .startCancellable(let id):
      return .run { _ in try await Task.sleep(for: .seconds(3600)) }.cancellable(id: id)
    case .cancel(let id):
      return .cancel(id: id)
    }
  }
}

/// A list whose rows each start an effect.
struct EffectRows: Reducer {
  struct Row: Identifiable, Equatable {
    let id: Int
    var started = 0
  }
  struct State: Equatable {
    var rows: IdentifiedArrayOf<Row>
    init(rows count: Int) {
      rows = IdentifiedArray(uniqueElements: (0..<count).map { Row(id: $0) })
    }
  }
  enum Action: Equatable { case rows(IdentifiedActionOf<Effectful.RowFeature>) }

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(
        \.rows, action: CasePath(Action.rows) { if case .rows(let a) = $0 { a } else { nil } }
      ) {
        Effectful.RowFeature()
      }
  }
}

extension Effectful {
  /// A row whose action starts one effect that sends nothing and ends at once.
  struct RowFeature: Reducer {
    typealias State = EffectRows.Row
    enum Action: Equatable { case start }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.started &+= 1
      return .run { _ in }
    }
  }
}

/// A hand-written store: a class holding the state and calling a reducer in place.
final class HandWrittenStore<R: Reducer> {
  var state: R.State
  let reducer: R

  init(state: R.State, reducer: R) {
    self.state = state
    self.reducer = reducer
  }

  @inline(never)
  func send(_ action: R.Action) {
    _ = reducer.reduce(into: &state, action: action)
  }
}
