import Synchronization

/// Runs a store's effects: starts their tasks, tracks them by cancellation id, and cancels them
/// when asked or when the store goes away.
///
/// One runtime serves a root store and all stores scoped from it, so cancellation ids are scoped
/// to that tree of stores.
@MainActor
@usableFromInline
package final class EffectRuntime: Sendable {
  struct Entry {
    let task: Task<Void, Never>
    let ids: [CancelID]
    let origin: SourceLocation?
  }

  private var entries: [Int: Entry] = [:]
  private var keysByID: [CancelID: Set<Int>] = [:]
  private var throttles: [CancelID: Throttle] = [:]
  private var nextKey = 0
  private var mainBodies: [Int: @MainActor (EffectRuntime) async -> Void] = [:]

  /// The executor that effect work runs on; `nil` for the global concurrent executor. Test
  /// stores run effects on the main queue so that tests are deterministic.
  package var executor: (any TaskExecutor)?

  /// The dependencies every effect sees.
  package var dependencies: DependencyValues

  /// The redaction reasons of a placeholder store (and of the stores scoped from it).
  package var placeholderReasons: RedactionReasons = []

  /// Whether any effect of this runtime is running, readable from a reducer without hopping to
  /// the main actor.
  ///
  /// NB: written on the main actor only, and read by reducers that a store runs there.
  @exclusivity(unchecked) @usableFromInline
  nonisolated(unsafe) var hasRunningEffects = false

  /// How many effects are running in all stores: a one-load check that lets redacted reducers
  /// skip looking up their store when nothing at all is running.
  @usableFromInline
  nonisolated static let processWideRunningCount = Atomic<Int>(0)

  private struct Throttle {
    var pending: (@MainActor () -> Void)?
  }

  package init(dependencies: DependencyValues) {
    self.dependencies = dependencies
  }

  isolated deinit {
    for entry in entries.values { entry.task.cancel() }
    Self.processWideRunningCount.subtract(entries.count, ordering: .relaxed)
  }

  /// How many effects are running.
  package var runningCount: Int { entries.count }

  /// Where the running effects were started, in start order.
  package var runningOrigins: [SourceLocation?] {
    entries.sorted { $0.key < $1.key }.map(\.value.origin)
  }

  /// Cancels every running effect.
  package func cancelAll() {
    for entry in entries.values { entry.task.cancel() }
  }

  func cancel(id: CancelID) {
    guard let keys = keysByID[id] else { return }
    for key in keys { entries[key]?.task.cancel() }
    throttles[id] = nil
  }

  /// The cancellation ids that running effects are registered under.
  var activeCancelIDs: [CancelID] { Array(keysByID.keys) }

  /// Starts `effect`. Actions it sends synchronously go to `enqueue`; actions its work sends
  /// later go to `deliver`. Returns the tasks it started.
  func start<Action>(
    _ effect: Effect<Action>,
    ids: [CancelID] = [],
    origin: SourceLocation?,
    enqueue: (Action) -> Void,
    deliver: @escaping @MainActor @Sendable (Action) -> Void,
    tasks: inout [Task<Void, Never>]
  ) {
    switch effect.operation {
    case .none:
      return

    case .send(let action):
      enqueue(action)

    case .run(let priority, let body):
      tasks.append(
        spawnRun(priority: priority, body: body, ids: ids, origin: origin, deliver: deliver))

    case .merge(let effects):
      for effect in effects {
        start(
          effect, ids: ids, origin: origin, enqueue: enqueue, deliver: deliver, tasks: &tasks)
      }

    case .concatenate(let effects):
      tasks.append(
        spawnMain(ids: ids, origin: origin) { runtime in
          for effect in effects {
            guard !Task.isCancelled else { return }
            await runtime.run(effect, ids: ids, origin: origin, deliver: deliver)
          }
        })

    case .cancellable(let inner, let id, let cancelInFlight):
      if cancelInFlight { cancel(id: id) }
      start(
        inner, ids: ids + [id], origin: origin, enqueue: enqueue, deliver: deliver,
        tasks: &tasks)

    case .cancel(let id):
      cancel(id: id)

    case .debounce(let inner, let id, let sleep):
      cancel(id: id)
      tasks.append(
        spawnMain(ids: ids + [id], origin: origin) { runtime in
          do { try await sleep() } catch { return }
          guard !Task.isCancelled else { return }
          await runtime.run(inner, ids: ids + [id], origin: origin, deliver: deliver)
        })

    case .throttle(let inner, let id, let latest, let sleep):
      if throttles[id] != nil {
        if latest || throttles[id]?.pending == nil {
          throttles[id]?.pending = { [unowned self] in
            var ignored: [Task<Void, Never>] = []
            self.start(
              inner, ids: ids + [id], origin: origin, enqueue: deliver, deliver: deliver,
              tasks: &ignored)
          }
        }
        return
      }
      throttles[id] = Throttle()
      start(
        inner, ids: ids + [id], origin: origin, enqueue: enqueue, deliver: deliver, tasks: &tasks)
      tasks.append(
        spawnMain(ids: ids + [id], origin: origin) { runtime in
          defer { runtime.throttles[id] = nil }
          while true {
            do { try await sleep() } catch { return }
            guard !Task.isCancelled, let pending = runtime.throttles[id]?.pending else { return }
            runtime.throttles[id]?.pending = nil
            pending()
          }
        })
    }
  }

  /// Runs `effect` to completion inside the current task (used by composite effects).
  func run<Action>(
    _ effect: Effect<Action>,
    ids: [CancelID],
    origin: SourceLocation?,
    deliver: @escaping @MainActor @Sendable (Action) -> Void
  ) async {
    switch effect.operation {
    case .none:
      return

    case .send(let action):
      Send(lifetime: EffectLifetime(origin: origin), deliver: deliver)(action)

    case .run(_, let body):
      let lifetime = EffectLifetime(origin: origin)
      let send = Send(lifetime: lifetime, deliver: deliver)
      await DependencyValues.$taskLocal.withValue(dependencies) {
        await body(send)
      }
      lifetime.isFinished = true

    case .merge(let effects):
      var children: [Task<Void, Never>] = []
      for effect in effects {
        children.append(
          spawnMain(ids: ids, origin: origin) { runtime in
            await runtime.run(effect, ids: ids, origin: origin, deliver: deliver)
          })
      }
      await Self.awaitAll(children)

    case .concatenate(let effects):
      for effect in effects {
        guard !Task.isCancelled else { return }
        await run(effect, ids: ids, origin: origin, deliver: deliver)
      }

    case .cancellable(let inner, let id, let cancelInFlight):
      if cancelInFlight { cancel(id: id) }
      let child = spawnMain(ids: ids + [id], origin: origin) { runtime in
        await runtime.run(inner, ids: ids + [id], origin: origin, deliver: deliver)
      }
      await Self.awaitAll([child])

    case .cancel(let id):
      cancel(id: id)

    case .debounce, .throttle:
      var started: [Task<Void, Never>] = []
      start(
        effect, ids: ids, origin: origin, enqueue: deliver, deliver: deliver, tasks: &started)
      await Self.awaitAll(started)
    }
  }

  private static func awaitAll(_ tasks: [Task<Void, Never>]) async {
    await withTaskCancellationHandler {
      for task in tasks { await task.value }
    } onCancel: {
      for task in tasks { task.cancel() }
    }
  }

  private func spawnRun<Action>(
    priority: TaskPriority?,
    body: @escaping @Sendable (Send<Action>) async -> Void,
    ids: [CancelID],
    origin: SourceLocation?,
    deliver: @escaping @MainActor @Sendable (Action) -> Void
  ) -> Task<Void, Never> {
    let key = reserveKey()
    let lifetime = EffectLifetime(origin: origin)
    let send = Send(lifetime: lifetime, deliver: deliver)
    let dependencies = self.dependencies
    let task = Task(executorPreference: executor, priority: priority) { [weak self] in
      await DependencyValues.$taskLocal.withValue(dependencies) {
        await body(send)
      }
      await self?.finish(key: key, lifetime: lifetime)
    }
    register(key: key, task: task, ids: ids, origin: origin)
    return task
  }

  private func spawnMain(
    ids: [CancelID],
    origin: SourceLocation?,
    _ body: @escaping @MainActor (EffectRuntime) async -> Void
  ) -> Task<Void, Never> {
    let key = reserveKey()
    // NB: the body is parked in the runtime rather than captured by the task, so that the
    // non-`Sendable` effects it holds never leave the main actor's region.
    mainBodies[key] = body
    let task = Task<Void, Never>(executorPreference: executor) { [weak self] in
      await self?.runMainBody(key: key)
    }
    register(key: key, task: task, ids: ids, origin: origin)
    return task
  }

  private func runMainBody(key: Int) async {
    guard let body = mainBodies.removeValue(forKey: key) else { return }
    await body(self)
    finish(key: key, lifetime: nil)
  }

  private func reserveKey() -> Int {
    defer { nextKey += 1 }
    return nextKey
  }

  private func register(key: Int, task: Task<Void, Never>, ids: [CancelID], origin: SourceLocation?)
  {
    entries[key] = Entry(task: task, ids: ids, origin: origin)
    hasRunningEffects = true
    Self.processWideRunningCount.add(1, ordering: .relaxed)
    for id in ids { keysByID[id, default: []].insert(key) }
  }

  private func finish(key: Int, lifetime: EffectLifetime?) {
    lifetime?.isFinished = true
    guard let entry = entries.removeValue(forKey: key) else { return }
    hasRunningEffects = !entries.isEmpty
    Self.processWideRunningCount.subtract(1, ordering: .relaxed)
    for id in entry.ids {
      keysByID[id]?.remove(key)
      if keysByID[id]?.isEmpty == true { keysByID[id] = nil }
    }
  }
}
