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
}

/// How many actions a root reduced: its state can only have changed when this moved.
@MainActor
@usableFromInline
package final class StateVersion {
  // NB: `@exclusivity(unchecked)`: main-actor only, never accessed re-entrantly.
  @exclusivity(unchecked) @usableFromInline var value: UInt64 = 0
  @usableFromInline init() {}
}

/// The root of a tree of stores: owns the state, the reducer and the effect runtime.
///
/// `send` is `@inlinable` so that it is specialized for the feature's reducer in the module that
/// creates the store: the send path then runs with no generic metadata lookups.
@MainActor
@usableFromInline
package final class RootCore<R: Reducer>: StoreRoot {
  /// The state, mutated in place by `send`.
  // NB: `@exclusivity(unchecked)`: `isSending` already rules out overlapping mutations, and the
  // dynamic check cost a quarter of a send (counter: 22.5 → 17.8 ns, `benchmarks --filter
  // Store.send`). A raw pointer instead would save 0.7 ns more; not worth managing its memory.
  @exclusivity(unchecked) @usableFromInline var currentState: R.State
  @usableFromInline let reducer: R
  @usableFromInline package let runtime: EffectRuntime
  @exclusivity(unchecked) @usableFromInline var context: ReduceContext {
    didSet { contextPointer = Unmanaged.passUnretained(context) }
  }
  /// `context`, unretained, so that `send` does not retain and release it per action.
  // NB: 29.7 → 17.7 ns per counter send against running the retained context
  // (`benchmarks --filter Store.send`).
  @exclusivity(unchecked) @usableFromInline var contextPointer: Unmanaged<ReduceContext>
  @usableFromInline package let hub = ObservationHub()
  @usableFromInline package let stateVersion = StateVersion()
  // NB: `@exclusivity(unchecked)`: these are only touched on the main actor, by `send`, which
  // never overlaps itself; dynamic exclusivity checks would cost more than the rest of `send`.
  @exclusivity(unchecked) @usableFromInline var queue: [R.Action] = []
  @exclusivity(unchecked) @usableFromInline var isSending = false
  /// The storage of the reduce-context slot of the thread the main actor last ran on, and that
  /// thread; kept so that an action pays neither a thread-local lookup nor a retain of the slot.
  /// (The main actor is not always the main thread: on Linux, after `dispatchMain()`, its jobs
  /// run on whichever thread drains the main queue.)
  // NB: per counter send, 18.3 → 16.7 ns against `ThreadSlot.current` on every action; then,
  // with the early return for sends with no effect, 29.6 → 13 ns (a slower machine) against
  // keeping the slot object, which was retained around every action. The slot is retained
  // here (so `contextStorage` stays valid) and marks itself when its thread ends, because a
  // new thread may get the ended thread's id.
  @exclusivity(unchecked) @usableFromInline var contextStorage:
    UnsafeMutablePointer<ThreadSlot.Context>
  @exclusivity(unchecked) @usableFromInline var contextThread: ThreadSlot.ThreadID
  /// The slot of `contextThread`, retained (so `contextStorage` stays valid) but read unretained.
  @exclusivity(unchecked) @usableFromInline var contextSlot: Unmanaged<ThreadSlot>
  @exclusivity(unchecked) @usableFromInline unowned(unsafe) var contextSlotReference: ThreadSlot

  @usableFromInline
  package init(initialState: R.State, reducer: R, dependencies: DependencyValues) {
    self.currentState = initialState
    self.reducer = reducer
    let runtime = EffectRuntime(dependencies: dependencies)
    self.runtime = runtime
    // NB: the runtime's values carry the root's dismissal; reducers see the same values.
    let context = ReduceContext(values: runtime.dependencies)
    self.context = context
    self.contextPointer = Unmanaged.passUnretained(context)
    let slot = ThreadSlot.current
    self.contextStorage = slot.storage
    self.contextThread = slot.thread
    self.contextSlot = Unmanaged.passRetained(slot)
    self.contextSlotReference = slot
  }

  deinit {
    contextSlot.release()
  }

  /// The dependencies the reducer and effects see; test stores change them between steps.
  package var dependencies: DependencyValues {
    get { context.values }
    set {
      runtime.dependencies = newValue
      context = ReduceContext(values: runtime.dependencies)
    }
  }

  /// The state. (Observation is the ``Store``'s job: reading here registers nothing.)
  @inlinable
  package var state: R.State { currentState }

  // NB: `@inline(__always)` into the store's send closure, its only caller on the hot path: one
  // call and one prologue fewer per action (a gain within the benchmark's noise here).
  /// Reduces `action` and everything it queues, and starts their effects.
  /// - Returns: Whether effects were started; ``EffectRuntime/takeStartedTasks()`` hands over
  ///   their tasks.
  // NB: a `Bool` rather than a ``StoreTask``: the store's send closure returns it on every
  // action, and a trivial value needs no release at the call site, where an optional array
  // did (a `swift_release` call per send, about a tenth of a counter send).
  @inlinable @inline(__always)
  package func send(_ action: R.Action, origin: SourceLocation?) -> Bool {
    guard !isSending else {
      queue.append(action)
      reportReentrantSend(action, origin: origin)
      return false
    }
    isSending = true
    let effect = reduce(action)
    // NB: the common case — no effect, nothing queued, nobody observing — returns here, before
    // the loop's bookkeeping (`benchmarks --filter "Store.send counter"`).
    // A cancellation with nothing running (a redacted feature's swallowed action) counts as
    // no effect.
    // NB: the no-effect test comes apart from the cancellation test, so that its return does
    // not call the effect's destroy (one call fewer per counter send).
    if effect.isNone {
      if queue.isEmpty, hub.isEmpty {
        isSending = false
        return false
      }
    } else if runtime.isIdle && effect.onlyCancels, queue.isEmpty, hub.isEmpty {
      isSending = false
      return false
    }
    defer { isSending = false }
    return process(effect, origin: origin)
  }

  /// Sends `action` and returns the effects it started.
  package func sendReturningTask(_ action: R.Action, origin: SourceLocation?) -> StoreTask {
    send(action, origin: origin)
      ? StoreTask(tasks: runtime.takeStartedTasks()) : StoreTask(tasks: nil)
  }

  /// The rest of `send`: starts `effect`, then reduces every queued action in order, telling
  /// observers about changes once nothing is left to reduce. Leaves the started tasks with the
  /// runtime, and returns whether there are any.
  @inlinable
  func process(_ effect: Effect<R.Action>, origin: SourceLocation?) -> Bool {
    var tasks: [Task<Void, Never>]? = nil
    var effect = effect
    var next = 0
    while true {
      // NB: a cancellation with nothing running (a redacted feature's swallowed action) is
      // skipped here: 319 → 33 ns per redacted send (`benchmarks --filter redacted`).
      if !effect.isNone, !(runtime.isIdle && effect.onlyCancels) {
        start(effect, origin: origin, tasks: &tasks)
      }
      if next == queue.count, !hub.isEmpty {
        // NB: after the action and everything it queued; an observer that sends while it is
        // notified gets its action queued, and reduced by this loop.
        hub.notifyObserversOfChanges()
      }
      guard next < queue.count else { break }
      effect = reduce(queue[next])
      next += 1
    }
    if next > 0 { queue.removeAll(keepingCapacity: true) }
    guard let tasks else { return false }
    runtime.handOver(tasks)
    return true
  }

  // NB: `@inline(__always)`: out of line, a counter send paid a call and a prologue for 17
  // instructions; inlined with the two changes above, 8.2–9.0× → 4.0–4.7× its floor
  // (`benchmarks --filter "Store.send counter"`, interleaved with the previous build).
  @inlinable @inline(__always)
  func reduce(_ action: R.Action) -> Effect<R.Action> {
    if ThreadSlot.currentThread != contextThread || contextSlotReference.hasThreadEnded {
      takeCurrentThreadSlot()
    }
    #if DEBUG
      // NB: debug builds only: release builds pay nothing for the audit.
      return NavigationAudit.auditing(action) {
        ReduceContext.run(contextPointer, in: contextStorage) {
          let effect = reducer.reduce(into: &currentState, action: action)
          stateVersion.value &+= 1
          return effect
        }
      }
    #else
      return ReduceContext.run(contextPointer, in: contextStorage) {
        let effect = reducer.reduce(into: &currentState, action: action)
        stateVersion.value &+= 1
        return effect
      }
    #endif
  }

  @usableFromInline
  func takeCurrentThreadSlot() {
    let slot = ThreadSlot.current
    contextSlot.release()
    contextSlot = Unmanaged.passRetained(slot)
    contextSlotReference = slot
    contextStorage = slot.storage
    contextThread = slot.thread
  }

  @usableFromInline
  func start(
    _ effect: Effect<R.Action>, origin: SourceLocation?, tasks: inout [Task<Void, Never>]?
  ) {
    var started = tasks ?? []
    runtime.start(
      effect, origin: origin, enqueue: { queue.append($0) },
      deliver: { [weak self] in _ = self?.sendReturningTask($0, origin: origin) }, tasks: &started)
    if !started.isEmpty { tasks = started }
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
