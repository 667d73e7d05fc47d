/// A feature's logic: how state changes in response to an action, and what effect follows.
///
/// Conform a struct and either implement ``reduce(into:action:)`` or compose other reducers in
/// ``body``:
///
/// ```swift
/// struct Counter: Reducer {
///   struct State: Equatable { var count = 0 }
///   enum Action { case incrementTapped, decrementTapped }
///
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in
///       switch action {
///       case .incrementTapped: state.count += 1
///       case .decrementTapped: state.count -= 1
///       }
///       return .none
///     }
///   }
/// }
/// ```
///
/// A reducer must be pure: all work that touches the outside world goes in the returned
/// ``Effect``.
public protocol Reducer<State, Action> {
  /// The feature's state, a value type.
  associatedtype State
  /// Everything that can happen in the feature, usually an enum.
  associatedtype Action
  /// The type of ``body``; `Never` for reducers that implement ``reduce(into:action:)``.
  associatedtype Body

  /// Updates `state` for `action` and returns the effect to run next.
  /// - Parameters:
  ///   - state: The state, mutated in place.
  ///   - action: What happened.
  /// - Returns: The effect to run, or ``Effect/none``.
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducers this reducer is made of, run in order.
  ///
  /// A store builds the body of its root reducer once, when it is created, and `Scope`,
  /// `ifLet`, `ifCaseLet` and `forEach` build their child's body once, when they are built; keep
  /// `body` a description of the composition and put logic that depends on state or
  /// dependencies inside the reducers it lists (such as `Reduce`). A reducer under
  /// ``Reducer/dependency(_:_:)`` builds its body on every action, with the overridden values.
  @ReducerBuilder<State, Action>
  var body: Body { get }

  /// The kit's hook for running an embedded child many times: nothing for a reducer that
  /// implements ``reduce(into:action:)``, and ``body`` built once for a reducer that has one.
  /// Not for use in feature code; the default implementations are the only ones.
  func _preparedBody() -> _PreparedBody<State, Action>
}

extension Reducer {
  /// A reducer that implements ``reduce(into:action:)`` has no body to build.
  @inlinable
  public func _preparedBody() -> _PreparedBody<State, Action> { _PreparedBody() }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// Builds ``body`` once.
  @inlinable
  public func _preparedBody() -> _PreparedBody<State, Action> {
    let body = self.body
    return _PreparedBody { body.reduce(into: &$0, action: $1) }
  }
}

/// A child's body, built once when its parent is built.
///
/// NB: `Scope`, `ifLet`, `ifCaseLet` and `forEach` keep their child's body rather than building it
/// on every action. A body built inside a generic reducer instantiates its key paths each time
/// (a demangling, microseconds); whether the optimizer removes them depended on inlining
/// decisions, and an action ten generic `Scope`s deep went from 38 ns to 14 µs when one more
/// branch was added to `Scope` (`benchmarks --filter Scopes`).
public struct _PreparedBody<State, Action> {
  // NB: a flag beside a non-optional closure: unwrapping an optional closure copied (retained
  // and released) it on every action.
  @usableFromInline let exists: Bool
  @usableFromInline let run: (inout State, Action) -> Effect<Action>

  /// A body, built.
  @inlinable
  init(_ run: @escaping (inout State, Action) -> Effect<Action>) {
    self.exists = true
    self.run = run
  }

  /// No body: the reducer implements `reduce(into:action:)`.
  @inlinable
  init() {
    self.exists = false
    self.run = { _, _ in .none }
  }
}

/// A reducer as a store or a parent keeps it: the reducer, and its body built once if it has one.
@usableFromInline
struct _EmbeddedChild<Child: Reducer>: Reducer {
  @usableFromInline typealias State = Child.State
  @usableFromInline typealias Action = Child.Action

  @usableFromInline let reducer: Child
  @usableFromInline let body: _PreparedBody<Child.State, Child.Action>

  @inlinable
  init(_ reducer: Child) {
    self.reducer = reducer
    self.body = reducer._preparedBody()
  }

  @inlinable
  func reduce(into state: inout Child.State, action: Child.Action) -> Effect<Child.Action> {
    if body.exists { return body.run(&state, action) }
    return reducer.reduce(into: &state, action: action)
  }
}

extension Reducer where Body == Never {
  /// A reducer that implements ``reduce(into:action:)`` has no body.
  public var body: Body {
    preconditionFailure(
      "'\(Self.self)' implements 'reduce(into:action:)' and has no 'body'; do not read it.")
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// Runs ``body``.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }
}

/// A reducer with the same state and action as `R`: `var body: some ReducerOf<Self>`.
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>
