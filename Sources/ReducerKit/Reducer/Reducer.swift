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
  /// A store builds the body of its root reducer once, when it is created; keep `body` a
  /// description of the composition and put logic that depends on state or dependencies inside
  /// the reducers it lists (such as `Reduce`).
  @ReducerBuilder<State, Action>
  var body: Body { get }
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
