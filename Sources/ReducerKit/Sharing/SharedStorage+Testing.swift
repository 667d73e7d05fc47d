import Foundation

/// Which storage a test's shared values live in, and which test store tracks their changes.
///
/// A test (the task that runs its body) has one storage: the first `TestStore` made in it, or
/// the first `@Shared(key)` declared in its body, creates it, and both use it afterwards. So a
/// value the test declares itself is the value its reducers change:
///
/// ```swift
/// @Shared(.inMemory("syncUps")) var syncUps = [SyncUp.mock]
/// let store = TestStore(initialState: Feature.State()) { Feature() }
/// await store.send(.deleteTapped) { $0.$syncUps.withLock { $0 = [] } }
/// #expect(syncUps == [])
/// ```
///
/// The storage also carries its test store's change tracker, so that a change is tracked
/// wherever it is made: in a reducer, an effect, or a completion handler or detached task an
/// effect started (which carry no task-local values).
extension SharedStorage {
  /// The storage of the test running in this task, made on first use; `nil` outside any task
  /// (a synchronous XCTest method).
  package static func forCurrentTest() -> SharedStorage? {
    guard let task = currentTaskKey() else { return nil }
    return testStorages.withLock { registry in
      if let storage = registry.storages[task]?.storage { return storage }
      let storage = SharedStorage.inMemory()
      registry.insert(storage, for: task)
      return storage
    }
  }

  /// Makes `storage` the storage of the test running in this task (a test store whose
  /// dependencies chose another).
  package static func setForCurrentTest(_ storage: SharedStorage) {
    guard let task = currentTaskKey() else { return }
    testStorages.withLock { $0.insert(storage, for: task) }
  }

  /// The test store's tracker of this storage's changes.
  package var changeTracker: SharedChangeTracker? {
    get { tracker.withLock { $0.tracker } }
    set { tracker.withLock { $0.tracker = newValue } }
  }

  /// The storage whose test store should track a value made here without a key: the store's
  /// running here, or the test's; `nil` in apps.
  static func forTracking() -> SharedStorage? {
    guard TestContext.isTesting else { return nil }
    if ReduceContext.current != nil || DependencyValues.taskLocal != nil {
      return DependencyValues.current.sharedStorage
    }
    return forCurrentTest()
  }

  private static func currentTaskKey() -> Int? {
    // NB: the task's hash is that of its object identity; the registry holds storages weakly,
    // so a finished test's entry is gone before another task could reuse its address.
    withUnsafeCurrentTask { $0?.hashValue }
  }
}

/// Test storages by task, held weakly.
struct TestStorageRegistry: @unchecked Sendable {
  // NB: `@unchecked Sendable` is sound: only touched inside `testStorages`' lock; weak
  // references are thread-safe to load.
  struct Entry {
    weak var storage: SharedStorage?
  }
  var storages: [Int: Entry] = [:]
  var pruneAt = 16

  mutating func insert(_ storage: SharedStorage, for task: Int) {
    if storages.count >= pruneAt {
      storages = storages.filter { $0.value.storage != nil }
      pruneAt = max(16, storages.count * 2)
    }
    storages[task] = Entry(storage: storage)
  }
}

let testStorages = LockedValue(TestStorageRegistry())

/// A weak slot for a storage's test-store tracker.
struct TrackerSlot: @unchecked Sendable {
  // NB: `@unchecked Sendable` is sound: only touched inside its `LockedValue`'s lock.
  weak var tracker: SharedChangeTracker?
}
