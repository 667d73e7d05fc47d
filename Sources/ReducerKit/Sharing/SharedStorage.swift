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
  public let fileSystem: any SharedFileSystem
  /// How long file storage waits after a change before writing, so that a burst of changes
  /// makes one write.
  public let saveDelay: Duration
  let defaults: AppDefaults

  /// NB: `@unchecked Sendable` is sound: `id` wraps a key's `Hashable & Sendable` id.
  private struct RootID: Hashable, @unchecked Sendable {
    let keyType: ObjectIdentifier
    let id: AnyHashable
  }

  private struct PendingWrites: Sendable {
    var writes: [URL: @Sendable () throws -> Data] = [:]
    var isScheduled = false
  }

  /// NB: weak, so that a root (which keeps its storage alive, to save into it) and its storage
  /// form no cycle; in-memory values outlive their holders in `inMemoryValues`.
  private let roots = LockedValue<(roots: [RootID: WeakRoot], pruneAt: Int)>(([:], 16))
  private let inMemoryValues = LockedValue<[String: any Sendable]>([:])
  // NB: bytes, not `Data`: a `Data` kept here (its enum tags the storage pointer's spare bits)
  // was reported as leaked by the address sanitizer at exit.
  private let lastSeen = LockedValue<[URL: [UInt8]]>([:])
  private let pending = LockedValue(PendingWrites())
  private let writing = NSLock()
  private let queue = DispatchQueue(label: "ReducerKit.SharedStorage.writes")

  /// Creates a storage.
  /// - Parameters:
  ///   - fileSystem: Where file storage keeps its files.
  ///   - userDefaults: Where app storage keeps its values; `nil` keeps them in memory.
  ///   - saveDelay: How long file storage waits after a change before writing.
  public init(
    fileSystem: any SharedFileSystem,
    userDefaults: UserDefaults?,
    saveDelay: Duration = .milliseconds(100)
  ) {
    self.fileSystem = fileSystem
    self.defaults = AppDefaults(userDefaults)
    self.saveDelay = saveDelay
  }

  /// A storage that keeps files and app storage in memory: what each `TestStore` gets.
  /// - Parameter saveDelay: How long file storage waits after a change before writing.
  /// - Returns: A fresh storage that shares nothing.
  public static func inMemory(saveDelay: Duration = .milliseconds(100)) -> SharedStorage {
    SharedStorage(fileSystem: InMemoryFileSystem(), userDefaults: nil, saveDelay: saveDelay)
  }

  /// Writes every scheduled save now, on the calling thread. Call it before the process exits.
  public func flush() {
    writing.lock()
    defer { writing.unlock() }
    let writes = pending.withLock { pending in
      defer { pending = PendingWrites() }
      return pending.writes
    }
    for (url, encode) in writes.sorted(by: { $0.key.path < $1.key.path }) {
      do {
        try write(try encode(), to: url)
      } catch {
        reportIssue(
          """
          Could not save a shared value to \(url.path): \(error)

          The value is kept in memory, and the next change saves it again.
          """)
      }
    }
  }

  // MARK: - Internals

  /// The storage of the store running here, or the live one. A declaration made during a test
  /// outside any store gets a fresh storage of its own, and a warning.
  static func current(declaredAt declaration: SourceLocation, key: String) -> SharedStorage {
    if ReduceContext.current != nil || DependencyValues.taskLocal != nil
      || !TestContext.isTesting
    {
      return DependencyValues.current.sharedStorage
    }
    reportIssue(
      """
      @Shared(\(key)) was declared outside any store during a test, so it shares nothing with \
      the test store's values: it got a storage of its own.

      Build state that declares shared values inside the test store (its `initialState` is \
      built with the store's storage), or read the store's: `store.state.$value`.
      """,
      at: declaration)
    return .inMemory()
  }

  /// The root `key` names here, created from the kept value or `makeDefault` on first use.
  func root<Key: SharedKey>(
    for key: Key, default makeDefault: () -> Key.Value
  ) -> SharedRoot<Key.Value> {
    let id = RootID(keyType: ObjectIdentifier(Key.self), id: AnyHashable(key.id))
    if let existing = roots.withLock({ $0.roots[id]?.root }) as? SharedRoot<Key.Value> {
      return existing
    }
    // NB: loaded outside the registry's lock (loading reads a file); if another thread made
    // the root meanwhile, its root wins and this one is dropped.
    let initial = key.load(from: self) ?? makeDefault()
    let root = SharedRoot(
      value: initial, keyDescription: "\(key)",
      save: { value in key.save(value, to: self) })
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

  /// Schedules writing `url`; the write encodes the latest value given for it.
  func scheduleWrite(to url: URL, encode: @escaping @Sendable () throws -> Data) {
    let needsSchedule = pending.withLock { pending in
      pending.writes[url] = encode
      defer { pending.isScheduled = true }
      return !pending.isScheduled
    }
    guard needsSchedule else { return }
    let delay = saveDelay.components
    let nanoseconds = delay.seconds * 1_000_000_000 + delay.attoseconds / 1_000_000_000
    // NB: held strongly until the write runs (no cycle: nothing here holds the block); a weak
    // reference to `SharedStorage.live` made the address sanitizer report its side table as a
    // leak when the process ended before the write.
    queue.asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) { self.flush() }
  }

  /// Watches `url` for contents this storage did not write; see `FileWatcher`.
  func watch(_ url: URL, onChange: @escaping @Sendable (Data) -> Void) -> SharedSubscription? {
    if let data = try? fileSystem.contents(of: url) { _ = noteSeen(data, at: url) }
    return FileWatcher.watch(url, in: self, onChange: onChange)
  }

  /// Records `data` as the contents of `url`; returns whether they differ from the last seen.
  func noteSeen(_ data: Data, at url: URL) -> Bool {
    lastSeen.withLock { lastSeen in
      guard lastSeen[url].map({ $0.elementsEqual(data) }) != true else { return false }
      lastSeen[url] = Array(data)
      return true
    }
  }

  /// Writes `data` to `url` atomically: a temporary file in the same directory, renamed over
  /// `url`. On failure the temporary file is removed and `url` is untouched.
  private func write(_ data: Data, to url: URL) throws {
    let directory = url.deletingLastPathComponent()
    try fileSystem.createDirectory(at: directory)
    let temporary = directory.appendingPathComponent(
      ".\(url.lastPathComponent).\(UUID().uuidString).tmp")
    do {
      try fileSystem.write(data, to: temporary)
      _ = noteSeen(data, at: url)
      try fileSystem.rename(temporary, to: url)
    } catch {
      try? fileSystem.removeItem(at: temporary)
      throw error
    }
  }
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
