/// What watches every action a root store reduces: analytics, logging, a crash report's
/// breadcrumb trail — and the kit's own recorder and tracer (ReducerKitRecording), which plug in
/// here too.
///
/// Create the store with it: `Store(initialState: Feature.State(), hook: breadcrumbs) {
/// Feature() }`. The store tells the hook of every action it reduces — sent from outside, or
/// delivered by an effect of a named feature instance — with the state after it, the effect it
/// returned and the issues it raised, and of every piece of effect work that starts, delivers an
/// action and ends.
///
/// ```swift
/// @MainActor
/// final class Breadcrumbs<State, Action>: StoreHook {
///   var trail: [String] = []
///   func didReduce(
///     _ action: Action, from origin: ActionOrigin, effect: Effect<Action>, issues: [String],
///     state: State, at location: SourceLocation?
///   ) {
///     trail.append("\(action) from \(origin)")
///   }
/// }
/// ```
///
/// A root store is generic over its hook: a store made without one watches nothing, and its
/// `send` is specialized with every watching branch compiled away, so it pays nothing, not even
/// a test per send. The hook runs on the main actor, inside `send`: keep it quick (append, and
/// do slow work later), and never send to the store from it. (In a file that also imports
/// Testing, spell the location's type `ReducerKit.SourceLocation`.)
@MainActor
public protocol StoreHook<State, Action> {
  /// The feature's state.
  associatedtype State
  /// The feature's action.
  associatedtype Action

  /// Whether the hook watches: `true` unless a hook says otherwise (the kit's own empty hook,
  /// which a store without one has).
  static var isWatching: Bool { get }

  /// An action from `origin` is about to be reduced; `state` is what it finds (a shared value
  /// may have changed it since the last action). Does nothing unless the hook implements it.
  /// - Parameters:
  ///   - origin: Who sent the action.
  ///   - state: The state the action finds.
  ///   - location: Where it was sent, when known.
  func willReduce(from origin: ActionOrigin, state: State, at location: SourceLocation?)

  /// An action was reduced into `state`, returned `effect` and raised `issues`.
  /// - Parameters:
  ///   - action: The action.
  ///   - origin: Who sent it.
  ///   - effect: What the reducer returned (not yet started).
  ///   - issues: The runtime warnings its reduce raised.
  ///   - state: The state after it.
  ///   - location: Where it was sent, when known.
  func didReduce(
    _ action: Action, from origin: ActionOrigin, effect: Effect<Action>, issues: [String],
    state: State, at location: SourceLocation?)

  /// An action (the one sent, or one queued behind it) is about to be reduced: a tracer starts
  /// its clock. Does nothing unless the hook implements it.
  func reduceBegins()

  /// An effect's work started, delivers an action, was cancelled or ended. Does nothing unless
  /// the hook implements it.
  /// - Parameter event: What happened.
  func effect(_ event: EffectLifecycleEvent)
}

extension StoreHook {
  /// Watching.
  public static var isWatching: Bool { true }
  /// Does nothing.
  public func willReduce(from origin: ActionOrigin, state: State, at location: SourceLocation?) {}
  /// Does nothing.
  public func reduceBegins() {}
  /// Does nothing.
  public func effect(_ event: EffectLifecycleEvent) {}
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
  package func reduceBegins() {}

  @inlinable
  package func effect(_: EffectLifecycleEvent) {}
}

/// The origins of the actions queued in a root store, in queue order: what a watched root keeps,
/// so that its hook is told each queued action's own origin when it is reduced.
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
