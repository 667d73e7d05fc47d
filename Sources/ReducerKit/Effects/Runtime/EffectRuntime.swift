/// Runs a store's effects: the one interpreter of ``Effect``. It starts their tasks, files them
/// by feature instance (scope path) and cancel id, and cancels them when asked or when the store
/// goes away.
///
/// One runtime serves a root store and all stores scoped from it, so cancellation ids are scoped
/// to that tree of stores, and within it to the instance that returned the effect.
@MainActor
@usableFromInline
package final class EffectRuntime: Sendable {
  /// Where an effect is being interpreted: the instance it belongs to, the ids that wrap it, the
  /// dependencies its work sees, and the `send` that returned it.
  struct Context {
    var steps: [PathStep]
    var ids: [(steps: [PathStep], id: CancelID)]
    var dependencies: DependencyValues
    let origin: SourceLocation?
    /// The send's lineage (``StoreTask``), which lets go of a task of it when it ends.
    let lineage: EffectLineage?
    /// The composite effect (concatenate) whose task started this work, if any: its work is
    /// reported as part of it, not again on its own.
    var parent: Int? = nil
  }

  struct Entry {
    let task: Task<Void, Never>
    let parent: Int?
    let node: InstanceNode
    let cancellables: [(node: InstanceNode, id: CancelID)]
    let origin: SourceLocation?
    let lineage: EffectLineage?
  }

  // NB: internal rather than private: the throttle (`Throttle/EffectRuntime+Throttle.swift`)
  // and the listings (`EffectRuntime+Listing.swift`) extend the runtime from their own files.
  var entries: [Int: Entry] = [:]
  let root = InstanceNode(step: nil, parent: nil)
  private var nextKey = 0
  /// Bodies of composite effects, parked until their task runs them on the main actor.
  ///
  /// NB: the body is parked in the runtime rather than captured by the task, so that the
  /// non-`Sendable` effects it holds never leave the main actor's region.
  private var parked: [Int: @MainActor (Int) async -> Void] = [:]

  /// The executor that effect work runs on (a `TaskExecutor`); `nil` for the global concurrent
  /// executor. Test stores run effects on the main queue so that tests are deterministic.
  ///
  /// NB: untyped, because `TaskExecutor` exists on Apple platforms from iOS 18 / macOS 15 only,
  /// above the kit's floor: below it, effects run on the global executor (see `spawn`).
  package var executor: (any Sendable)?

  /// The dependencies every effect sees, unless a reducer overrides them. They carry the
  /// root's dismissal: `dismiss()` in an effect of the root feature dismisses the store.
  package var dependencies: DependencyValues {
    didSet { dependencies.presentationDismissal = rootDismissal }
  }

  /// Whether the root feature dismissed itself (observable).
  package let dismissal = RootDismissal()

  /// What `dismiss()` does in an effect of the root feature.
  private var rootDismissal: PresentationDismissal {
    PresentationDismissal { [weak self] in await self?.dismissRoot() }
  }

  package init(dependencies: DependencyValues) {
    self.dependencies = dependencies
    self.dependencies.presentationDismissal = rootDismissal
  }

  /// The root feature dismissed itself: every effect is cancelled, and the store says so.
  private func dismissRoot() {
    guard !dismissal.isDismissed else { return }
    dismissal.dismiss()
    cancelAll()
  }

  isolated deinit {
    for entry in entries.values { entry.task.cancel() }
  }

  /// How many effects are running.
  package var runningCount: Int { entries.count }

  /// Whether any effect runs, kept with `entries`: read by the store's inlined send and, through
  /// the reduce context, by a redacted reducer.
  @usableFromInline package let activity = EffectActivity()

  /// Whether no effect is running.
  @inlinable
  var isIdle: Bool { activity.isIdle }

  /// Whether deliveries are marked with their effect's instance (a recording store).
  package var marksDeliveries = false
  /// Told when effect work starts and ends and when it delivers an action: a watched store's
  /// hook (a recording's effect spans, a trace); `nil`, and never called, otherwise.
  package var lifecycle: (@MainActor (EffectLifecycleEvent) -> Void)?
  /// The instance whose effect is delivering an action now, while ``marksDeliveries``.
  // NB: `@exclusivity(unchecked)`: main-actor only, read and cleared by a watched store's send,
  // set just before a delivery; its dynamic check was 31 instructions of a recorded send.
  @exclusivity(unchecked) private var delivering: [PathStep]?

  /// Who sent the action being delivered: an effect of the instance that started it, or, if no
  /// effect is delivering, the outside. Clears the mark.
  @usableFromInline func takeDeliveryOrigin() -> ActionOrigin {
    defer { delivering = nil }
    guard let delivering else { return .outside }
    return .effect(path: PathStep.describe(path: delivering))
  }

  /// The effects started by the send that just returned, until its store takes them.
  private var startedLineage: EffectLineage?

  /// The lineage of the effect delivering an action now: the work that action starts joins it.
  @usableFromInline var deliveringLineage: EffectLineage?

  /// Keeps the effects a send started, for the store that sent the action to take.
  @usableFromInline
  func handOver(_ lineage: EffectLineage) {
    startedLineage = lineage
  }

  /// The effects started by the send that just returned (once: the runtime lets go of them).
  @usableFromInline
  package func takeStartedLineage() -> EffectLineage? {
    defer { startedLineage = nil }
    return startedLineage
  }

  /// Cancels every running effect.
  package func cancelAll() {
    for key in entries.keys { cancelEffect(key) }
    root.clearSubtreeThrottles()
  }

  /// Whether starting `effect` would do anything: it is not `.none`, and it is not only
  /// cancellations while nothing runs (what a redacted feature's swallowed action returns).
  /// The store asks before it builds the closures `start` needs.
  // NB: 319 → 33 ns per redacted send, skipping the swallowed action's cancellation
  // (`benchmarks --filter redacted`).
  @inlinable
  func hasWork<Action>(in effect: Effect<Action>) -> Bool {
    !effect.isNone && !(isIdle && effect.onlyCancels)
  }

  /// Starts an effect that a `send` at `origin` returned; its tasks leave `lineage` as they end.
  func start<Action>(
    _ effect: Effect<Action>,
    origin: SourceLocation?,
    lineage: EffectLineage?,
    enqueue: (Action) -> Void,
    deliver: @escaping @MainActor @Sendable (Action) -> Void,
    tasks: inout [Task<Void, Never>]
  ) {
    let context = Context(
      steps: [], ids: [], dependencies: dependencies, origin: origin, lineage: lineage)
    start(effect, in: context, enqueue: enqueue, deliver: deliver, tasks: &tasks)
  }

  /// The interpreter. Actions the effect sends synchronously go to `enqueue`; actions its work
  /// sends later go to `deliver`; the tasks it starts are appended to `tasks`.
  func start<Action>(
    _ effect: Effect<Action>,
    in context: Context,
    enqueue: (Action) -> Void,
    deliver: @escaping @MainActor @Sendable (Action) -> Void,
    tasks: inout [Task<Void, Never>]
  ) {
    switch effect.operation {
    case .none:
      return

    case .send(let action):
      if marksDeliveries { delivering = context.steps }
      enqueue(action)

    case .run(let priority, let body):
      tasks.append(spawn(body, priority: priority, in: context, deliver: deliver))

    case .merge(let effects):
      for effect in effects {
        start(effect, in: context, enqueue: enqueue, deliver: deliver, tasks: &tasks)
      }

    case .concatenate(let effects):
      tasks.append(
        spawnParked(in: context) { [weak self] key in
          var inner = context
          inner.parent = key
          for effect in effects {
            guard !Task.isCancelled,
              let started = self?.startToAwait(effect, in: inner, deliver: deliver)
            else { return }
            await Self.awaitAll(started)
          }
        })

    case .cancellable(let inner, let id, let cancelInFlight):
      if cancelInFlight { cancel(.id(id), at: context.steps) }
      var context = context
      context.ids.append((context.steps, id))
      start(inner, in: context, enqueue: enqueue, deliver: deliver, tasks: &tasks)

    case .cancel(let cancellation):
      cancel(cancellation, at: context.steps)

    case .scoped(let component, let inner):
      var context = context
      context.steps += component.steps
      start(inner, in: context, enqueue: enqueue, deliver: deliver, tasks: &tasks)

    case .dependencies(let values, let inner):
      var context = context
      context.dependencies = values
      start(inner, in: context, enqueue: enqueue, deliver: deliver, tasks: &tasks)

    case .throttle(let inner, let id, let latest, let window):
      throttle(
        inner, id: id, latest: latest, window: window, in: context, enqueue: enqueue,
        deliver: deliver, tasks: &tasks)
    }
  }

  /// Starts `effect` inside a composite effect's task, where sent actions are delivered at once.
  func startToAwait<Action>(
    _ effect: Effect<Action>,
    in context: Context,
    deliver: @escaping @MainActor @Sendable (Action) -> Void
  ) -> [Task<Void, Never>] {
    var started: [Task<Void, Never>] = []
    start(effect, in: context, enqueue: deliver, deliver: deliver, tasks: &started)
    return started
  }

  // MARK: - Cancellation

  func cancel(_ cancellation: Cancellation, at steps: [PathStep]) {
    // NB: the common case — nothing is running — costs one check. (A throttle's open window
    // needs no cancelling: only what it holds does, and a held effect is a running wait.)
    guard !entries.isEmpty else { return }
    switch cancellation {
    case .id(let id):
      guard let node = root.descendant(steps, creating: false) else { return }
      cancel(id, inSubtreeOf: node)

    case .child(let component):
      guard let node = root.descendant(steps + component.steps, creating: false) else { return }
      cancelSubtree(node)

    case .elements(let collection, let filter):
      guard let node = root.descendant(steps + collection.steps, creating: false) else { return }
      for (step, child) in node.children {
        guard case .element(let id) = step, !filter.contains(id) else { continue }
        cancelSubtree(child)
      }
    }
  }

  /// Cancels the effects made cancellable with `id` by the instance at `node` and by every
  /// instance below it — a parent's `.cancel(id:)` reaches its children's effects, as in the
  /// best-known library — but never a sibling's or an ancestor's: one row's cancel never
  /// touches another row.
  private func cancel(_ id: CancelID, inSubtreeOf node: InstanceNode) {
    for key in node.cancellables[id] ?? [] { cancelEffect(key) }
    // NB: cancelling a throttled stream drops what it held (its wait was cancelled above);
    // its window stays open, as in the best-known library.
    node.throttles[id]?.dropHeld()
    for child in node.children.values { cancel(id, inSubtreeOf: child) }
  }

  /// Cancels the work `key`, telling a watching hook when it was running.
  func cancelEffect(_ key: Int) {
    guard let entry = entries[key] else { return }
    if let lifecycle, !entry.task.isCancelled { lifecycle(.cancelled(id: key)) }
    entry.task.cancel()
  }

  private func cancelSubtree(_ node: InstanceNode) {
    var keys: [Int] = []
    node.subtreeEffects(into: &keys)
    for key in keys { cancelEffect(key) }
    node.clearSubtreeThrottles()
    node.pruneIfUnused()
  }

  // MARK: - Tasks

  static func awaitAll(_ tasks: [Task<Void, Never>]) async {
    await withTaskCancellationHandler {
      for task in tasks { await task.value }
    } onCancel: {
      for task in tasks { task.cancel() }
    }
  }

  private func spawn<Action>(
    _ body: @escaping @Sendable (Send<Action>) async -> Void,
    priority: TaskPriority?,
    in context: Context,
    deliver: @escaping @MainActor @Sendable (Action) -> Void
  ) -> Task<Void, Never> {
    let key = reserveKey()
    let lifetime = EffectLifetime(origin: context.origin)
    var deliver = deliver
    if marksDeliveries {
      let steps = context.steps
      deliver = { [weak self, deliver] action in
        self?.delivering = steps
        self?.lifecycle?(.delivers(id: key))
        deliver(action)
      }
    }
    let send = Send(lifetime: lifetime, deliver: deliver)
    var dependencies = context.dependencies
    dependencies.effectInstance = EffectInstance(runtime: self, steps: context.steps)
    // NB: whether the work was cancelled is asked only for a watching hook: a plain store's
    // effects do not pay for the question.
    let watched = lifecycle != nil
    let work: @Sendable () async -> Void = { [weak self, dependencies] in
      await DependencyValues.$taskLocal.withValue(dependencies) { await body(send) }
      // NB: marked here, in the effect's task, not after the hop to the main actor below.
      lifetime.markFinished()
      await self?.finish(key: key, lifetime: lifetime, cancelled: watched && Task.isCancelled)
    }
    let task: Task<Void, Never>
    if let executor, #available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *),
      let executor = executor as? any TaskExecutor
    {
      task = Task(executorPreference: executor, priority: priority, operation: work)
    } else {
      task = Task(priority: priority, operation: work)
    }
    register(key: key, task: task, in: context)
    return task
  }

  /// Starts a task that runs `body` (given the task's key) on the main actor. The body must not
  /// keep the runtime alive across its suspensions (capture it weakly), so that releasing the
  /// store cancels it.
  func spawnParked(
    in context: Context, _ body: @escaping @MainActor (Int) async -> Void
  ) -> Task<Void, Never> {
    let key = reserveKey()
    parked[key] = body
    // NB: `self` is captured weakly and held only across synchronous calls, so that a body
    // waiting for time or for other effects never keeps the store's runtime alive.
    let task = Task { @MainActor [weak self] in
      guard let body = self?.takeParked(key: key) else { return }
      await body(key)
      self?.finish(key: key, lifetime: nil, cancelled: self?.lifecycle != nil && Task.isCancelled)
    }
    register(key: key, task: task, in: context)
    return task
  }

  private func takeParked(key: Int) -> (@MainActor (Int) async -> Void)? {
    parked.removeValue(forKey: key)
  }

  private func reserveKey() -> Int {
    defer { nextKey += 1 }
    return nextKey
  }

  private func register(key: Int, task: Task<Void, Never>, in context: Context) {
    guard let node = root.descendant(context.steps, creating: true) else {
      preconditionFailure("Internal inconsistency: a created node is missing.")
    }
    node.effects.insert(key)
    var cancellables: [(node: InstanceNode, id: CancelID)] = []
    for (steps, id) in context.ids {
      guard let idNode = root.descendant(steps, creating: true) else { continue }
      idNode.cancellables[id, default: []].insert(key)
      cancellables.append((idNode, id))
    }
    entries[key] = Entry(
      task: task, parent: context.parent, node: node, cancellables: cancellables,
      origin: context.origin, lineage: context.lineage)
    activity.isIdle = false
    // NB: the names are made only when a hook watches (the arguments of an optional call are
    // evaluated only when it is made).
    lifecycle?(
      .started(
        id: key, path: PathStep.describe(path: context.steps), parent: context.parent,
        cancelIDs: context.ids.map { EffectEvent.name(of: $0.id) }))
  }

  private func finish(key: Int, lifetime: EffectLifetime?, cancelled: Bool) {
    lifetime?.markFinished()
    guard let entry = entries.removeValue(forKey: key) else { return }
    // NB: so that a send's task held as long as a screen lives does not keep every task its
    // fed-back actions ever started.
    entry.lineage?.ended(entry.task)
    lifecycle?(.ended(id: key, cancelled: cancelled))
    activity.isIdle = entries.isEmpty
    entry.node.effects.remove(key)
    for (node, id) in entry.cancellables {
      node.cancellables[id]?.remove(key)
      if node.cancellables[id]?.isEmpty == true { node.cancellables[id] = nil }
      node.pruneIfUnused()
    }
    entry.node.pruneIfUnused()
  }
}

/// What a store's effects did, as its runtime tells a watching hook (``StoreHook/effect(_:)``).
/// Work is numbered by the store; a cancelled piece of work still ends, once its task notices.
public enum EffectLifecycleEvent: Equatable, Sendable {
  /// Work with the runtime's key `id` started for the feature instance at `path`, inside the
  /// composite effect `parent` (a concatenation, a throttle's wait), if any, under the
  /// cancellation ids `cancelIDs` (as recordings name them: ``EffectEvent``'s names).
  case started(id: Int, path: String, parent: Int?, cancelIDs: [String])
  /// The work `id` was cancelled (it ends when its work notices).
  case cancelled(id: Int)
  /// The work `id` ended: it finished, or it was cancelled.
  case ended(id: Int, cancelled: Bool)
  /// The work `id` is delivering an action to the store (the next action reduced).
  case delivers(id: Int)
}
