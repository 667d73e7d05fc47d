extension Effect where Action: Sendable {
  /// The actions the effect sends, as an asynchronous sequence, for running an effect outside a
  /// store — a test of an effect-returning helper, or a bridge to other code.
  ///
  /// ```swift
  /// var received: [Feature.Action] = []
  /// for await action in Feature.refresh(client: .mock).actions {
  ///   received.append(action)
  /// }
  /// ```
  ///
  /// Merged effects send concurrently, concatenated ones one after the other. Cancel ids mean
  /// nothing outside a store: cancellations are ignored, and a throttled or debounced effect
  /// runs once, as if alone. Ending the iteration cancels the work.
  public var actions: AsyncStream<Action> {
    AsyncStream { continuation in
      let task = Task {
        await Self.emit(self, dependencies: nil, into: continuation)
        continuation.finish()
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }

  private static func emit(
    _ effect: Self, dependencies: DependencyValues?,
    into continuation: AsyncStream<Action>.Continuation
  ) async {
    switch effect.operation {
    case .none, .cancel:
      return
    case .send(let action):
      continuation.yield(action)
    case .run(_, let body):
      let lifetime = EffectLifetime(origin: nil)
      let send = Send<Action>(lifetime: lifetime) { continuation.yield($0) }
      if let dependencies {
        await DependencyValues.$taskLocal.withValue(dependencies) { await body(send) }
      } else {
        await body(send)
      }
      lifetime.markFinished()
    case .merge(let effects):
      await withTaskGroup(of: Void.self) { group in
        for effect in effects {
          group.addTask { await emit(effect, dependencies: dependencies, into: continuation) }
        }
      }
    case .concatenate(let effects):
      for effect in effects {
        guard !Task.isCancelled else { return }
        await emit(effect, dependencies: dependencies, into: continuation)
      }
    case .cancellable(let inner, _, _), .scoped(_, let inner), .throttle(let inner, _, _, _):
      await emit(inner, dependencies: dependencies, into: continuation)
    case .dependencies(let values, let inner):
      await emit(inner, dependencies: values, into: continuation)
    }
  }
}
