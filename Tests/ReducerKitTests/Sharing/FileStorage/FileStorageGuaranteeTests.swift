import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The guarantees the "Sharing state" article lists for file storage, each tried the way apps
/// break them: many quick changes, another process writing the same file, hundreds of keys, a
/// writer killed mid-write, a file that does not decode.
@Suite(.serialized)
struct FileStorageGuaranteeTests {
  let directory: URL

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("ReducerKitGuarantees-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  func declare<Value: Codable & Sendable>(
    _ value: Value, at url: URL, in storage: SharedStorage
  ) -> Shared<Value> {
    withDependencies {
      $0.sharedStorage = storage
    } operation: {
      Shared(wrappedValue: value, .fileStorage(url))
    }
  }

  func onDisk<Value: Decodable>(_ type: Value.Type, at url: URL) throws -> Value {
    try JSONDecoder().decode(Value.self, from: Data(contentsOf: url))
  }

  /// Polls `condition` every 10 ms for up to `timeout`.
  func eventually(
    timeout: Duration = .seconds(10), _ condition: () throws -> Bool
  ) async rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      if try condition() { return true }
      try? await Task.sleep(for: .milliseconds(10))
    }
    return try condition()
  }

  func temporaryFiles() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
      $0.hasSuffix(".tmp")
    }
  }

  // MARK: - Within one process

  @Test func twentyRunsOfTwoThousandIncrementsEachEndAtTwoThousandInMemoryAndOnDisk() async throws {
    // The watcher once woke on this process's own temporary file, read the target before the
    // rename and took the previous count for another process's change: counts went backwards.
    let storage = SharedStorage(fileSystem: DiskFileSystem(), userDefaults: nil)
    let counters = (0..<20).map { run in
      declare(0, at: directory.appendingPathComponent("count-\(run).json"), in: storage)
    }
    await withTaskGroup(of: Void.self) { group in
      for counter in counters {
        group.addTask {
          for _ in 0..<2_000 {
            counter.withLock { $0 += 1 }
            try? await Task.sleep(for: .milliseconds(1))
          }
        }
      }
    }
    // Let the last scheduled save and the events it causes land.
    #expect(await eventually { !storage.hasPendingWrites })
    try await Task.sleep(for: .milliseconds(300))
    storage.flush()
    for (run, counter) in counters.enumerated() {
      #expect(counter.wrappedValue == 2_000, "run \(run) in memory")
      #expect(
        try onDisk(Int.self, at: directory.appendingPathComponent("count-\(run).json")) == 2_000,
        "run \(run) on disk")
    }
    try FileManager.default.removeItem(at: directory)
  }

  @Test func savingAfterEveryChangeNeverReadsOwnWritesBack() async throws {
    let storage = SharedStorage(fileSystem: DiskFileSystem(), userDefaults: nil, saveDelay: .zero)
    let url = directory.appendingPathComponent("count.json")
    let counter = declare(0, at: url, in: storage)
    for _ in 0..<3_000 {
      counter.withLock { $0 += 1 }
      if Bool.random() { await Task.yield() }
    }
    #expect(await eventually { !storage.hasPendingWrites })
    try await Task.sleep(for: .milliseconds(300))
    storage.flush()
    #expect(counter.wrappedValue == 3_000)
    #expect(try onDisk(Int.self, at: url) == 3_000)
    try FileManager.default.removeItem(at: directory)
  }

  // MARK: - Another process

  @Test func anOutsideChangeDuringAPendingSaveWinsInMemoryAndOnDisk() async throws {
    let storage = SharedStorage(
      fileSystem: DiskFileSystem(), userDefaults: nil, saveDelay: .seconds(3600))
    let url = directory.appendingPathComponent("note.json")
    let note = declare(Note(), at: url, in: storage)
    note.withLock { $0 = Note(writer: "here", sequence: 1) }
    #expect(storage.hasPendingWrites)
    // Another process replaces the file while this one's save waits.
    try JSONEncoder().encode(Note(writer: "there", sequence: 7)).write(to: url, options: .atomic)
    #expect(await eventually { note.wrappedValue.writer == "there" })
    // The save that was pending must not put the replaced value back on disk.
    #expect(!storage.hasPendingWrites)
    storage.flush()
    #expect(try onDisk(Note.self, at: url) == Note(writer: "there", sequence: 7))
    #expect(note.wrappedValue == Note(writer: "there", sequence: 7))
    // A change made after it is saved as usual.
    note.withLock { $0.sequence = 8 }
    storage.flush()
    #expect(try onDisk(Note.self, at: url) == Note(writer: "there", sequence: 8))
    try FileManager.default.removeItem(at: directory)
  }

  @Test func anOutsideChangeNotYetNotifiedWhenTheSaveIsDueWinsToo() throws {
    // Polled once an hour: no notification of the other process's write arrives before the
    // save, which must find it anyway rather than write over it.
    let storage = SharedStorage(
      fileSystem: DiskFileSystem(), userDefaults: nil, saveDelay: .seconds(3600),
      watching: .polling(every: .seconds(3600)))
    let url = directory.appendingPathComponent("note.json")
    let note = declare(Note(), at: url, in: storage)
    // A second file, saved after the first in the same flush, that no one else wrote.
    let otherURL = directory.appendingPathComponent("other.json")
    let other = declare(Note(), at: otherURL, in: storage)
    note.withLock { $0 = Note(writer: "here", sequence: 1) }
    other.withLock { $0 = Note(writer: "here", sequence: 3) }
    try JSONEncoder().encode(Note(writer: "there", sequence: 7)).write(to: url, options: .atomic)
    #expect(note.wrappedValue.writer == "here", "nothing was noticed before the save")
    storage.flush()
    #expect(try onDisk(Note.self, at: url) == Note(writer: "there", sequence: 7))
    #expect(note.wrappedValue == Note(writer: "there", sequence: 7))
    #expect(try onDisk(Note.self, at: otherURL) == Note(writer: "here", sequence: 3))
    #expect(!storage.hasPendingWrites)
    // A change made after it is saved as usual, and this process's own file is not taken for
    // an outside one.
    note.withLock { $0.sequence = 8 }
    storage.flush()
    #expect(try onDisk(Note.self, at: url) == Note(writer: "there", sequence: 8))
    storage.flush()
    #expect(note.wrappedValue == Note(writer: "there", sequence: 8))
    try FileManager.default.removeItem(at: directory)
  }

  @Test func anUnnotifiedOutsideChangeThatDoesNotDecodeIsMovedAsideAndTheSaveGoesOn() throws {
    let storage = SharedStorage(
      fileSystem: DiskFileSystem(), userDefaults: nil, saveDelay: .seconds(3600),
      watching: .polling(every: .seconds(3600)))
    let url = directory.appendingPathComponent("note.json")
    let note = declare(Note(), at: url, in: storage)
    note.withLock { $0 = Note(writer: "here", sequence: 2) }
    try Data("not a note".utf8).write(to: url, options: .atomic)
    let issues = collectIssues { storage.flush() }
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("do not decode") == true)
    let entries = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(entries.contains { $0.hasPrefix("note.json.corrupt-") }, "\(entries)")
    #expect(try onDisk(Note.self, at: url) == Note(writer: "here", sequence: 2))
    #expect(note.wrappedValue == Note(writer: "here", sequence: 2))
    try FileManager.default.removeItem(at: directory)
  }

  @Test func twoProcessesWritingOneFileAgreeWithItOnceBothAreQuiet() async throws {
    // This process changes the note 150 times and saves a second after its first change; the
    // other process writes 300 notes meanwhile, the last ones after this process's last change
    // but before its save. That save must not put a replaced value over the other's file.
    let url = directory.appendingPathComponent("note.json")
    let done = directory.appendingPathComponent("done")
    let storage = SharedStorage(
      fileSystem: DiskFileSystem(), userDefaults: nil, saveDelay: .seconds(1))
    let note = declare(Note(), at: url, in: storage)
    let (child, output) = try ChildProcess.start(.writer, file: url, done: done, count: 300)
    for sequence in 1...150 {
      note.withLock { $0 = Note(writer: "parent", sequence: sequence) }
      try await Task.sleep(for: .milliseconds(2))
    }
    #expect(await eventually { !storage.hasPendingWrites })
    try await Task.sleep(for: .milliseconds(200))
    try Data().write(to: done)
    await ChildProcess.waitForExit(child)
    let printed = String(
      decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(child.terminationStatus == 0)
    let childLine = try #require(
      printed.split(separator: "\n").first { $0.hasPrefix(ChildProcess.memoryPrefix) })
    let childMemory = try JSONDecoder().decode(
      Note.self, from: Data(childLine.dropFirst(ChildProcess.memoryPrefix.count).utf8))
    #expect(
      await eventually(timeout: .seconds(3)) {
        (try? onDisk(Note.self, at: url)) == note.wrappedValue
      })
    let file = try onDisk(Note.self, at: url)
    #expect(note.wrappedValue == file, "this process's memory is the file")
    #expect(childMemory == file, "the other process's memory is the file")
    // The last write to complete was the other process's last note.
    #expect(file == Note(writer: "child", sequence: 300))
    try FileManager.default.removeItem(at: directory)
  }

  #if os(Linux)
    @Test func threeHundredKeysEachPickUpAnOutsideChange() async throws {
      let storage = SharedStorage(fileSystem: DiskFileSystem(), userDefaults: nil)
      let urls = (0..<300).map { index in
        directory.appendingPathComponent("group-\(index % 30)/document-\(index).json")
      }
      let values = urls.map { declare(0, at: $0, in: storage) }
      for (index, url) in urls.enumerated() {
        try JSONEncoder().encode(index + 1).write(to: url, options: .atomic)
      }
      #expect(
        await eventually {
          values.enumerated().allSatisfy { index, value in value.wrappedValue == index + 1 }
        })
      let missed = values.enumerated().filter { $1.wrappedValue != $0 + 1 }.map(\.offset)
      #expect(missed.isEmpty, "keys that never saw the change: \(missed)")
      try FileManager.default.removeItem(at: directory)
    }
  #endif

  @Test func aFailedWatchIsAWarningAndTheFileIsPolledInstead() async throws {
    let storage = SharedStorage(
      fileSystem: DiskFileSystem(), userDefaults: nil, saveDelay: .milliseconds(100),
      watching: .failingEvents(pollingEvery: .milliseconds(20)))
    let url = directory.appendingPathComponent("note.json")
    var note: Shared<Note>?
    let issues = collectIssues { note = declare(Note(), at: url, in: storage) }
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("Could not watch \(url.path)") == true)
    #expect(issues.first?.message.contains("checked every") == true)
    try JSONEncoder().encode(Note(writer: "there", sequence: 1)).write(to: url, options: .atomic)
    #expect(await eventually { note?.wrappedValue.writer == "there" })
    try FileManager.default.removeItem(at: directory)
  }

  @Test func aProcessThatExitsRightAfterAChangeStillSavesIt() async throws {
    // The other process changes the note and calls exit() at once, before the save delay runs
    // out and without calling flush(): the exit writes the scheduled save.
    let url = directory.appendingPathComponent("note.json")
    let (child, _) = try ChildProcess.start(.exiter, file: url)
    await ChildProcess.waitForExit(child)
    #expect(child.terminationStatus == 0)
    #expect(try onDisk(Note.self, at: url) == Note(writer: "exiter", sequence: 1))
    try FileManager.default.removeItem(at: directory)
  }

  // MARK: - Crashes and corrupt files

  @Test func aKilledWriterLeavesTheOldOrNewFileAndNoTemporaryFileAfterTheNextLaunch()
    async throws
  {
    let url = directory.appendingPathComponent("note.json")
    var killed: [Int32] = []
    for round in 0..<8 {
      let (child, _) = try ChildProcess.start(.spinner, file: url)
      // Wait for the first complete write, then kill it at a random moment.
      _ = await eventually { FileManager.default.fileExists(atPath: url.path) }
      try await Task.sleep(for: .milliseconds(Int.random(in: 20...120)))
      kill(child.processIdentifier, SIGKILL)
      await ChildProcess.waitForExit(child)
      killed.append(child.processIdentifier)
      let note = try onDisk(Note.self, at: url)
      #expect(note.writer == "spinner", "round \(round): the file is a whole write")
      #expect(note.padding.count == 200, "round \(round): never torn")
    }
    // A temporary file a killed writer left, named as the kit names them: deterministic, in
    // case no kill above landed mid-write.
    let orphan = directory.appendingPathComponent(
      ".note.json.\(killed[0]).\(UUID().uuidString).tmp")
    try Data("{\"half".utf8).write(to: orphan)
    // The next launch: a fresh storage loads the file.
    let storage = SharedStorage(fileSystem: DiskFileSystem(), userDefaults: nil)
    let note = declare(Note(), at: url, in: storage)
    #expect(note.wrappedValue.writer == "spinner")
    #expect(try temporaryFiles() == [])
    try FileManager.default.removeItem(at: directory)
  }

  @Test func aLiveWritersTemporaryFileIsNotSwept() throws {
    let url = directory.appendingPathComponent("note.json")
    let mine = directory.appendingPathComponent(".note.json.\(getpid()).\(UUID().uuidString).tmp")
    try Data().write(to: mine)
    let storage = SharedStorage(fileSystem: DiskFileSystem(), userDefaults: nil)
    _ = declare(Note(), at: url, in: storage)
    #expect(try temporaryFiles() == [mine.lastPathComponent])
    try FileManager.default.removeItem(at: directory)
  }

  @Test func aCorruptFileIsMovedAsideWithAWarningNamingWhereBeforeAnyWrite() throws {
    let url = directory.appendingPathComponent("note.json")
    try Data("{ hand-edited, not json".utf8).write(to: url)
    let storage = SharedStorage(fileSystem: DiskFileSystem(), userDefaults: nil)
    var note: Shared<Note>?
    let issues = collectIssues { note = declare(Note(), at: url, in: storage) }
    #expect(note?.wrappedValue == Note())
    let backups = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
      $0.hasPrefix("note.json.corrupt-")
    }
    #expect(backups.count == 1)
    let backup = try #require(backups.first)
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains(directory.appendingPathComponent(backup).path) == true)
    #expect(
      try Data(contentsOf: directory.appendingPathComponent(backup))
        == Data("{ hand-edited, not json".utf8))
    // The first change writes a fresh file; the user's bytes stay in the backup.
    note?.withLock { $0.sequence = 1 }
    storage.flush()
    #expect(try onDisk(Note.self, at: url).sequence == 1)
    #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(backup).path))
    try FileManager.default.removeItem(at: directory)
  }

  @Test func aFileThatDoesNotDecodeIsTheAppsLoadErrorInWordsNamingWhereItWent() throws {
    let url = directory.appendingPathComponent("note.json")
    try Data(#"{"writer": "me", "sequence": "three"}"#.utf8).write(to: url)
    let storage = SharedStorage(fileSystem: DiskFileSystem(), userDefaults: nil)
    var note: Shared<Note>?
    _ = collectIssues { note = declare(Note(), at: url, in: storage) }
    let error = try #require(note?.loadError as? SharedLoadError)
    #expect(error.reason == .undecodable)
    let backup = try #require(error.movedAside)
    #expect(backup.lastPathComponent.hasPrefix("note.json.corrupt-"))
    #expect(FileManager.default.fileExists(atPath: backup.path))
    // Words a person reads: the field and what was wrong, not a dump of the error's fields.
    #expect(error.detail.contains("sequence"))
    #expect(!error.detail.contains("CodingKeys") && !error.detail.contains("DecodingError"))
    #expect(error.description.contains(backup.path))
    // A value declared again shares the root, and its error.
    let again = declare(Note(), at: url, in: storage)
    #expect((again.loadError as? SharedLoadError) == error)
    try FileManager.default.removeItem(at: directory)
  }

  @Test func aFileThatLoadsHasNoLoadError() throws {
    let url = directory.appendingPathComponent("note.json")
    try JSONEncoder().encode(Note(writer: "me", sequence: 3)).write(to: url)
    let storage = SharedStorage(fileSystem: DiskFileSystem(), userDefaults: nil)
    let note = declare(Note(), at: url, in: storage)
    #expect(note.wrappedValue.sequence == 3)
    #expect(note.loadError == nil)
    let missing = declare(Note(), at: directory.appendingPathComponent("none.json"), in: storage)
    #expect(missing.loadError == nil)
    try FileManager.default.removeItem(at: directory)
  }

  /// A file the process cannot read (another user's, a sandbox's) holds a value it never saw:
  /// no save may replace it. Once it is removed, saves go on.
  @Test func aFileThatCannotBeReadIsNeverWrittenOverAndTheAppIsTold() throws {
    let url = directory.appendingPathComponent("note.json")
    let precious = Data(#"{"writer": "other user", "sequence": 41}"#.utf8)
    try precious.write(to: url)
    let fileSystem = FaultyFileSystem()
    fileSystem.makeUnreadable(url)
    let storage = SharedStorage(
      fileSystem: fileSystem, userDefaults: nil, saveDelay: .seconds(3600))
    var note: Shared<Note>?
    let loading = collectIssues { note = declare(Note(), at: url, in: storage) }
    #expect(note?.wrappedValue == Note())
    #expect(loading.count == 1)
    #expect(loading.first?.message.contains("not written over") == true)
    let error = try #require(note?.loadError as? SharedLoadError)
    #expect(error.reason == .unreadable)
    #expect(error.movedAside == nil)
    #expect(!error.detail.contains("NSError") && !error.detail.contains("Code="))
    // The app changes the value: the save fails with a warning, and the file keeps its bytes.
    let saving = collectIssues {
      note?.withLock { $0.sequence = 1 }
      storage.flush()
    }
    #expect(saving.count == 1)
    #expect(try Data(contentsOf: url) == precious)
    #expect(note?.wrappedValue.sequence == 1)
    // Readable again is not enough: memory never held what the file holds.
    fileSystem.makeUnreadable(url, false)
    _ = collectIssues {
      note?.withLock { $0.sequence = 2 }
      storage.flush()
    }
    #expect(try Data(contentsOf: url) == precious)
    // Once the user removes it, the next change saves.
    try FileManager.default.removeItem(at: url)
    note?.withLock { $0.sequence = 3 }
    storage.flush()
    #expect(try onDisk(Note.self, at: url).sequence == 3)
    try FileManager.default.removeItem(at: directory)
  }

  /// Loads a note from `url` on a thread of its own, so that a load that blocks fails the test
  /// after ten seconds (naming what it waited for) rather than hanging the run; a writer that
  /// opens the path and closes it then lets a reader blocked on a FIFO see its end.
  func loadWithinTenSeconds(_ url: URL, in storage: SharedStorage) -> (
    note: Shared<Note>, issues: [String]
  )? {
    let result = LockedValue<(note: Shared<Note>, issues: [String])?>(nil)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread { [self] in
      var note: Shared<Note>?
      let issues = collectIssues { note = declare(Note(), at: url, in: storage) }
      if let note { result.withLock { $0 = (note, issues.map(\.message)) } }
      done.signal()
    }
    thread.start()
    guard done.wait(timeout: .now() + 10) == .success else {
      Issue.record("loading \(url.lastPathComponent) was still blocked after 10 seconds")
      let writer = open(url.path, O_WRONLY | O_NONBLOCK)
      if writer >= 0 { close(writer) }
      _ = done.wait(timeout: .now() + 10)
      return nil
    }
    return result.withLock { $0 }
  }

  #if os(Linux)
    @Test func aFIFOAtThePathIsRefusedWithoutBlockingAndIsNeverReplaced() throws {
      let url = directory.appendingPathComponent("note.json")
      #expect(mkfifo(url.path, 0o600) == 0)
      let storage = SharedStorage(
        fileSystem: DiskFileSystem(), userDefaults: nil, saveDelay: .seconds(3600))
      guard
        let (note, issues) = loadWithinTenSeconds(url, in: storage)
      else { return }
      #expect(note.wrappedValue == Note())
      #expect(issues.count == 1)
      #expect(issues.first?.contains("could not read: it is a FIFO, not a regular file") == true)
      #expect((note.loadError as? SharedLoadError)?.reason == .unreadable)
      // A save is refused, and the FIFO is still there.
      let saving = collectIssues {
        note.withLock { $0.sequence = 1 }
        storage.flush()
      }
      #expect(saving.count == 1)
      var info = stat()
      #expect(lstat(url.path, &info) == 0)
      #expect(info.st_mode & S_IFMT == S_IFIFO)
      try FileManager.default.removeItem(at: directory)
    }

    @Test func aLinkToADeviceIsRefusedRatherThanReadUntilMemoryRunsOut() throws {
      let url = directory.appendingPathComponent("note.json")
      try FileManager.default.createSymbolicLink(
        at: url, withDestinationURL: URL(fileURLWithPath: "/dev/zero"))
      let storage = SharedStorage(
        fileSystem: DiskFileSystem(), userDefaults: nil, saveDelay: .seconds(3600))
      guard let (note, issues) = loadWithinTenSeconds(url, in: storage) else {
        return
      }
      #expect(note.wrappedValue == Note())
      #expect(issues.first?.contains("could not read: it is a device, not a regular file") == true)
      _ = collectIssues {
        note.withLock { $0.sequence = 1 }
        storage.flush()
      }
      #expect(
        try FileManager.default.destinationOfSymbolicLink(atPath: url.path) == "/dev/zero")
      try FileManager.default.removeItem(at: directory)
    }
  #endif

  @Test func aFileLargerThanAnyValueIsRefusedBeforeItIsReadAndIsKept() throws {
    let url = directory.appendingPathComponent("note.json")
    // A sparse file: 129 MiB long, next to no disk.
    #expect(FileManager.default.createFile(atPath: url.path, contents: Data("{".utf8)))
    let handle = try FileHandle(forWritingTo: url)
    try handle.truncate(atOffset: 129 << 20)
    try handle.close()
    let storage = SharedStorage(
      fileSystem: DiskFileSystem(), userDefaults: nil, saveDelay: .seconds(3600))
    guard let (note, issues) = loadWithinTenSeconds(url, in: storage) else {
      return
    }
    #expect(note.wrappedValue == Note())
    #expect(
      issues.first?.contains("could not read: it is 135266304 bytes, more than the 134217728 read")
        == true)
    _ = collectIssues {
      note.withLock { $0.sequence = 1 }
      storage.flush()
    }
    let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int
    #expect(size == 129 << 20)
    try FileManager.default.removeItem(at: directory)
  }

  #if os(Linux)
    @Test func aCorruptOutsideChangeIsMovedAsideAndMemoryIsKept() async throws {
      let url = directory.appendingPathComponent("note.json")
      let storage = SharedStorage(fileSystem: DiskFileSystem(), userDefaults: nil)
      let note = declare(Note(), at: url, in: storage)
      note.withLock { $0.sequence = 5 }
      storage.flush()
      // Another program writes something that is not a note.
      try Data("not a note".utf8).write(to: url, options: .atomic)
      #expect(
        await eventually {
          (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?.contains {
            $0.hasPrefix("note.json.corrupt-")
          } == true
        })
      #expect(note.wrappedValue.sequence == 5)
      try FileManager.default.removeItem(at: directory)
    }

    /// A load error clears when another process writes a value that loads.
    @Test func anOutsideValueThatLoadsClearsTheLoadError() async throws {
      let url = directory.appendingPathComponent("note.json")
      try Data("not a note".utf8).write(to: url)
      let storage = SharedStorage(fileSystem: DiskFileSystem(), userDefaults: nil)
      var declared: Shared<Note>?
      _ = collectIssues { declared = declare(Note(), at: url, in: storage) }
      let note = try #require(declared)
      #expect(note.loadError != nil)
      try JSONEncoder().encode(Note(writer: "fixed", sequence: 9)).write(to: url, options: .atomic)
      #expect(await eventually { note.wrappedValue.sequence == 9 })
      #expect(note.loadError == nil)
      try FileManager.default.removeItem(at: directory)
    }
  #endif
}
