import Foundation

/// Where shared values live: the registry that makes declarations with one key share a value,
/// the file system that file storage writes to, and the user defaults that app storage uses.
///
/// Apps use ``live`` (the disk and `UserDefaults.standard`) without saying so. Each `TestStore`
/// gets a fresh ``inMemory(saveDelay:)`` storage, so that tests never share values and never
/// touch the disk; a test opts into a real directory through the `sharedStorage` dependency:
///
/// ```swift
/// let storage = SharedStorage(fileSystem: DiskFileSystem(), userDefaults: nil)
/// let store = TestStore(initialState: Feature.State()) { Feature() } withDependencies: {
///   $0.sharedStorage = storage
/// }
/// ```
///
/// File storage coalesces saves: a change schedules a write after ``saveDelay``, and the changes
/// made until it runs are written once, with the last value. Call ``flush()`` before the process
/// exits (a command-line app's quit) so that no scheduled write is lost.
public final class SharedStorage: Sendable {
  /// The disk and `UserDefaults.standard`, for apps. In a process running tests, the storage
  /// of anything not given one is in memory instead, so that tests never touch the disk.
  public static let live = SharedStorage(fileSystem: DiskFileSystem(), userDefaults: .standard)

  /// The file system file storage reads and writes.
  public var fileSystem: any SharedFileSystem { files.fileSystem }
  /// How long file storage waits after a change before writing, so that a burst of changes
  /// makes one write.
  public var saveDelay: Duration { files.saveDelay }
  let defaults: AppDefaults
  /// File storage's engine: scheduled writes, atomic writes, watching.
  let files: FileStore

  /// NB: `@unchecked Sendable` is sound: `id` wraps a key's `Hashable & Sendable` id.
  private struct RootID: Hashable, @unchecked Sendable {
    let keyType: ObjectIdentifier
    let id: AnyHashable
  }

  /// NB: weak, so that a root (which keeps its storage alive, to save into it) and its storage
  /// form no cycle; in-memory values outlive their holders in `inMemoryValues`.
  private let roots = LockedValue<(roots: [RootID: WeakRoot], pruneAt: Int)>(([:], 16))
  private let inMemoryValues = LockedValue<[String: any Sendable]>([:])
  /// The test store that tracks this storage's changes, if any; see `changeTracker`.
  let tracker = LockedValue(TrackerSlot())

  /// Creates a storage.
  /// - Parameters:
  ///   - fileSystem: Where file storage keeps its files.
  ///   - userDefaults: Where app storage keeps its values; `nil` keeps them in memory.
  ///   - saveDelay: How long file storage waits after a change before writing.
  public convenience init(
    fileSystem: any SharedFileSystem,
    userDefaults: UserDefaults?,
    saveDelay: Duration = .milliseconds(100)
  ) {
    self.init(
      fileSystem: fileSystem, userDefaults: userDefaults, saveDelay: saveDelay,
      watching: .events)
  }

  /// Creates a storage that notices other processes' changes to its files as `watching` says
  /// (tests use polling to check the fallback).
  package init(
    fileSystem: any SharedFileSystem,
    userDefaults: UserDefaults?,
    saveDelay: Duration,
    watching: FileWatching
  ) {
    self.files = FileStore(fileSystem: fileSystem, saveDelay: saveDelay, watching: watching)
    self.defaults = AppDefaults(userDefaults)
  }

  /// A storage that keeps files and app storage in memory: what each `TestStore` gets.
  /// - Parameter saveDelay: How long file storage waits after a change before writing.
  /// - Returns: A fresh storage that shares nothing.
  public static func inMemory(saveDelay: Duration = .milliseconds(100)) -> SharedStorage {
    SharedStorage(fileSystem: InMemoryFileSystem(), userDefaults: nil, saveDelay: saveDelay)
  }

  /// Writes every scheduled save now, on the calling thread. Call it before the process exits.
  public func flush() {
    files.flush()
  }

  /// Whether file storage has changes scheduled but not yet written.
  public var hasPendingWrites: Bool { files.hasPendingWrites }

  // MARK: - Internals

  /// The storage of the store running here, or the live one. A declaration made during a test
  /// outside any store gets the test's storage (that of its task), or, outside any task, a
  /// fresh storage of its own and a warning.
  static func current(declaredAt declaration: SourceLocation, key: String) -> SharedStorage {
    if ReduceContext.current != nil || DependencyValues.taskLocal != nil
      || !TestContext.isTesting
    {
      return DependencyValues.current.sharedStorage
    }
    if let storage = forCurrentTest() { return storage }
    reportIssue(
      """
      @Shared(\(key)) was declared outside any store and outside any task during a test, so it \
      shares nothing with the test store's values: it got a storage of its own.

      Declare it in the body of an `async` test (each test's body shares one storage with its \
      test stores), or read the store's: `store.state.$value`.
      """,
      at: declaration)
    return .inMemory()
  }

  /// The root `key` names here, created from the kept value or `makeDefault` on first use.
  func root<Key: SharedKey>(
    for key: Key, default makeDefault: () -> Key.Value
  ) -> SharedRoot<Key.Value> {
    // NB: a key that carries its default names the same value as its base key: `@Shared(.count)`
    // with `.count` a `Default` key and `@Shared(.count.base) var count = 0` are one value.
    let keyType = (Key.self as? any DefaultCarryingKey.Type)?.baseKeyType ?? Key.self
    let id = RootID(keyType: ObjectIdentifier(keyType), id: AnyHashable(key.id))
    if let existing = roots.withLock({ $0.roots[id]?.root }) as? SharedRoot<Key.Value> {
      return existing
    }
    // NB: loaded outside the registry's lock (loading reads a file); if another thread made
    // the root meanwhile, its root wins and this one is dropped.
    let sink = SharedLoadError.Sink()
    let initial = SharedLoadError.$sink.withValue(sink) { key.load(from: self) } ?? makeDefault()
    let root = SharedRoot(
      value: initial, keyDescription: "\(key)", storage: self,
      save: { value in key.save(value, to: self) },
      didTakeOutsideValue: (key as? any OutsideChangeKey).map { key in
        { @Sendable in key.outsideValueTaken(in: self) }
      },
      loadError: sink.failure.withLock { $0 })
    let (winner, isNew) = roots.withLock { registry -> (SharedRoot<Key.Value>, Bool) in
      if let existing = registry.roots[id]?.root as? SharedRoot<Key.Value> {
        return (existing, false)
      }
      // NB: released roots are dropped once the registry doubles, so that making n roots costs
      // O(n) in all, not O(n) each.
      if registry.roots.count >= registry.pruneAt {
        registry.roots = registry.roots.filter { $0.value.root != nil }
        registry.pruneAt = max(16, registry.roots.count &* 2)
      }
      registry.roots[id] = WeakRoot(root: root)
      return (root, true)
    }
    if isNew {
      winner.keep(key.subscribe(in: self) { [weak winner] in winner?.replace(with: $0) })
    }
    return winner
  }

  /// The in-memory value named `name`, if one was kept.
  func inMemoryValue<Value>(_ name: String, as type: Value.Type) -> Value? {
    inMemoryValues.withLock { $0[name] } as? Value
  }

  /// Keeps `value` under `name` for as long as this storage lives.
  func keepInMemory(_ value: some Sendable, as name: String) {
    inMemoryValues.withLock { $0[name] = value }
  }

}

/// A key whose value other processes can change (file storage): when the storage takes such a
/// change, the key forgets its own pending save, with the value's lock held.
protocol OutsideChangeKey: Sendable {
  func outsideValueTaken(in storage: SharedStorage)
}

/// A root the registry does not keep alive.
private struct WeakRoot: @unchecked Sendable {
  // NB: `@unchecked Sendable` is sound: roots are `Sendable`, and a weak reference is
  // thread-safe to load.
  weak var root: AnyObject?
}

/// User defaults, or a dictionary standing in for them.
///
/// NB: `@unchecked Sendable` is sound: `UserDefaults` is thread-safe, and `memory` is locked.
final class AppDefaults: @unchecked Sendable {
  private let userDefaults: UserDefaults?
  private let memory = LockedValue<[String: any Sendable]>([:])

  init(_ userDefaults: UserDefaults?) {
    self.userDefaults = userDefaults
  }

  func object<Value>(forKey key: String, as type: Value.Type) -> Value? {
    if let userDefaults {
      return userDefaults.object(forKey: key) as? Value
    }
    return memory.withLock { $0[key] } as? Value
  }

  func set(_ value: some Sendable, forKey key: String) {
    if let userDefaults {
      userDefaults.set(value, forKey: key)
    } else {
      memory.withLock { $0[key] = value }
    }
  }
}

private enum SharedStorageKey: DependencyKey {
  static let processTesting = SharedStorage.inMemory()
  static var liveValue: SharedStorage { TestContext.isTesting ? processTesting : .live }
  static var testValue: SharedStorage { liveValue }
}

extension DependencyValues {
  /// Where shared values live; see ``SharedStorage``. Each `TestStore` gets a fresh in-memory
  /// one unless its `withDependencies` sets another.
  public var sharedStorage: SharedStorage {
    get { self[SharedStorageKey.self] }
    set { self[SharedStorageKey.self] = newValue }
  }
}
