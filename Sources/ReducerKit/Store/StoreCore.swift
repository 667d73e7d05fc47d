import Observation

/// What every store of a tree shares with its root: the effect runtime, and the list of stores
/// that were read.
@MainActor
@usableFromInline
package protocol StoreRoot: AnyObject {
  var runtime: EffectRuntime { get }
  /// The stores of the tree that were read, checked after every action.
  var hub: ObservationHub { get }
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
  // NB: `@exclusivity(unchecked)`: these are only touched on the main actor, by `send`, which
  // never overlaps itself; dynamic exclusivity checks would cost more than the rest of `send`.
  @exclusivity(unchecked) @usableFromInline var queue: [R.Action] = []
  @exclusivity(unchecked) @usableFromInline var isSending = false
  /// The reduce-context slot of the thread the main actor last ran on, kept to skip a
  /// thread-local lookup per action.
  // NB: 18.3 → 16.7 ns per counter send against `ThreadSlot.current` on every action.
  @exclusivity(unchecked) @usableFromInline var slot: ThreadSlot?

  @usableFromInline
  package init(initialState: R.State, reducer: R, dependencies: DependencyValues) {
    self.currentState = initialState
    self.reducer = reducer
    self.runtime = EffectRuntime(dependencies: dependencies)
    let context = ReduceContext(values: dependencies)
    self.context = context
    self.contextPointer = Unmanaged.passUnretained(context)
  }

  /// The dependencies the reducer and effects see; test stores change them between steps.
  package var dependencies: DependencyValues {
    get { context.values }
    set {
      context = ReduceContext(values: newValue)
      runtime.dependencies = newValue
    }
  }

  /// The state. (Observation is the ``Store``'s job: reading here registers nothing.)
  @inlinable
  package var state: R.State { currentState }

  @inlinable
  package func send(_ action: R.Action, origin: SourceLocation?) -> StoreTask {
    guard !isSending else {
      queue.append(action)
      reportReentrantSend(action, origin: origin)
      return StoreTask(tasks: nil)
    }
    isSending = true
    defer { isSending = false }

    var tasks: [Task<Void, Never>]? = nil
    var current = action
    var next = 0
    while true {
      let effect = reduce(current)
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
      current = queue[next]
      next += 1
    }
    if next > 0 { queue.removeAll(keepingCapacity: true) }
    return StoreTask(tasks: tasks)
  }

  @inlinable
  func reduce(_ action: R.Action) -> Effect<R.Action> {
    let slot = currentSlot()
    return ReduceContext.run(contextPointer, in: slot) {
      reducer.reduce(into: &currentState, action: action)
    }
  }

  @inlinable
  func currentSlot() -> ThreadSlot {
    if let slot, slot.isCurrent { return slot }
    let current = ThreadSlot.current
    slot = current
    return current
  }

  @usableFromInline
  func start(
    _ effect: Effect<R.Action>, origin: SourceLocation?, tasks: inout [Task<Void, Never>]?
  ) {
    var started = tasks ?? []
    runtime.start(
      effect, origin: origin, enqueue: { queue.append($0) },
      deliver: { [weak self] in _ = self?.send($0, origin: origin) }, tasks: &started)
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
