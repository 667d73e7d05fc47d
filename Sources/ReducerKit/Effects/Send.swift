/// Sends actions from an effect back into the store, on the main actor.
///
/// `Effect.run` hands you one:
///
/// ```swift
/// return .run { send in
///   for await event in events() {
///     await send(.event(event))
///   }
/// }
/// ```
///
/// Actions sent after the effect was cancelled are dropped (cancellation is deliberate). Actions
/// sent after the effect's operation returned are dropped and reported: an escaped `send` is a
/// bug, because the store no longer tracks that work. "After" is decided when the action reaches
/// the main actor: one that gets there after the operation returned is dropped, however long it
/// waited behind other work.
public struct Send<Action>: Sendable {
  let deliver: @MainActor @Sendable (Action) -> Void
  let lifetime: EffectLifetime

  init(lifetime: EffectLifetime, deliver: @escaping @MainActor @Sendable (Action) -> Void) {
    self.deliver = deliver
    self.lifetime = lifetime
  }

  /// Sends an action back into the store.
  /// - Parameter action: The action.
  @MainActor
  public func callAsFunction(_ action: Action) {
    guard !Task.isCancelled else { return }
    guard !lifetime.isFinished else {
      reportIssue(
        """
        An action was sent from an effect that had already finished: \(describe(action))

        The store stopped tracking the effect when its operation returned, so this action \
        arrives out of order and cannot be cancelled. Await the work inside `Effect.run` \
        instead of letting `send` escape into a detached task or a callback.
        """,
        at: lifetime.origin ?? SourceLocation()
      )
      return
    }
    deliver(action)
  }

  /// A `Send` for another action type that transforms its actions into this one's.
  func map<ChildAction>(_ transform: @escaping @Sendable (ChildAction) -> Action) -> Send<
    ChildAction
  > {
    let deliver = self.deliver
    return Send<ChildAction>(lifetime: lifetime) { deliver(transform($0)) }
  }
}

/// Whether the effect a `Send` belongs to has ended, and where it was started.
///
/// The effect's own task marks it finished the moment its operation returns, before it hops to
/// the main actor to be unregistered: a `send` that escaped and reaches the main actor later is
/// reported whatever else the main actor had to do first.
final class EffectLifetime: Sendable {
  private let finished = AtomicCell(false)
  let origin: SourceLocation?

  init(origin: SourceLocation?) { self.origin = origin }

  var isFinished: Bool { finished.load(ordering: .acquiring) }

  func markFinished() { finished.store(true, ordering: .releasing) }
}
