import ReducerKitShims
import Synchronization

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What a root store does per action to be fast, in one place: the reduce context the reducer's
/// `@Dependency` reads find through the thread's slot, and the check that the main actor is
/// still on the thread whose slot is cached. `RootCore` uses it and otherwise reads like a plain
/// store, but for the early return of an action with nothing to follow, which stays in
/// `RootCore.send` (moved here, it cost 17–21 instructions per send).
///
/// Each construct here is in CONTRIBUTING's "Performance notes" with what it saves. Used by the
/// root alone, on the main actor.
@usableFromInline
struct SendFastPath {
  /// The reduce context: the dependency values reducers see.
  @usableFromInline var context: ReduceContext {
    didSet { contextPointer = Unmanaged.passUnretained(context) }
  }
  /// `context`, unretained, so that an action does not retain and release it.
  // NB: 29.7 → 17.7 ns per counter send against running the retained context.
  @usableFromInline var contextPointer: Unmanaged<ReduceContext>
  /// The storage of the reduce-context slot of the thread the main actor last ran on, and that
  /// thread; kept so that an action pays neither a thread-local lookup nor a retain of the slot.
  /// (The main actor is not always the main thread: on Linux, after `dispatchMain()`, its jobs
  /// run on whichever thread drains the main queue.)
  // NB: per counter send, 18.3 → 16.7 ns against `ThreadSlot.current` on every action; then,
  // with the early return below, 29.6 → 13 ns (a slower machine) against keeping the slot
  // object, which was retained around every action. The slot is retained here (so `storage`
  // stays valid; `release()` lets it go) and marks itself when its thread ends, because a new
  // thread may get the ended thread's id.
  @usableFromInline var storage: UnsafeMutablePointer<ThreadSlot.Context>
  @usableFromInline var thread: ThreadSlot.ThreadID
  /// The slot of `thread`, retained (so `storage` stays valid) but read unretained.
  @usableFromInline var slot: Unmanaged<ThreadSlot>
  @usableFromInline unowned(unsafe) var slotReference: ThreadSlot

  init(context: ReduceContext) {
    self.context = context
    self.contextPointer = Unmanaged.passUnretained(context)
    let slot = ThreadSlot.current
    self.storage = slot.storage
    self.thread = slot.thread
    self.slot = Unmanaged.passRetained(slot)
    self.slotReference = slot
  }

  /// Lets the cached slot go (the root's `deinit`).
  func release() { slot.release() }

  /// Runs `body` — one reduce — with the context installed in the current thread's slot.
  // NB: `@inline(__always)`, with `RootCore.reduce`: out of line a counter send paid a call and
  // a prologue (see the notes).
  @inlinable @inline(__always)
  mutating func run<Result>(_ body: () -> Result) -> Result {
    if ThreadSlot.currentThread != thread || slotReference.hasThreadEnded {
      takeCurrentThreadSlot()
    }
    return ReduceContext.run(contextPointer, in: storage, body)
  }

  @usableFromInline
  mutating func takeCurrentThreadSlot() {
    let current = ThreadSlot.current
    slot.release()
    slot = Unmanaged.passRetained(current)
    slotReference = current
    storage = current.storage
    thread = current.thread
  }
}

/// What a reducer running inside a store can reach: the store's dependencies, and whether the
/// store runs any effect (which a redacted feature asks before it returns a cancellation that
/// would find nothing). Nothing else: a reducer's effects, cancellation included, are what it
/// returns.
///
/// A store makes its context current on the reducing thread around each `reduce`. A reducer
/// called directly, outside a store, sees no context and reads the dependencies current there.
@usableFromInline
final class ReduceContext: Sendable {
  let values: DependencyValues
  /// Whether the store reducing runs any effect (none while a body is being built).
  @usableFromInline let activity: EffectActivity?

  @usableFromInline
  init(values: DependencyValues, activity: EffectActivity?) {
    self.values = values
    self.activity = activity
  }

  /// Whether the store reducing on this thread runs no effect at all; `false` where unknown
  /// (outside a store).
  @inlinable
  static var storeRunsNoEffect: Bool {
    guard let context = ThreadSlot.currentContext else { return false }
    return context._withUnsafeGuaranteedRef { $0.activity?.isIdle ?? false }
  }

  /// The context of the reducer running on this thread, if any.
  @usableFromInline
  static var current: ReduceContext? {
    ThreadSlot.current.context?.takeUnretainedValue()
  }

  /// Runs `body` with `self` as the current context; `self` must outlive the call.
  @inlinable
  func run<R>(_ body: () throws -> R) rethrows -> R {
    try run(in: ThreadSlot.current, body)
  }

  /// Runs `body` with `self` as the current context of `slot`, which must be this thread's.
  @inlinable
  func run<R>(in slot: ThreadSlot, _ body: () throws -> R) rethrows -> R {
    try Self.run(Unmanaged.passUnretained(self), in: slot, body)
  }

  /// Runs `body` with `context` current in `slot`; the caller keeps `context` alive.
  @inlinable
  static func run<R>(
    _ context: Unmanaged<ReduceContext>, in slot: ThreadSlot, _ body: () throws -> R
  ) rethrows -> R {
    try run(context, in: slot.storage, body)
  }

  /// Runs `body` with `context` current in the slot whose storage is `storage`, which must be
  /// this thread's; the caller keeps `context` alive.
  @inlinable
  static func run<R>(
    _ context: Unmanaged<ReduceContext>, in storage: UnsafeMutablePointer<ThreadSlot.Context>,
    _ body: () throws -> R
  ) rethrows -> R {
    let previous = storage.pointee
    storage.pointee = context
    defer { storage.pointee = previous }
    return try body()
  }

  /// Runs `body` with no current context (for `withDependencies` inside a reducer).
  static func withoutCurrent<R>(_ body: () throws -> R) rethrows -> R {
    let slot = ThreadSlot.current
    let previous = slot.context
    guard previous != nil else { return try body() }
    slot.context = nil
    defer { slot.context = previous }
    return try body()
  }
}

/// Whether a store's effect runtime runs any effect: written by the runtime, read by the store's
/// send (``EffectRuntime/hasWork(in:)``) and by a redacted reducer that would cancel its effects
/// (``ReduceContext/storeRunsNoEffect``). Main-actor only, like the runtime that writes it.
@usableFromInline
package final class EffectActivity: @unchecked Sendable {
  // NB: `@unchecked Sendable` and `@exclusivity(unchecked)`: written and read only on the main
  // actor, by the runtime and by reducers running in its store's send, never re-entrantly. A
  // redacted send measured 470 instructions reading the runtime's own checked flag through the
  // context (retains of the runtime, an access check), against 96 for this.
  @exclusivity(unchecked) @usableFromInline var isIdle = true

  @usableFromInline init() {}
}

/// A per-thread slot holding the current ``ReduceContext``.
///
/// NB: the second dependency channel, beside the task-local that effects use, and it pays for
/// itself: binding the task-local around each reduce instead cost 68 ns per counter send against
/// 16.8 ns (`benchmarks --filter Store.send`, interleaved). `DependencyValues.current` is the one
/// place that reads both. Only its own thread touches a slot.
@usableFromInline
final class ThreadSlot: @unchecked Sendable {
  @usableFromInline typealias Context = Unmanaged<ReduceContext>?

  /// Where the current context is kept: a pointer, so that a store can keep it and set the
  /// context with no reference counting (see `RootCore.contextStorage`).
  @usableFromInline let storage: UnsafeMutablePointer<Context>

  /// The current context. Only its own thread touches a slot.
  @inlinable
  var context: Context {
    get { storage.pointee }
    set { storage.pointee = newValue }
  }

  /// The reducer types whose body is being built on this thread (see `BodyBuilding`).
  var buildingBodies: [ObjectIdentifier] = []

  init() {
    storage = .allocate(capacity: 1)
    storage.initialize(to: nil)
  }

  deinit {
    storage.deallocate()
  }

  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { pointer in
      #if canImport(Darwin)
        let slot = Unmanaged<ThreadSlot>.fromOpaque(pointer)
      #else
        guard let pointer else { return }
        let slot = Unmanaged<ThreadSlot>.fromOpaque(pointer)
      #endif
      slot.takeUnretainedValue().hasEnded.store(true, ordering: .releasing)
      reducerkit_set_thread_slot(nil)
      slot.release()
    }
    return key
  }()

  @usableFromInline typealias ThreadID = UInt

  /// The thread that owns this slot.
  @usableFromInline let thread = reducerkit_current_thread()

  /// Set when the thread ends. A later thread may get the same `thread` id; a store that kept
  /// this slot checks this flag to tell them apart.
  @usableFromInline let hasEnded = Atomic(false)

  /// Whether the thread ended (see `hasEnded`).
  @inlinable
  var hasThreadEnded: Bool { hasEnded.load(ordering: .acquiring) }

  /// The calling thread (see `reducerkit_current_thread` in ReducerKitShims).
  @inlinable
  static var currentThread: ThreadID { reducerkit_current_thread() }

  /// The current context of this thread, if it has a slot; read without retaining the slot,
  /// and without a call (a thread-local variable of the C shim, `reducerkit_thread_slot`).
  @inlinable
  static var currentContext: Context {
    guard let pointer = reducerkit_thread_slot() else { return nil }
    return Unmanaged<ThreadSlot>.fromOpaque(pointer)._withUnsafeGuaranteedRef { $0.context }
  }

  @usableFromInline
  static var current: ThreadSlot {
    if let pointer = reducerkit_thread_slot() {
      return Unmanaged<ThreadSlot>.fromOpaque(pointer).takeUnretainedValue()
    }
    let slot = ThreadSlot()
    let retained = Unmanaged.passRetained(slot).toOpaque()
    // NB: the key only for its destructor, which releases the slot when the thread ends.
    pthread_setspecific(key, retained)
    reducerkit_set_thread_slot(retained)
    return slot
  }
}
