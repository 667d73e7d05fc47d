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
    didSet { contextPointer = ReduceContext.tagged(context, idle: storeIsIdle) }
  }
  /// Whether the store's effect runtime runs no effect (kept by the runtime, see
  /// ``EffectActivity``): carried in the installed pointer's low bit.
  var storeIsIdle: Bool {
    didSet { contextPointer = ReduceContext.tagged(context, idle: storeIsIdle) }
  }
  /// `context`, unretained, so that an action does not retain and release it, with
  /// `storeIsIdle` in its low bit (see ``ReduceContext/storeRunsNoEffect``).
  // NB: 29.7 → 17.7 ns per counter send against running the retained context.
  @usableFromInline var contextPointer: UnsafeMutableRawPointer

  init(context: ReduceContext, storeIsIdle: Bool) {
    self.context = context
    self.storeIsIdle = storeIsIdle
    self.contextPointer = ReduceContext.tagged(context, idle: storeIsIdle)
  }

  /// Runs `body` — one reduce — with the context current on the calling thread.
  // NB: `@inline(__always)`, with `RootCore.reduce`: out of line a counter send paid a call and
  // a prologue (see the notes). The thread-local variable replaced a per-store cache of the
  // thread's slot, checked against the running thread on every action: 70 → 60 instructions
  // per counter send (callgrind, `Benchmarks/instructions.sh "Store.send counter"`).
  @inlinable @inline(__always)
  func run<Result>(_ body: () -> Result) -> Result {
    let previous = reducerkit_reduce_context()
    reducerkit_set_reduce_context(contextPointer)
    defer { reducerkit_set_reduce_context(previous) }
    return body()
  }
}

/// What a reducer running inside a store can reach: the store's dependencies, and whether the
/// store runs any effect (which a redacted feature asks before it returns a cancellation that
/// would find nothing; carried in the low bit of the installed pointer, see
/// ``storeRunsNoEffect``). Nothing else: a reducer's effects, cancellation included, are what it
/// returns.
///
/// A store makes its context current on the reducing thread around each `reduce`. A reducer
/// called directly, outside a store, sees no context and reads the dependencies current there.
@usableFromInline
final class ReduceContext: Sendable {
  let values: DependencyValues

  @usableFromInline
  init(values: DependencyValues) {
    self.values = values
  }

  /// The bit of an installed context pointer that says its store runs no effect: set only by
  /// a root store that is not watched (a recording shows every cancellation), and kept by a
  /// `dependency` override inside it.
  @usableFromInline static var idleBit: UInt { 1 }

  /// `context`'s address, with ``idleBit`` when `idle` (objects are aligned: the bit is free).
  static func tagged(_ context: ReduceContext, idle: Bool) -> UnsafeMutableRawPointer {
    Unmanaged.passUnretained(context).toOpaque().advanced(by: idle ? Int(idleBit) : 0)
  }

  // NB: a bit of the pointer the store's send has just installed rather than a flag read
  // through the context: the compiler forwards the stored pointer, so the test is one
  // instruction, where the null test, the context's activity object and its flag were five
  // (`benchmarks --instructions --filter "redacted send"`).
  /// Whether the store reducing on this thread runs no effect at all; `false` where unknown
  /// (outside a store, a body being built, a watched store).
  @inlinable
  static var storeRunsNoEffect: Bool {
    UInt(bitPattern: reducerkit_reduce_context()) & idleBit != 0
  }

  /// The idle bit of the context installed on this thread, to install with another context.
  static var currentIdleBit: UInt {
    UInt(bitPattern: reducerkit_reduce_context()) & idleBit
  }

  /// The context of the reducer running on this thread, if any.
  @usableFromInline
  static var current: ReduceContext? {
    ThreadSlot.currentContext?.takeUnretainedValue()
  }

  /// Runs `body` with `self` as the current context; `self` must outlive the call. A reducer
  /// running under it is told that effects may run.
  @inlinable
  func run<R>(_ body: () throws -> R) rethrows -> R {
    try run(idleBit: 0, body)
  }

  /// Runs `body` with `self` as the current context, keeping the idle bit of the context it
  /// replaces (a `dependency` override inside a store's reduce).
  func runKeepingIdleBit<R>(_ body: () throws -> R) rethrows -> R {
    try run(idleBit: Self.currentIdleBit, body)
  }

  /// Runs `body` with `self`, tagged with `idleBit`, as the current context.
  @usableFromInline
  func run<R>(idleBit: UInt, _ body: () throws -> R) rethrows -> R {
    let storage = ThreadSlot.current.storage
    let previous = storage.pointee
    storage.pointee = Self.tagged(self, idle: idleBit != 0)
    defer { storage.pointee = previous }
    return try withExtendedLifetime(self) { try body() }
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
/// send (``EffectRuntime/hasWork(in:)``), and told to the root store, which passes it to a
/// redacted reducer that would cancel its effects (``ReduceContext/storeRunsNoEffect``).
/// Main-actor only, like the runtime that writes it.
@usableFromInline
package final class EffectActivity: @unchecked Sendable {
  // NB: `@unchecked Sendable` and `@exclusivity(unchecked)`: written and read only on the main
  // actor, by the runtime and by its store's send, never re-entrantly. A redacted send measured
  // 470 instructions reading the runtime's own checked flag through the context (retains of the
  // runtime, an access check), against 96 for this; it reads the bit the store installs now.
  @exclusivity(unchecked) @usableFromInline var isIdle: Bool {
    didSet { if isIdle != oldValue { changed?(isIdle) } }
  }
  /// Told when ``isIdle`` changes: the root store that installs the flag with its context.
  var changed: ((Bool) -> Void)?

  @usableFromInline init() { isIdle = true }
}

/// A per-thread slot holding the current ``ReduceContext``.
///
/// NB: the second dependency channel, beside the task-local that effects use, and it pays for
/// itself: binding the task-local around each reduce instead cost 68 ns per counter send against
/// 16.8 ns (`benchmarks --filter Store.send`, interleaved). `DependencyValues.current` is the one
/// place that reads both. Only its own thread touches a slot.
@usableFromInline
final class ThreadSlot: @unchecked Sendable {
  /// The variable's value: a ``ReduceContext``'s address, with its idle bit, or nil.
  @usableFromInline typealias Context = UnsafeMutableRawPointer?

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

  /// The current context of this thread: its context variable, read without a call, without
  /// its idle bit.
  @inlinable
  static var currentContext: Unmanaged<ReduceContext>? {
    reducerkit_reduce_context().map {
      Unmanaged<ReduceContext>.fromOpaque(
        $0.advanced(by: -Int(UInt(bitPattern: $0) & ReduceContext.idleBit)))
    }
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
