import ReducerKitShims
import Synchronization

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What a reducer running inside a store can reach: the store's dependencies. Nothing else: a
/// reducer's effects, cancellation included, are what it returns.
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

  @usableFromInline
  static var current: ThreadSlot {
    if let pointer = pthread_getspecific(key) {
      return Unmanaged<ThreadSlot>.fromOpaque(pointer).takeUnretainedValue()
    }
    let slot = ThreadSlot()
    pthread_setspecific(key, Unmanaged.passRetained(slot).toOpaque())
    return slot
  }
}
