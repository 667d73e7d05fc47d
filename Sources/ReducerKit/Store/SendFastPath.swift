import ReducerKitShims

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What a root store does per action to be fast, in one place: the reduce context the reducer's
/// `@Dependency` reads find, installed in the calling thread's context variable (a thread-local
/// of the C shim) around each reduce. `RootCore` uses it and otherwise reads like a plain store,
/// but for the early return of an action with nothing to follow, which stays in
/// `RootCore.send` (moved here, it cost 17–21 instructions per send).
///
/// Each construct here is in CONTRIBUTING's "Performance notes" with what it saves. Used by the
/// root alone, on the main actor. (The main actor is not always the main thread: on Linux, after
/// `dispatchMain()`, its jobs run on whichever thread drains the main queue. The context
/// variable is the running thread's, whichever that is.)
@usableFromInline
struct SendFastPath {
  /// The reduce context: the dependency values reducers see.
  @usableFromInline var context: ReduceContext {
    didSet { contextPointer = Unmanaged.passUnretained(context) }
  }
  /// `context`, unretained, so that an action does not retain and release it.
  // NB: 29.7 → 17.7 ns per counter send against running the retained context.
  @usableFromInline var contextPointer: Unmanaged<ReduceContext>

  init(context: ReduceContext) {
    self.context = context
    self.contextPointer = Unmanaged.passUnretained(context)
  }

  /// Runs `body` — one reduce — with the context current on the calling thread.
  // NB: `@inline(__always)`, with `RootCore.reduce`: out of line a counter send paid a call and
  // a prologue (see the notes). The thread-local variable replaced a per-store cache of the
  // thread's slot, checked against the running thread on every action: 70 → 60 instructions
  // per counter send (callgrind, `Benchmarks/instructions.sh "Store.send counter"`).
  @inlinable @inline(__always)
  func run<Result>(_ body: () -> Result) -> Result {
    let previous = reducerkit_reduce_context()
    reducerkit_set_reduce_context(contextPointer.toOpaque())
    defer { reducerkit_set_reduce_context(previous) }
    return body()
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
  /// Whether the store reducing runs any effect: ``EffectActivity/unknown`` where it must not
  /// be told (a body being built, a watched store).
  // NB: not optional: a redacted send saved the test of an optional.
  @usableFromInline let activity: EffectActivity

  @usableFromInline
  init(values: DependencyValues, activity: EffectActivity?) {
    self.values = values
    self.activity = activity ?? .unknown
  }

  /// Whether the store reducing on this thread runs no effect at all; `false` where unknown
  /// (outside a store).
  @inlinable
  static var storeRunsNoEffect: Bool {
    guard let context = ThreadSlot.currentContext else { return false }
    return context._withUnsafeGuaranteedRef { $0.activity.isIdle }
  }

  /// The context of the reducer running on this thread, if any.
  @usableFromInline
  static var current: ReduceContext? {
    ThreadSlot.currentContext?.takeUnretainedValue()
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
  @exclusivity(unchecked) @usableFromInline var isIdle: Bool

  @usableFromInline init() { isIdle = true }

  private init(isIdle: Bool) { self.isIdle = isIdle }

  /// The activity of a context that must not know whether effects run: never idle, never
  /// written (only a runtime writes its own activity).
  @usableFromInline static let unknown = EffectActivity(isIdle: false)
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

  /// Where the current context is kept: the address of its thread's context variable (a
  /// thread-local of the C shim, which a store's send sets directly).
  @usableFromInline let storage: UnsafeMutablePointer<Context>

  /// The current context. Only its own thread touches a slot.
  @inlinable
  var context: Context {
    get { storage.pointee }
    set { storage.pointee = newValue }
  }

  /// The reducer types whose body is being built on this thread (see `BodyBuilding`).
  var buildingBodies: [ObjectIdentifier] = []

  /// The calling thread's slot (made on its own thread, whose context variable it points to).
  private init() {
    // NB: the variable holds a `ReduceContext` pointer or NULL, the layout of `Context`.
    storage = UnsafeMutableRawPointer(reducerkit_reduce_context_address())
      .bindMemory(to: Context.self, capacity: 1)
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
  @usableFromInline let hasEnded = AtomicCell(false)

  /// Whether the thread ended (see `hasEnded`).
  @inlinable
  var hasThreadEnded: Bool { hasEnded.load(ordering: .acquiring) }

  /// The calling thread (see `reducerkit_current_thread` in ReducerKitShims).
  @inlinable
  static var currentThread: ThreadID { reducerkit_current_thread() }

  /// The current context of this thread: its context variable, read without a call.
  @inlinable
  static var currentContext: Context {
    reducerkit_reduce_context().map { Unmanaged<ReduceContext>.fromOpaque($0) }
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
