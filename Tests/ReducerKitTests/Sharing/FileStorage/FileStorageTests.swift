import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

/// A disk file system that can be told to fail, and counts what it does.
final class FaultyFileSystem: SharedFileSystem, @unchecked Sendable {
  enum Fault { case none, partialWrite, rename }

  private let lock = NSLock()
  private let disk = DiskFileSystem()
  private var fault = Fault.none
  private(set) var renames = 0
  /// Files every read of fails, as a file of another user's does.
  private var unreadable: Set<URL> = []

  func failNext(_ fault: Fault) { lock.withLock { self.fault = fault } }
  func makeUnreadable(_ url: URL, _ isUnreadable: Bool = true) {
    lock.withLock {
      if isUnreadable { unreadable.insert(url) } else { unreadable.remove(url) }
    }
  }
  var completedWrites: Int { lock.withLock { renames } }

  /// Whether `fault` is the next one; takes it if so.
  private func take(_ wanted: Fault) -> Bool {
    lock.withLock {
      guard fault == wanted else { return false }
      fault = .none
      return true
    }
  }

  func contents(of url: URL) throws -> Data? {
    if lock.withLock({ unreadable.contains(url) }) {
      throw CocoaError(.fileReadNoPermission, userInfo: [NSFilePathErrorKey: url.path])
    }
    return try disk.contents(of: url)
  }

  func write(_ data: Data, to url: URL) throws {
    if take(.partialWrite) {
      // The process dies halfway through writing the temporary file.
      try disk.write(data.prefix(data.count / 2), to: url)
      throw CocoaError(.fileWriteUnknown)
    }
    try disk.write(data, to: url)
  }

  func rename(_ source: URL, to destination: URL) throws {
    if take(.rename) { throw CocoaError(.fileWriteNoPermission) }
    try disk.rename(source, to: destination)
    lock.withLock { renames += 1 }
  }

  func removeItem(at url: URL) throws { try disk.removeItem(at: url) }
  func createDirectory(at url: URL) throws { try disk.createDirectory(at: url) }
}

/// File storage: JSON on disk, written atomically and coalesced, read back by a fresh storage.
@MainActor
struct FileStorageTests {
  let directory: URL
  let file: URL

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("ReducerKitTests-\(UUID().uuidString)")
    file = directory.appendingPathComponent(MarksFeature.fileName)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  func diskStorage(
    _ fileSystem: any SharedFileSystem = DiskFileSystem(), saveDelay: Duration = .seconds(3600)
  ) -> SharedStorage {
    SharedStorage(fileSystem: fileSystem, userDefaults: nil, saveDelay: saveDelay)
  }

  func marksOnDisk() throws -> Marks {
    try JSONDecoder().decode(Marks.self, from: Data(contentsOf: file))
  }

  func declareMarks(in storage: SharedStorage) -> Shared<Marks> {
    withDependencies {
      $0.sharedStorage = storage
    } operation: {
      MarksFeature.State(directory: directory).$marks
    }
  }

  @Test func aValueSurvivesIntoAFreshStorageOnTheSameDirectory() async throws {
    let writer = diskStorage()
    let store = TestStore(initialState: MarksFeature.State(directory: directory)) {
      MarksFeature()
    } withDependencies: {
      $0.sharedStorage = writer
    }
    await store.send(.toggle(3)) { $0.$marks.withLock { $0.favorites = [3] } }
    await store.send(.toggle(5)) { $0.$marks.withLock { $0.favorites = [3, 5] } }
    writer.flush()

    // A new run of the app: a fresh storage that has never seen the value.
    let reader = diskStorage()
    #expect(declareMarks(in: reader).wrappedValue.favorites == [3, 5])
    try FileManager.default.removeItem(at: directory)
  }

  @Test func aMissingFileGivesTheDefaultQuietly() throws {
    let issues = collectIssues {
      #expect(declareMarks(in: diskStorage()).wrappedValue == Marks())
    }
    #expect(issues.isEmpty)
    try FileManager.default.removeItem(at: directory)
  }

  @Test func aWriterDyingMidWriteNeverLeavesATornFile() throws {
    let fileSystem = FaultyFileSystem()
    let storage = diskStorage(fileSystem)
    let marks = declareMarks(in: storage)
    marks.withLock { $0.favorites = [1] }
    storage.flush()
    #expect(try marksOnDisk().favorites == [1])

    // The write of the temporary file stops halfway.
    fileSystem.failNext(.partialWrite)
    marks.withLock { $0.favorites = [1, 2] }
    let writeIssues = collectIssues { storage.flush() }
    #expect(writeIssues.count == 1)
    #expect(writeIssues.first?.message.contains("Could not save a shared value") == true)
    #expect(try marksOnDisk().favorites == [1])
    #expect(marks.wrappedValue.favorites == [1, 2])

    // The rename fails.
    fileSystem.failNext(.rename)
    marks.withLock { $0.favorites = [1, 2, 3] }
    let renameIssues = collectIssues { storage.flush() }
    #expect(renameIssues.count == 1)
    #expect(try marksOnDisk().favorites == [1])
    #expect(marks.wrappedValue.favorites == [1, 2, 3])

    // No temporary file is left behind, and the next change saves the latest value.
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["marks.json"])
    _ = marks.withLock { $0.favorites.insert(4) }
    storage.flush()
    #expect(try marksOnDisk().favorites == [1, 2, 3, 4])
    try FileManager.default.removeItem(at: directory)
  }

  @Test func aBurstOfChangesIsOneWriteOfTheLastValue() throws {
    let fileSystem = FaultyFileSystem()
    let storage = diskStorage(fileSystem)
    let marks = declareMarks(in: storage)
    for id in 0..<10_000 {
      marks.withLock { $0.favorites = [id] }
    }
    storage.flush()
    #expect(fileSystem.completedWrites == 1)
    #expect(try marksOnDisk().favorites == [9_999])
    try FileManager.default.removeItem(at: directory)
  }

  @Test func scheduledSavesAreBoundedByTheDelayAndEndWithTheLastValue() async throws {
    let fileSystem = FaultyFileSystem()
    let delay = Duration.milliseconds(20)
    let storage = diskStorage(fileSystem, saveDelay: delay)
    let marks = declareMarks(in: storage)
    let start = ContinuousClock.now
    for id in 0..<10_000 {
      marks.withLock { $0.favorites = [id] }
    }
    let elapsed = ContinuousClock.now - start
    // Wait (wall-clock) for the scheduled write to land.
    for _ in 0..<200 {
      if (try? marksOnDisk().favorites) == [9_999] { break }
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(try marksOnDisk().favorites == [9_999])
    // At most one write per delay while the burst lasted, plus the one after it.
    #expect(fileSystem.completedWrites <= Int(elapsed / delay) + 2)
    #expect(fileSystem.completedWrites < 10_000)
    try FileManager.default.removeItem(at: directory)
  }

  @Test func twoDeclarationsOfOneFileShareOneValueAndOneWrite() throws {
    let fileSystem = FaultyFileSystem()
    let storage = diskStorage(fileSystem)
    let first = declareMarks(in: storage)
    let second = declareMarks(in: storage)
    #expect(first.isSame(as: second))
    _ = second.withLock { $0.favorites.insert(1) }
    _ = first.withLock { $0.favorites.insert(2) }
    #expect(first.wrappedValue.favorites == [1, 2])
    storage.flush()
    #expect(fileSystem.completedWrites == 1)
    #expect(try marksOnDisk().favorites == [1, 2])
    try FileManager.default.removeItem(at: directory)
  }

  @Test func testStoresKeepFilesInMemory() async throws {
    let store = TestStore(initialState: MarksFeature.State(directory: directory)) {
      MarksFeature()
    }
    await store.send(.toggle(1)) { $0.$marks.withLock { $0.favorites = [1] } }
    store.dependencies.sharedStorage.flush()
    #expect(!FileManager.default.fileExists(atPath: file.path))
    let memory = try #require(store.dependencies.sharedStorage.fileSystem as? InMemoryFileSystem)
    #expect(memory.allFiles.keys.contains(file.path))
    try FileManager.default.removeItem(at: directory)
  }

  #if os(Linux)
    @Test func aChangeAnotherProcessMakesIsReadBack() async throws {
      let storage = diskStorage()
      let marks = declareMarks(in: storage)
      marks.withLock { $0.favorites = [1] }
      storage.flush()
      // Another process replaces the file.
      let other = try JSONEncoder().encode(Marks(favorites: [7, 8]))
      try other.write(to: file, options: .atomic)
      for _ in 0..<200 where marks.wrappedValue.favorites != [7, 8] {
        try await Task.sleep(for: .milliseconds(10))
      }
      #expect(marks.wrappedValue.favorites == [7, 8])
      try FileManager.default.removeItem(at: directory)
    }
  #endif
}
