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
  func willReduce(from origin: ActionOrigin, state: State, at location: SourceLocation?)

  /// An action was reduced into `state`, returned `effect` and raised `issues`.
  func didReduce(
    _ action: Action, from origin: ActionOrigin, effect: Effect<Action>, issues: [String],
    state: State, at location: SourceLocation?)

  /// An action from `origin` was queued behind the one being reduced.
  func queued(from origin: ActionOrigin)

  /// The origin of the next queued action, in queue order.
  func takeQueuedOrigin() -> ActionOrigin

  /// An action (the one sent, or a queued one) is about to be reduced: a tracer starts its clock.
  func reduceBegins()

  /// An effect's work started, ended, or is delivering an action.
  func effect(_ event: EffectLifecycleEvent)
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
  package func willReduce(from _: ActionOrigin, state _: State, at _: SourceLocation?) {}

  @inlinable
  package func didReduce(
    _: Action, from _: ActionOrigin, effect _: Effect<Action>, issues _: [String],
    state _: State, at _: SourceLocation?
  ) {}

  @inlinable
  package func queued(from _: ActionOrigin) {}

  @inlinable
  package func takeQueuedOrigin() -> ActionOrigin { .outside }

  @inlinable
  package func reduceBegins() {}

  @inlinable
  package func effect(_: EffectLifecycleEvent) {}
}

/// The origins of the actions queued in a root store, in queue order: what a watching hook
/// keeps, so that each queued action is told apart when it is reduced.
@usableFromInline
package struct OriginQueue {
  @usableFromInline var origins: [ActionOrigin] = []
  @usableFromInline var next = 0

  @inlinable
  package init() {}

  /// Notes the origin of an action queued behind the others.
  @inlinable
  package mutating func append(_ origin: ActionOrigin) { origins.append(origin) }

  /// The origin of the next queued action.
  @inlinable
  package mutating func take() -> ActionOrigin {
    defer {
      next += 1
      if next == origins.count {
        origins.removeAll(keepingCapacity: true)
        next = 0
      }
    }
    return origins[next]
  }
}

/// Two hooks watching one store (a recorder and a tracer), each told everything in turn.
@MainActor
@usableFromInline
package struct HookPair<First: StoreHook, Second: StoreHook>: StoreHook
where First.State == Second.State, First.Action == Second.Action {
  @usableFromInline let first: First
  @usableFromInline let second: Second

  @inlinable
  package init(_ first: First, _ second: Second) {
    self.first = first
    self.second = second
  }

  @inlinable
  package static var isWatching: Bool { First.isWatching || Second.isWatching }

  @inlinable
  package func willReduce(
    from origin: ActionOrigin, state: First.State, at location: SourceLocation?
  ) {
    first.willReduce(from: origin, state: state, at: location)
    second.willReduce(from: origin, state: state, at: location)
  }

  @inlinable
  package func didReduce(
    _ action: First.Action, from origin: ActionOrigin, effect: Effect<First.Action>,
    issues: [String], state: First.State, at location: SourceLocation?
  ) {
    first.didReduce(
      action, from: origin, effect: effect, issues: issues, state: state, at: location)
    second.didReduce(
      action, from: origin, effect: effect, issues: issues, state: state, at: location)
  }

  @inlinable
  package func queued(from origin: ActionOrigin) {
    first.queued(from: origin)
    second.queued(from: origin)
  }

  @inlinable
  package func takeQueuedOrigin() -> ActionOrigin {
    _ = second.takeQueuedOrigin()
    return first.takeQueuedOrigin()
  }

  @inlinable
  package func reduceBegins() {
    first.reduceBegins()
    second.reduceBegins()
  }

  @inlinable
  package func effect(_ event: EffectLifecycleEvent) {
    first.effect(event)
    second.effect(event)
  }
}
