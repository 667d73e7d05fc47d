import ReducerKitShims

/// How an atomic operation orders the memory accesses around it (the names of the
/// Synchronization module's orderings, which the kit used before its floor went below iOS 18).
@usableFromInline
package enum AtomicOrdering: Sendable {
  /// No ordering: the value alone is atomic.
  case relaxed
  /// A load that sees everything written before the store it reads from (a `releasing` one).
  case acquiring
  /// A store that publishes everything written before it to an `acquiring` load.
  case releasing
}

/// A value that fits a machine word, so that an ``AtomicCell`` can hold it.
@usableFromInline
package protocol AtomicWordRepresentable: Sendable {
  /// The value from its word.
  init(atomicWord: Int)
  /// The value's word.
  var atomicWord: Int { get }
}

extension Int: AtomicWordRepresentable {
  @inlinable package init(atomicWord: Int) { self = atomicWord }
  @inlinable package var atomicWord: Int { self }
}

extension Bool: AtomicWordRepresentable {
  @inlinable package init(atomicWord: Int) { self = atomicWord != 0 }
  @inlinable package var atomicWord: Int { self ? 1 : 0 }
}

/// A word that threads read and write without a lock: the kit's counters and flags.
///
/// Synchronization's `Atomic` exists on Apple platforms from iOS 18 / macOS 15 only, below the
/// kit's floor; this is the compiler's atomic builtins (`ReducerKitShims`) over a word of a
/// class's own, which exists everywhere. A cell is an object of its own, so it costs its owner
/// one allocation and one pointer more than an inline `Atomic` did.
///
/// NB: `@unchecked Sendable`: `word` is only ever read or written through `address`, by the
/// atomic builtins (the pattern of swift-atomics' `ManagedAtomic`).
@usableFromInline
package final class AtomicCell<Value: AtomicWordRepresentable>: @unchecked Sendable {
  // NB: the class's only stored property, so it starts at `_getUnsafePointerToStoredProperties`.
  @usableFromInline var word: Int

  /// A cell holding `value`.
  @inlinable
  package init(_ value: Value) { word = value.atomicWord }

  /// The word's address: fixed while the cell lives.
  @inlinable
  var address: UnsafeMutablePointer<Int> {
    _getUnsafePointerToStoredProperties(self).assumingMemoryBound(to: Int.self)
  }

  /// The value, read atomically.
  @inlinable
  package func load(ordering: AtomicOrdering) -> Value {
    switch ordering {
    case .relaxed: Value(atomicWord: reducerkit_atomic_load_relaxed(address))
    case .acquiring, .releasing: Value(atomicWord: reducerkit_atomic_load_acquire(address))
    }
  }

  /// Writes `value` atomically.
  @inlinable
  package func store(_ value: Value, ordering: AtomicOrdering) {
    switch ordering {
    case .relaxed: reducerkit_atomic_store_relaxed(address, value.atomicWord)
    case .acquiring, .releasing: reducerkit_atomic_store_release(address, value.atomicWord)
    }
  }
}

extension AtomicCell where Value == Int {
  /// Adds `delta`, wrapping on overflow, and returns the values before and after (relaxed: the
  /// kit's counters order nothing else).
  @inlinable @discardableResult
  package func wrappingAdd(_ delta: Int) -> (oldValue: Int, newValue: Int) {
    let old = reducerkit_atomic_fetch_add_relaxed(address, delta)
    return (old, old &+ delta)
  }

  /// Stores `desired` if the cell holds `expected` (relaxed); returns whether it did and the value
  /// it held.
  @inlinable
  package func compareExchange(expected: Int, desired: Int) -> (
    exchanged: Bool, original: Int
  ) {
    var original = expected
    let exchanged = reducerkit_atomic_compare_exchange_relaxed(address, &original, desired) != 0
    return (exchanged, original)
  }
}

/// One of the process's counters: a word in C storage (`ReducerKitShims`), read and changed
/// atomically (relaxed), with no Swift global to initialise before each access.
@usableFromInline
package struct ProcessCounter: Sendable {
  /// Which counter (`REDUCERKIT_COUNTER_…`).
  @usableFromInline let which: Int

  @inlinable
  init(_ which: Int) { self.which = which }

  @inlinable
  var address: UnsafeMutablePointer<Int> { reducerkit_counter(which) }

  /// Stamps that never repeat (``UniqueStamp``).
  @inlinable static var uniqueStamps: Self { Self(REDUCERKIT_COUNTER_UNIQUE_STAMP) }
  /// Issues raised, recorded or not (``RecentIssues``).
  @inlinable static var recentIssues: Self { Self(REDUCERKIT_COUNTER_RECENT_ISSUES) }
  /// Issues reported to the user.
  @inlinable static var issuesReported: Self {
    Self(REDUCERKIT_COUNTER_ISSUES_REPORTED)
  }
  /// Shared values alive in the process.
  @inlinable static var sharedRoots: Self { Self(REDUCERKIT_COUNTER_SHARED_ROOTS) }
  /// Test stores' shared-change trackers alive in the process.
  @inlinable package static var sharedTrackers: Self {
    Self(REDUCERKIT_COUNTER_SHARED_TRACKERS)
  }

  /// The count.
  @inlinable
  package func load() -> Int { reducerkit_atomic_load_relaxed(address) }

  /// Adds `delta`, wrapping on overflow, and returns the values before and after.
  @inlinable @discardableResult
  package func wrappingAdd(_ delta: Int) -> (oldValue: Int, newValue: Int) {
    let old = reducerkit_atomic_fetch_add_relaxed(address, delta)
    return (old, old &+ delta)
  }
}
