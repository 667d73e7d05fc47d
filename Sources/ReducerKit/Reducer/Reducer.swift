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

  /// The kit's hook for running an embedded child many times: `nil` for a reducer that
  /// implements ``reduce(into:action:)``, ``body`` for a reducer that has one (built once by the
  /// parent). Not for use in feature code; the default implementations are the only ones.
  func _builtBody() -> Body?

  /// The kit's hook for running a body built by ``_builtBody()``, reached in its box. Not for use
  /// in feature code; the default implementations are the only ones.
  func _reduce(body: _BodyBox<Body>, into state: inout State, action: Action) -> Effect<Action>

  /// The kit's hook for a root store's send: whether this reducer takes its general path, which
  /// the store then takes outside its fast path. Implementation detail; do not implement or
  /// read.
  var _takesGeneralPath: Bool { get }

  /// The kit's hook for a root store's send: ``reduce(into:action:)``, where
  /// ``_takesGeneralPath`` is false. Implementation detail; do not implement or call.
  func _reduceOnFastPath(into state: inout State, action: Action) -> Effect<Action>
}

extension Reducer {
  /// A reducer that implements ``reduce(into:action:)`` has no body to build.
  @inlinable
  public func _builtBody() -> Body? { nil }

  /// A reducer without a body runs ``reduce(into:action:)``.
  @inlinable
  public func _reduce(
    body: _BodyBox<Body>, into state: inout State, action: Action
  ) -> Effect<Action> {
    reduce(into: &state, action: action)
  }

  /// Every reducer but a redacted one runs ``reduce(into:action:)`` on a store's fast path.
  @inlinable
  public var _takesGeneralPath: Bool { false }

  /// Every reducer but a redacted one runs ``reduce(into:action:)`` on a store's fast path.
  @inlinable @inline(__always)
  public func _reduceOnFastPath(into state: inout State, action: Action) -> Effect<Action> {
    reduce(into: &state, action: action)
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// Builds ``body``.
  @inlinable
  public func _builtBody() -> Body? { body }

  /// Runs a body built once.
  @inlinable
  public func _reduce(
    body: _BodyBox<Body>, into state: inout State, action: Action
  ) -> Effect<Action> {
    body.body.reduce(into: &state, action: action)
  }
}

/// A reducer as a store or a parent keeps it: the reducer, and its body built once if it has one.
@usableFromInline
struct _EmbeddedChild<Child: Reducer>: Reducer {
  @usableFromInline typealias State = Child.State
  @usableFromInline typealias Action = Child.Action

  @usableFromInline let reducer: Child
  // NB: the body itself in a box, not a closure over it: the child's `reduce` reaches its body
  // through the child's witness table, which specialization turns into a direct call. Boxed, so
  // that a parent never copies its children's bodies inline (nested bodies grow with depth; an
  // inline optional spent half of a ten-deep action in memmove), and reached without retaining
  // the box. Under callgrind (`benchmarks --filter "10 Scopes" --quick`, instruction-bound) an
  // action ten `Scope`s deep took 25% less and one deep 42% less than with a closure; on this
  // machine's wall clock the two are within noise of each other (interleaved A/B runs).
  @usableFromInline let body: _BodyBox<Child.Body>?

  @inlinable
  init(_ reducer: Child) {
    self.reducer = reducer
    self.body = BodyBuilding.building(Child.self) { reducer._builtBody().map(_BodyBox.init) }
  }

  @inlinable @inline(__always)
  func reduce(into state: inout Child.State, action: Child.Action) -> Effect<Child.Action> {
    // NB: the first test is decided at compile time once specialized: a reducer without a body
    // never reaches the box path, and its store does not copy it to the stack for that path
    // (a redacted send: 2.07–2.29× → 1.85–1.89× a plain send, interleaved).
    guard Child.Body.self != Never.self, let box = body.map(Unmanaged.passUnretained) else {
      return reducer.reduce(into: &state, action: action)
    }
    return box._withUnsafeGuaranteedRef {
      reducer._reduce(body: $0, into: &state, action: action)
    }
  }
  /// Whether the child, a reducer without a body, takes its general path (see
  /// ``Reducer/_takesGeneralPath``).
  @inlinable
  var _takesGeneralPath: Bool { Child.Body.self == Never.self && reducer._takesGeneralPath }

  /// ``reduce(into:action:)`` on a store's fast path (see
  /// ``Reducer/_reduceOnFastPath(into:action:)``).
  @inlinable @inline(__always)
  func _reduceOnFastPath(
    into state: inout Child.State, action: Child.Action
  ) -> Effect<Child.Action> {
    guard Child.Body.self == Never.self else { return reduce(into: &state, action: action) }
    return reducer._reduceOnFastPath(into: &state, action: action)
  }

  /// Whether this child runs without a test for its body: it has none, or it was built.
  /// (A recursive feature's inner copy has no built body: it builds its body when it runs.)
  @inlinable
  var hasBuiltBody: Bool { Child.Body.self == Never.self || body != nil }

  /// ``reduce(into:action:)`` for a child whose ``hasBuiltBody`` holds: its box is not tested.
  @inlinable @inline(__always)
  func reduceBuilt(into state: inout Child.State, action: Child.Action) -> Effect<Child.Action> {
    guard Child.Body.self != Never.self else {
      return reducer.reduce(into: &state, action: action)
    }
    return Unmanaged.passUnretained(body.unsafelyUnwrapped)._withUnsafeGuaranteedRef {
      reducer._reduce(body: $0, into: &state, action: action)
    }
  }
}

/// A reducer kept as a store keeps its feature: its body built once. For the test store, which
/// must run the same reducer values from step to step, as a store does.
package struct BuiltOnce<Base: Reducer>: Reducer {
  let base: _EmbeddedChild<Base>

  /// Builds `base`'s body, if it has one, under the dependencies current here.
  package init(_ base: Base) {
    self.base = _EmbeddedChild(base)
  }

  package func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    base.reduce(into: &state, action: action)
  }
}

// NB: public only because ``Reducer/_reduce(body:into:action:)`` takes it: the hook receives
// the box, not the body, so that a level of a hierarchy reads its body in place instead of
// copying it out of the box first (10 fewer instructions per level under callgrind; an action
// ten `Scope`s deep 83–115 → 76–108 ns, interleaved).
/// A child's body, built once and kept in one place. Not for use in feature code.
///
/// NB: built once because a body built inside a generic reducer instantiates its key paths each
/// time (a demangling, microseconds): an action ten generic `Scope`s deep once went from 38 ns
/// to 14 µs when the optimizer stopped removing them.
public final class _BodyBox<Body> {
  @usableFromInline let body: Body

  @usableFromInline
  init(_ body: Body) { self.body = body }
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

/// Which reducer types are having their body built on this thread, so that a recursive feature
/// (a `Node` whose body embeds `Node` with `forEach`) does not build bodies forever: the inner
/// `Node` builds its body when it runs instead (as every reducer did before bodies were built
/// once). Consulted when reducers are built, never when they run.
@usableFromInline
enum BodyBuilding {
  /// `build()`, or `nil` when a body of `type` is already being built further up this thread.
  @usableFromInline
  static func building<Body>(_ type: Any.Type, _ build: () -> Body?) -> Body? {
    // NB: the thread's slot (a pthread key), not `Thread.current`: reducers under
    // `dependency(_:_:)` are built on every action. The list is as long as the nesting.
    let slot = ThreadSlot.current
    let id = ObjectIdentifier(type)
    guard !slot.buildingBodies.contains(id) else { return nil }
    slot.buildingBodies.append(id)
    defer { slot.buildingBodies.removeLast() }
    return build()
  }
}

/// A reducer with the same state and action as `R`: `var body: some ReducerOf<Self>`.
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>
