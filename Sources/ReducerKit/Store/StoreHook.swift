/// What watches every action a root store reduces: the one place recording plugs in (and where
/// tracing and an inspector would).
///
/// A root store is generic over its hook. A store that watches nothing has ``NoHook``, whose
/// ``isWatching`` is a constant `false`: its `send` is specialized with every watching branch
/// compiled away, so it pays nothing, not even a test per send.
@MainActor
@usableFromInline
package protocol StoreHook<State, Action> {
  /// The feature's state.
  associatedtype State
  /// The feature's action.
  associatedtype Action

  /// Whether the hook watches; `false` only for ``NoHook``.
  static var isWatching: Bool { get }

  /// An action from `origin` is about to be reduced; `state` is what it finds (a shared value
  /// may have changed it since the last action).
  func willReduce(from origin: Recording.Origin, state: State, at location: SourceLocation?)

  /// An action was reduced into `state`, returned `effect` and raised `issues`.
  func didReduce(
    _ action: Action, from origin: Recording.Origin, effect: Effect<Action>, issues: [String],
    state: State, at location: SourceLocation?)

  /// An action from `origin` was queued behind the one being reduced.
  func queued(from origin: Recording.Origin)

  /// The origin of the next queued action, in queue order.
  func takeQueuedOrigin() -> Recording.Origin
}

/// The hook of a store that watches nothing: every call is empty, and ``isWatching`` is `false`
/// so that the store's `send` never calls them.
@usableFromInline
package struct NoHook<State, Action>: StoreHook {
  @inlinable
  package static var isWatching: Bool { false }

  @inlinable
  package init() {}

  @inlinable
  package func willReduce(from _: Recording.Origin, state _: State, at _: SourceLocation?) {}

  @inlinable
  package func didReduce(
    _: Action, from _: Recording.Origin, effect _: Effect<Action>, issues _: [String],
    state _: State, at _: SourceLocation?
  ) {}

  @inlinable
  package func queued(from _: Recording.Origin) {}

  @inlinable
  package func takeQueuedOrigin() -> Recording.Origin { .outside }
}
