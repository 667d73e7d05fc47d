import Observation

/// What every store of a tree shares with its root: the effect runtime, and the list of stores
/// that were read.
@MainActor
@usableFromInline
package protocol StoreRoot: AnyObject {
  var runtime: EffectRuntime { get }
  /// The stores of the tree that were read, checked after every action.
  var hub: ObservationHub { get }
  /// Counts the actions reduced, so that a child store can tell that the state it read last is
  /// still the state (see `Store.elementStore`).
  var stateVersion: StateVersion { get }
  /// The redaction reasons of a placeholder store, shared by the stores scoped from it
  /// (``Store/placeholder(_:reasons:fileID:filePath:line:column:)``).
  var placeholderReasons: RedactionReasons { get set }
}

/// How many actions a root reduced: its state can only have changed when this moved.
@MainActor
@usableFromInline
package final class StateVersion {
  // NB: `@exclusivity(unchecked)`: main-actor only, never accessed re-entrantly.
  @exclusivity(unchecked) @usableFromInline var value: UInt64 = 0
  @usableFromInline init() {}
}

/// The root of a tree of stores: owns the state, the reducer, the effect runtime and the hook
/// that watches its actions (``StoreHook``; ``NoHook`` for a store that watches nothing).
///
/// `send` is `@inlinable` so that it is specialized for the feature's reducer and hook in the
/// module that creates the store: the send path then runs with no generic metadata lookups, and
/// with ``NoHook`` no watching branch is compiled at all.
@MainActor
@usableFromInline
package final class RootCore<R: Reducer, Hook: StoreHook>: StoreRoot
where Hook.State == R.State, Hook.Action == R.Action {
  /// The state, mutated in place by `send`.
  // NB: `@exclusivity(unchecked)`: `flags` already rules out overlapping mutations, and the
  // dynamic check cost a quarter of a send (counter: 22.5 → 17.8 ns, `benchmarks --filter
  // Store.send`). A raw pointer instead would save 0.7 ns more; not worth managing its memory.
  @exclusivity(unchecked) @usableFromInline var currentState: R.State
  @usableFromInline let reducer: R
  @usableFromInline package let runtime: EffectRuntime
  @usableFromInline package let hub = ObservationHub()
  @usableFromInline package let stateVersion = StateVersion()
  @usableFromInline package var placeholderReasons: RedactionReasons = []
  // NB: `@exclusivity(unchecked)`: these are only touched on the main actor, by `send`, which
  // never overlaps itself; dynamic exclusivity checks would cost more than the rest of `send`.
  @exclusivity(unchecked) @usableFromInline var queue: [R.Action] = []
  /// What a send tests, in one byte: ``SendFlags/sending`` while an action is processed,
  /// ``SendFlags/queued`` once one was queued behind it, ``SendFlags/observed`` while anything
  /// of the tree is observed (the hub keeps it).
  // NB: one byte compared with `sending` after the reduce, instead of testing the queue's count
  // and the hub's flag through their objects, with both tests marked likely (counter send
  // 53 → 49 instructions).
  @exclusivity(unchecked) @usableFromInline var flags: SendFlags = []
  /// The per-action shortcut: the reduce context, installed around each reduce (see
  /// `SendFastPath`).
  @exclusivity(unchecked) @usableFromInline var fastPath: SendFastPath
  /// What watches the actions (a recorder), or ``NoHook``.
  @usableFromInline let hook: Hook
  /// The origins of the queued actions, for the hook (a watched root only).
  // NB: `@exclusivity(unchecked)`: main-actor only, never accessed re-entrantly; it was the
  // recording hook's before the hook was public, where the same figure holds (CONTRIBUTING).
  @exclusivity(unchecked) @usableFromInline var queuedOrigins = OriginQueue()

  @usableFromInline
  package init(initialState: R.State, reducer: R, dependencies: DependencyValues, hook: Hook) {
    self.currentState = initialState
    self.reducer = reducer
    self.hook = hook
    let runtime = EffectRuntime(dependencies: dependencies)
    // NB: a watched store's deliveries are marked with the effect instance that sent them.
    runtime.marksDeliveries = Hook.isWatching
    if Hook.isWatching { runtime.lifecycle = { [hook] in hook.effect($0) } }
    self.runtime = runtime
    // NB: the runtime's values carry the root's dismissal; reducers see the same values.
    // NB: a watched store's reducers are never told that no effect runs (see `makeContext`).
    self.fastPath = SendFastPath(
      context: ReduceContext(values: runtime.dependencies), storeIsIdle: !Hook.isWatching)
    if reducer._takesGeneralPath { flags.insert(.general) }
    // NB: unowned: the hub belongs to this root.
    hub.observedChanged = { [unowned self] isObserved in
      if isObserved { flags.insert(.observed) } else { flags.remove(.observed) }
    }
    if !Hook.isWatching {
      // NB: weak: the runtime outlives its root while effects still run, and tells it when the
      // last one ends.
      runtime.activity.changed = { [weak self] isIdle in self?.fastPath.storeIsIdle = isIdle }
    }
  }

  /// The dependencies the reducer and effects see; test stores change them between steps.
  package var dependencies: DependencyValues {
    get { fastPath.context.values }
    set {
      runtime.dependencies = newValue
      fastPath.context = makeContext()
    }
  }

  /// The state. (Observation is the ``Store``'s job: reading here registers nothing.)
  @inlinable
  package var state: R.State { currentState }

  // NB: `@inline(__always)` into the store's send closure, its only caller on the hot path: one
  // call and one prologue fewer per action (a gain within the benchmark's noise here).
  /// Reduces `action` and everything it queues, and starts their effects.
  /// - Returns: Whether effects were started; ``EffectRuntime/takeStartedLineage()`` hands
  ///   them over.
  // NB: a `Bool` rather than a ``StoreTask``: the store's send closure returns it on every
  // action, and a trivial value needs no release at the call site, where an optional array
  // did (a `swift_release` call per send, about a tenth of a counter send).
  @inlinable @inline(__always)
  package func send(_ action: R.Action, origin: SourceLocation?) -> Bool {
    if Hook.isWatching { return sendWatched(action, origin: origin) }
    // NB: a root reducer that takes its general path (see ``SendFlags/general``) is told by the
    // bit this test reads anyway.
    guard _fastPath(flags.isDisjoint(with: [.sending, .general])) else {
      return sendOffFastPath(action, origin)
    }
    flags.insert(.sending)
    let effect = reduceOnFastPath(action)
    // NB: the common case — no effect, nothing queued, nobody observing — returns here, before
    // the loop's bookkeeping; the same test as a function of `SendFastPath` measured 17–21 more
    // instructions per send on the Scope and row paths (CONTRIBUTING's "Performance notes").
    if _fastPath(effect.isNone && flags == .sending) {
      flags = []
      return false
    }
    return finishSending(effect, origin: origin)
  }

  // NB: the two ways out of `send` that do more are calls in tail position, out of line: the
  // common path then makes no call and saves no register (counter send 63 → 53 instructions).
  /// A send while another is being processed: queued behind it, and reported.
  @usableFromInline @inline(never)
  func queueReentrant(_ action: R.Action, origin: SourceLocation?) -> Bool {
    queue.append(action)
    flags.insert(.queued)
    reportReentrantSend(action, origin: origin)
    return false
  }

  /// A send while another is being processed (queued, see ``queueReentrant(_:origin:)``), or
  /// whose root reducer takes its general path (see ``SendFlags/general``): reduced by
  /// ``reduce(_:)``.
  @usableFromInline @inline(never)
  func sendOffFastPath(_ action: R.Action, _ origin: SourceLocation?) -> Bool {
    guard !flags.contains(.sending) else { return queueReentrant(action, origin: origin) }
    flags.insert(.sending)
    let effect = reduce(action)
    if effect.isNone && flags == [.sending, .general] {
      flags = .general
      return false
    }
    return finishSending(effect, origin: origin)
  }

  /// The rest of a send whose action returned an effect, queued more or is observed.
  @usableFromInline @inline(never)
  func finishSending(_ effect: __owned Effect<R.Action>, origin: SourceLocation?) -> Bool {
    defer { flags.subtract([.sending, .queued]) }
    return process(effect, origin: origin)
  }

  /// Sends `action` and returns the effects it started.
  package func sendReturningTask(_ action: R.Action, origin: SourceLocation?) -> StoreTask {
    send(action, origin: origin)
      ? StoreTask(lineage: runtime.takeStartedLineage()) : StoreTask(lineage: nil)
  }

  /// The rest of `send`: starts `effect`, then reduces every queued action in order, telling
  /// observers about changes once nothing is left to reduce. Leaves the started effects with the
  /// runtime, and returns whether there are any.
  @inlinable
  func process(_ effect: Effect<R.Action>, origin: SourceLocation?) -> Bool {
    // NB: the effects started so far, with those of the actions they feed back later; `nil`
    // while no task started (one optional, as the task list it replaced: a watched send that
    // started nothing paid 13 instructions more for a second one).
    var lineage: EffectLineage? = nil
    var effect = effect
    var next = 0
    while true {
      if runtime.hasWork(in: effect) {
        start(effect, origin: origin, lineage: &lineage)
      }
      if next == queue.count, !hub.isEmpty {
        // NB: after the action and everything it queued; an observer that sends while it is
        // notified gets its action queued, and reduced by this loop.
        hub.notifyObserversOfChanges()
      }
      guard next < queue.count else { break }
      if Hook.isWatching {
        effect = reduceWatchedQueued(queue[next], origin: origin)
      } else {
        effect = reduce(queue[next])
      }
      next += 1
    }
    if next > 0 { queue.removeAll(keepingCapacity: true) }
    guard let lineage else { return false }
    runtime.handOver(lineage)
    return true
  }

  /// ``reduce(_:)`` through the root reducer's fast path, which only a root that takes no
  /// general path runs (see ``Reducer/_takesGeneralPath``).
  @inlinable @inline(__always)
  func reduceOnFastPath(_ action: R.Action) -> Effect<R.Action> {
    reduce(action) { $0._reduceOnFastPath(into: &$1, action: action) }
  }

  // NB: `@inline(__always)`: out of line, a counter send paid a call and a prologue for 17
  // instructions (CONTRIBUTING's "Performance notes").
  /// Reduces `action` with the context installed.
  @inlinable @inline(__always)
  func reduce(_ action: R.Action) -> Effect<R.Action> {
    reduce(action) { $0.reduce(into: &$1, action: action) }
  }

  /// Runs `body` — the root reducer's reduce of `action` — with the context installed (and, in
  /// debug builds, the navigation audit).
  @inlinable @inline(__always)
  func reduce(
    _ action: R.Action, _ body: (R, inout R.State) -> Effect<R.Action>
  ) -> Effect<R.Action> {
    #if DEBUG
      // NB: debug builds only: release builds pay nothing for the audit.
      return NavigationAudit.auditing(action) {
        fastPath.run {
          let effect = body(reducer, &currentState)
          stateVersion.value &+= 1
          return effect
        }
      }
    #else
      return fastPath.run {
        let effect = body(reducer, &currentState)
        stateVersion.value &+= 1
        return effect
      }
    #endif
  }

  @usableFromInline
  func start(
    _ effect: Effect<R.Action>, origin: SourceLocation?, lineage: inout EffectLineage?
  ) {
    var started: [Task<Void, Never>] = []
    // NB: an action delivered by an effect continues that effect's lineage.
    let joined = lineage ?? runtime.deliveringLineage ?? EffectLineage()
    runtime.start(
      effect, origin: origin, lineage: joined,
      enqueue: {
        queue.append($0)
        if Hook.isWatching { queuedOrigins.append(runtime.takeDeliveryOrigin()) }
      },
      deliver: { [weak self] in self?.deliver($0, joining: joined, origin: origin) },
      tasks: &started)
    guard !started.isEmpty else { return }
    joined.append(started)
    lineage = joined
  }

  /// Sends an action an effect delivered: the work it starts joins the effect's lineage.
  @usableFromInline
  func deliver(_ action: R.Action, joining lineage: EffectLineage, origin: SourceLocation?) {
    let outer = runtime.deliveringLineage
    runtime.deliveringLineage = lineage
    defer { runtime.deliveringLineage = outer }
    // NB: the lineage already holds the tasks (`start` added them), so the hand-over is
    // dropped.
    if send(action, origin: origin) { _ = runtime.takeStartedLineage() }
  }

  /// `send` for a watched store: the same steps, with the hook told where each action came
  /// from, the state it found, the effects it returned and the state after it.
  @inlinable
  func sendWatched(_ action: R.Action, origin: SourceLocation?) -> Bool {
    let from = runtime.takeDeliveryOrigin()
    guard !flags.contains(.sending) else {
      queue.append(action)
      flags.insert(.queued)
      queuedOrigins.append(from)
      reportReentrantSend(action, origin: origin)
      return false
    }
    flags.insert(.sending)
    defer { flags.subtract([.sending, .queued]) }
    // NB: a shared value written by an effect or another holder changed the state between sends.
    hook.willReduce(from: from, state: currentState, at: origin)
    hook.reduceBegins()
    let (effect, issues) = reduceNotingIssues(action)
    hook.didReduce(
      action, from: from, effect: effect, issues: issues, state: currentState, at: origin)
    return process(effect, origin: origin)
  }

  /// Reduces a queued action of a watched store (`process`).
  @inlinable
  func reduceWatchedQueued(_ action: R.Action, origin: SourceLocation?) -> Effect<R.Action> {
    hook.reduceBegins()
    let (effect, issues) = reduceNotingIssues(action)
    hook.didReduce(
      action, from: queuedOrigins.take(), effect: effect, issues: issues,
      state: currentState, at: origin)
    return effect
  }

  /// Reduces `action`, noting the issues it raises (which are reported as usual): a recording
  /// keeps them, so that a replay that raises the same ones has not diverged.
  @inlinable
  func reduceNotingIssues(_ action: R.Action) -> (Effect<R.Action>, issues: [String]) {
    let mark = RecentIssues.sequence.load()
    let effect = reduce(action)
    guard RecentIssues.sequence.load() != mark else { return (effect, []) }
    return (effect, RecentIssues.messages(since: mark))
  }

  /// The reduce context for the current dependencies. (Whether effects run is the fast path's
  /// `storeIsIdle`, never set for a watched store: its reducers are not told, so that what they
  /// return — a redacted feature's cancellation — does not depend on timing, and a replay, which
  /// runs no effects, sees the same.)
  func makeContext() -> ReduceContext {
    ReduceContext(values: runtime.dependencies)
  }

  @usableFromInline
  func reportReentrantSend(_ action: R.Action, origin: SourceLocation?) {
    reportIssue(
      """
      An action was sent while the store was still processing another action:
        \(describe(action))

      It was queued and runs after the current action, in order. Sending from inside a \
      reducer, an observation callback or a view update is usually a mistake: return \
      `.send(action)` from the reducer instead.
      """,
      at: origin ?? SourceLocation()
    )
  }
}

extension RootCore where Hook == NoHook<R.State, R.Action> {
  /// A root that watches nothing.
  @inlinable
  package convenience init(initialState: R.State, reducer: R, dependencies: DependencyValues) {
    self.init(
      initialState: initialState, reducer: reducer, dependencies: dependencies, hook: NoHook())
  }
}

/// What a root's send tests (see `RootCore.flags`).
@usableFromInline
struct SendFlags: OptionSet, Sendable {
  @usableFromInline let rawValue: UInt8

  @inlinable
  init(rawValue: UInt8) { self.rawValue = rawValue }

  // NB: computed and inlinable, not `static let`: a stored constant is read through its lazy
  // accessor, a call on every send.
  /// An action is being processed.
  @inlinable static var sending: SendFlags { SendFlags(rawValue: 1) }
  /// An action was queued behind the one being processed.
  @inlinable static var queued: SendFlags { SendFlags(rawValue: 2) }
  /// Something of the tree is observed.
  @inlinable static var observed: SendFlags { SendFlags(rawValue: 4) }
  /// The root reducer takes its general path (``Reducer/_takesGeneralPath``): its send is not
  /// the fast one, which is then compiled without that path (a redacted root whose flag's key
  /// path could be a computed property's: its read, a call, had cost the fast path a frame).
  @inlinable static var general: SendFlags { SendFlags(rawValue: 8) }
}
