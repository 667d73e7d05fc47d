/// Work that a reducer asks the store to do after it has updated state.
///
/// Reducers are pure: they mutate state and return an effect describing what should happen next.
/// The store runs the effect and feeds the actions it produces back into the reducer.
///
/// ```swift
/// case .refreshTapped:
///   state.isLoading = true
///   return .run { send in
///     let articles = try await client.fetch()
///     await send(.loaded(articles))
///   } catch: { error, send in
///     await send(.failed(error.localizedDescription))
///   }
/// ```
///
/// The surface is small on purpose: ``none``, ``send(_:)``,
/// ``run(priority:operation:catch:fileID:filePath:line:column:)``, `merge`, `concatenate`,
/// ``map(_:)``, and cancellation and timing (``cancellable(id:cancelInFlight:)``,
/// ``cancel(id:)``, ``debounce(id:for:clock:)``, ``throttle(id:for:clock:latest:)``).
///
/// Cancel ids belong to the feature *instance* that returned the effect: a row's
/// `.cancellable(id: CancelID.load)` and another row's are different, and `.cancel(id:)` reaches
/// only the instance that returns it (see <doc:EffectsAndInstances>).
public struct Effect<Action> {
  /// What an effect does. Everything else (debounce, `map`, the child scoping of `Scope` and
  /// `forEach`) is built from these cases; ``EffectRuntime`` interprets them in one place.
  @usableFromInline
  indirect enum Operation {
    case none
    case send(Action)
    case run(priority: TaskPriority?, body: @Sendable (Send<Action>) async -> Void)
    case merge([Effect])
    case concatenate([Effect])
    /// `effect`, cancellable with `id` in the instance that returned it.
    case cancellable(Effect, id: CancelID, cancelInFlight: Bool)
    case cancel(Cancellation)
    /// `effect` belongs to a child instance: its ids and its work live below `component`.
    case scoped(ScopeComponent, Effect)
    /// `effect`'s work sees `values` as its dependencies.
    case dependencies(DependencyValues, Effect)
    /// At most one `effect` with `id` per window; see ``ThrottleStateMachine``.
    case throttle(Effect, id: CancelID, latest: Bool, window: ThrottleWindow)
  }

  @usableFromInline
  let operation: Operation

  @inlinable
  init(_ operation: Operation) { self.operation = operation }

  /// An effect that does nothing. Return it when an action only changes state.
  @inlinable
  public static var none: Self { Self(.none) }

  /// Whether this effect does nothing (`.none`, or a merge of nothing).
  @inlinable
  public var isNone: Bool {
    if case .none = operation { return true }
    return false
  }

  /// An effect that feeds `action` straight back into the store, right after the current action
  /// and before any other effect starts.
  ///
  /// Prefer calling a shared helper over sending actions to share logic; use `send` to notify a
  /// parent (a delegate action) or to trigger work in another reducer.
  /// - Parameter action: The action to send.
  @inlinable
  public static func send(_ action: Action) -> Self { Self(.send(action)) }

  /// An effect that runs asynchronous work and sends actions back with `send`.
  ///
  /// The work runs off the main actor; `await send(action)` delivers an action on the main
  /// actor. The effect ends when `operation` returns; sending after that is a misuse and is
  /// reported. If `operation` throws and the effect was not cancelled, `handler` is called;
  /// without a handler the error is reported as a runtime warning at this call's location.
  ///
  /// - Parameters:
  ///   - priority: The priority of the task that runs the work.
  ///   - operation: The work.
  ///   - handler: Called with the error `operation` threw, with a `send` to report it.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  /// - Returns: The effect.
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    return Self(
      .run(priority: priority) { send in
        do {
          try await operation(send)
        } catch {
          guard !Task.isCancelled else { return }
          if let handler {
            await handler(error, send)
          } else {
            reportIssue(
              """
              An effect started at \(location) threw an error that nothing handled: \(error)

              Errors thrown from `Effect.run` are not sent back to the reducer. Catch them in \
              the operation, or pass a `catch:` handler that sends a failure action.
              """,
              at: location
            )
          }
        }
      }
    )
  }

  /// An effect that runs all of `effects` at the same time.
  /// - Parameter effects: The effects to run.
  @inlinable
  public static func merge(_ effects: Self...) -> Self { merge(effects) }

  /// An effect that runs all of `effects` at the same time.
  /// - Parameter effects: The effects to run.
  @inlinable
  public static func merge(_ effects: some Sequence<Self>) -> Self {
    let effects = effects.filter { !$0.isNone }
    switch effects.count {
    case 0: return .none
    case 1: return effects[0]
    default: return Self(.merge(effects))
    }
  }

  /// This effect and `other`, run at the same time.
  @inlinable
  public func merge(with other: Self) -> Self {
    if other.isNone { return self }
    if isNone { return other }
    return Self(.merge([self, other]))
  }

  /// An effect that runs `effects` one after another, each starting when the previous ends.
  /// - Parameter effects: The effects to run in order.
  @inlinable
  public static func concatenate(_ effects: Self...) -> Self { concatenate(effects) }

  /// An effect that runs `effects` one after another, each starting when the previous ends.
  /// - Parameter effects: The effects to run in order.
  @inlinable
  public static func concatenate(_ effects: some Sequence<Self>) -> Self {
    let effects = effects.filter { !$0.isNone }
    switch effects.count {
    case 0: return .none
    case 1: return effects[0]
    default: return Self(.concatenate(effects))
    }
  }

  /// This effect, then `next` once it has ended.
  @inlinable
  public func concatenate(with next: Self) -> Self {
    Self.concatenate([self, next])
  }

  /// Whether this effect only cancels (nothing to start): with nothing running, the store can
  /// skip it.
  @inlinable
  var onlyCancels: Bool {
    switch operation {
    case .cancel: true
    case .scoped(_, let effect), .dependencies(_, let effect):
      effect.onlyCancels
    case .merge(let effects): effects.allSatisfy(\.onlyCancels)
    default: false
    }
  }

  /// Transforms every action this effect sends.
  ///
  /// Parent reducers use it to embed a child's effect: `effect.map(Action.child)`.
  /// - Parameter transform: Turns this effect's action into the new action type.
  /// - Returns: The transformed effect.
  @inlinable
  public func map<NewAction>(
    _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> Effect<NewAction> {
    switch operation {
    case .none: .none
    case .send(let action): .send(transform(action))
    default: _map(transform)
    }
  }

  /// The one structural fold over effects: every action the effect sends goes through
  /// `transform`, and the rest of its structure is kept. With `dismiss`, the work of every
  /// `run` can dismiss the presented child it belongs to: `@Dependency(\.dismiss)` sends
  /// `dismiss()` through that work's own `send`, so a cancelled or finished effect never
  /// dismisses anything (see ``DismissEffect``).
  @usableFromInline
  func _map<NewAction>(
    _ transform: @escaping @Sendable (Action) -> NewAction,
    dismiss: (@Sendable () -> NewAction)? = nil
  ) -> Effect<NewAction> {
    switch operation {
    case .none:
      return .none
    case .send(let action):
      return .send(transform(action))
    case .run(let priority, let body):
      guard let dismiss else {
        return Effect<NewAction>(
          .run(priority: priority) { send in await body(send.map(transform)) })
      }
      return Effect<NewAction>(
        .run(priority: priority) { send in
          await DismissEffect.binding({ await send(dismiss()) }) {
            await body(send.map(transform))
          }
        })
    case .merge(let effects):
      return Effect<NewAction>(.merge(effects.map { $0._map(transform, dismiss: dismiss) }))
    case .concatenate(let effects):
      return Effect<NewAction>(
        .concatenate(effects.map { $0._map(transform, dismiss: dismiss) }))
    case .cancellable(let effect, let id, let cancelInFlight):
      return Effect<NewAction>(
        .cancellable(
          effect._map(transform, dismiss: dismiss), id: id, cancelInFlight: cancelInFlight))
    case .cancel(let cancellation):
      return Effect<NewAction>(.cancel(cancellation))
    case .scoped(let component, let effect):
      return Effect<NewAction>(.scoped(component, effect._map(transform, dismiss: dismiss)))
    case .dependencies(let values, let effect):
      return Effect<NewAction>(.dependencies(values, effect._map(transform, dismiss: dismiss)))
    case .throttle(let effect, let id, let latest, let window):
      return Effect<NewAction>(
        .throttle(
          effect._map(transform, dismiss: dismiss), id: id, latest: latest, window: window))
    }
  }

  /// A child's effect, embedded in its parent: actions go through `embed`, and the effect is
  /// filed under the child's scope component (see ``ScopeComponent``). A presented child's
  /// effect also carries the action that dismisses it.
  @inlinable
  func _scoped<ParentAction>(
    _ component: @autoclosure () -> ScopeComponent,
    embed: @escaping @Sendable (Action) -> ParentAction,
    dismiss: (@Sendable () -> ParentAction)? = nil
  ) -> Effect<ParentAction> {
    switch operation {
    case .none: .none
    // NB: a plain send has no work or id to file: the common case stays allocation-free.
    case .send(let action): .send(embed(action))
    default: Effect<ParentAction>(.scoped(component(), _map(embed, dismiss: dismiss)))
    }
  }

  /// How many actions this effect sends synchronously (before any work starts): a presented
  /// child's farewells when its presentation ends in the same action.
  @usableFromInline
  var synchronousSendCount: Int {
    switch operation {
    case .send: 1
    case .merge(let effects): effects.reduce(0) { $0 + $1.synchronousSendCount }
    case .scoped(_, let effect), .dependencies(_, let effect), .cancellable(let effect, _, _):
      effect.synchronousSendCount
    default: 0
    }
  }
}

extension Effect: Sendable where Action: Sendable {}
extension Effect.Operation: Sendable where Action: Sendable {}

/// The effect type of a reducer: `EffectOf<Counter>`.
public typealias EffectOf<R: Reducer> = Effect<R.Action>
