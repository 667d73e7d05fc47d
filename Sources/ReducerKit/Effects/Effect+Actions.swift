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
  /// Merged effects send concurrently, concatenated ones one after the other. Ending the
  /// iteration cancels the work.
  ///
  /// Outside a store there is no feature instance to own a cancel id, so ids are shared by every
  /// run of `actions` in the process: a run made cancellable with `cancelInFlight` cancels the
  /// runs still in flight with its id (so a debounced effect run again replaces the waiting
  /// one), and iterating ``cancel(id:)``'s actions cancels them all. A throttled effect runs as
  /// if alone.
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
    case .none, .cancel(.child), .cancel(.elements):
      return
    case .cancel(.id(let id)):
      RunsOutsideAStore.shared.cancel(id)
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
    case .cancellable(let inner, let id, let cancelInFlight):
      let runs = RunsOutsideAStore.shared
      if cancelInFlight { runs.cancel(id) }
      let run = Task { await emit(inner, dependencies: dependencies, into: continuation) }
      let token = runs.insert(id, cancel: run.cancel)
      await withTaskCancellationHandler {
        await run.value
      } onCancel: {
        run.cancel()
      }
      runs.remove(id, token: token)
    case .scoped(_, let inner), .throttle(let inner, _, _, _):
      await emit(inner, dependencies: dependencies, into: continuation)
    case .dependencies(let values, let inner):
      await emit(inner, dependencies: values, into: continuation)
    }
  }
}

/// The cancellable runs of ``Effect/actions`` in flight, by cancel id, shared by the process.
private final class RunsOutsideAStore: Sendable {
  static let shared = RunsOutsideAStore()

  private struct Runs: Sendable {
    var next = 0
    var byID: [CancelID: [Int: @Sendable () -> Void]] = [:]
  }
  private let runs = LockedValue(Runs())

  /// Registers a run's cancellation under `id`; the token removes it once the run ends.
  func insert(_ id: CancelID, cancel: @escaping @Sendable () -> Void) -> Int {
    runs.withLock {
      $0.next += 1
      $0.byID[id, default: [:]][$0.next] = cancel
      return $0.next
    }
  }

  func remove(_ id: CancelID, token: Int) {
    runs.withLock {
      $0.byID[id]?[token] = nil
      if $0.byID[id]?.isEmpty == true { $0.byID[id] = nil }
    }
  }

  /// Cancels every run in flight with `id`.
  func cancel(_ id: CancelID) {
    // NB: the cancellations run after the lock is released: a task's cancellation handler may
    // run synchronously and must not find the lock held.
    let cancellations = runs.withLock { $0.byID.removeValue(forKey: id).map { Array($0.values) } }
    for cancel in cancellations ?? [] { cancel() }
  }
}
