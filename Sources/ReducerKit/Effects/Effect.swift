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
public struct Effect<Action> {
  @usableFromInline
  indirect enum Operation {
    case none
    case send(Action)
    case run(priority: TaskPriority?, body: @Sendable (Send<Action>) async -> Void)
    case merge([Effect])
    case concatenate([Effect])
    case cancellable(Effect, id: CancelID, cancelInFlight: Bool)
    case cancel(id: CancelID)
    case debounce(Effect, id: CancelID, sleep: @Sendable () async throws -> Void)
    case throttle(Effect, id: CancelID, latest: Bool, sleep: @Sendable () async throws -> Void)
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
    case .none:
      return .none
    default:
      return _map(transform)
    }
  }

  @usableFromInline
  func _map<NewAction>(
    _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> Effect<NewAction> {
    switch operation {
    case .none:
      return .none
    case .send(let action):
      return .send(transform(action))
    case .run(let priority, let body):
      return Effect<NewAction>(.run(priority: priority) { send in await body(send.map(transform)) })
    case .merge(let effects):
      return Effect<NewAction>(.merge(effects.map { $0._map(transform) }))
    case .concatenate(let effects):
      return Effect<NewAction>(.concatenate(effects.map { $0._map(transform) }))
    case .cancellable(let effect, let id, let cancelInFlight):
      return Effect<NewAction>(
        .cancellable(effect._map(transform), id: id, cancelInFlight: cancelInFlight))
    case .cancel(let id):
      return Effect<NewAction>(.cancel(id: id))
    case .debounce(let effect, let id, let sleep):
      return Effect<NewAction>(.debounce(effect._map(transform), id: id, sleep: sleep))
    case .throttle(let effect, let id, let latest, let sleep):
      return Effect<NewAction>(
        .throttle(effect._map(transform), id: id, latest: latest, sleep: sleep))
    }
  }

  /// Rewrites every asynchronous body in the effect, keeping its structure.
  func _wrappingBodies(
    _ wrap: @escaping @Sendable (@escaping @Sendable () async -> Void) async -> Void
  ) -> Self {
    switch operation {
    case .none, .send, .cancel:
      return self
    case .run(let priority, let body):
      return Self(.run(priority: priority) { send in await wrap { await body(send) } })
    case .merge(let effects):
      return Self(.merge(effects.map { $0._wrappingBodies(wrap) }))
    case .concatenate(let effects):
      return Self(.concatenate(effects.map { $0._wrappingBodies(wrap) }))
    case .cancellable(let effect, let id, let cancelInFlight):
      return Self(
        .cancellable(effect._wrappingBodies(wrap), id: id, cancelInFlight: cancelInFlight))
    case .debounce(let effect, let id, let sleep):
      return Self(.debounce(effect._wrappingBodies(wrap), id: id, sleep: sleep))
    case .throttle(let effect, let id, let latest, let sleep):
      return Self(.throttle(effect._wrappingBodies(wrap), id: id, latest: latest, sleep: sleep))
    }
  }
}

extension Effect: Sendable where Action: Sendable {}
extension Effect.Operation: Sendable where Action: Sendable {}

/// The effect type of a reducer: `EffectOf<Counter>`.
public typealias EffectOf<R: Reducer> = Effect<R.Action>
