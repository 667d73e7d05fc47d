import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// How a storage notices changes other processes make to its files.
package enum FileWatching: Sendable {
  /// The platform's file events (inotify, dispatch sources); polling where they fail.
  case events
  /// Checking each watched file's identity, size and modification time this often.
  case polling(every: Duration)
  /// Events that fail to start, as when the kernel's limit is reached: tests of the fallback.
  case failingEvents(pollingEvery: Duration)
}

/// The engine behind file storage, one per ``SharedStorage``: it owns the scheduled writes, the
/// atomic write, what this process knows of each file, and the watching of other processes'
/// changes.
///
/// The rules it keeps (the "Sharing state" article lists them with their tests):
/// - A file version this process wrote or read is never taken for an outside change. Versions
///   are compared by identity (device and inode, which an atomic save keeps through its rename)
///   and bytes, never by "the last bytes seen": a watcher that wakes on this process's own
///   temporary file reads the old target, which is a version this process already knows.
/// - Writing and taking an outside change are serialized (`writing`), and taking one discards
///   the pending write of that file under the value's own lock, so memory and disk agree once
///   both processes are quiet: the outside value was the last write to complete.
/// - A save first reads its file: a version this process has not seen (its event still on its
///   way) is taken instead of being written over, as its event would have had it come first.
/// - Temporary files of writers that died are swept when a file is first loaded; a file that
///   does not decode is moved aside before anything could overwrite it.
final class FileStore: @unchecked Sendable {
  // NB: `@unchecked Sendable` is sound: every mutable field is a `LockedValue` or is touched
  // only with `writing` held; the file system is `Sendable`.

  let fileSystem: any SharedFileSystem
  let saveDelay: Duration
  private let watching: FileWatching
  private let isDisk: Bool
  private let queue = DispatchQueue(label: "ReducerKit.FileStore")

  private struct PendingWrites: Sendable {
    var writes: [URL: @Sendable () throws -> Data] = [:]
    var isScheduled = false
  }
  private let pending = LockedValue(PendingWrites())
  /// Held while writing files and while taking an outside change, so that the two never
  /// interleave.
  private let writing = NSLock()
  /// The version of each file this process last wrote or read: an event that finds it is no
  /// change.
  private let known = LockedValue<[URL: FileVersion]>([:])
  /// Files whose leftover temporary files were swept.
  private let prepared = LockedValue<Set<URL>>([])
  /// Files that do not decode and could not be moved aside: not written over.
  private let blocked = LockedValue<[URL: String]>([:])

  private struct Watch: Sendable {
    let token: Int
    let onChange: @Sendable (Data) -> Bool
    var isPolled: Bool
    var stamp: FileStamp?
  }
  private struct Watches: @unchecked Sendable {
    // NB: `@unchecked Sendable` is sound: only touched inside `watches`' lock.
    var entries: [URL: Watch] = [:]
    var nextToken = 0
    var watcher: DirectoryWatcher?
    var poller: (any DispatchSourceTimer)?
  }
  private let watches = LockedValue(Watches())

  init(fileSystem: any SharedFileSystem, saveDelay: Duration, watching: FileWatching) {
    self.fileSystem = fileSystem
    self.saveDelay = saveDelay
    self.watching = watching
    self.isDisk = fileSystem is DiskFileSystem
  }

  // MARK: - Reading

  /// The contents of `url`, or `nil` when there is none. The first load of a file sweeps the
  /// temporary files that writers which died left beside it.
  func load(_ url: URL) throws -> Data? {
    if isDisk { sweepTemporaryFiles(of: url) }
    writing.lock()
    defer { writing.unlock() }
    guard isDisk else { return try fileSystem.contents(of: url) }
    guard let version = try FileVersion.current(at: url) else { return nil }
    known.withLock { $0[url] = version }
    return version.data
  }

  /// Keeps `url` from being written over until it is gone: its contents could not be read, so
  /// no save may replace what this process never saw.
  func blockWrites(to url: URL, reason: String) {
    blocked.withLock { $0[url] = reason }
  }

  /// Moves a file that does not decode out of the way (`name.corrupt-<date>` beside it), so that
  /// no write replaces it; returns a sentence saying where it went, for the warning, and where
  /// it went. When it cannot be moved, the file is not written over until it is gone.
  // NB: built unoptimized (CONTRIBUTING, "Compile-cost notes").
  @_optimize(none)
  func setAside(_ url: URL, reason: String) -> (message: String, movedTo: URL?) {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
    let stem = "\(url.lastPathComponent).corrupt-\(formatter.string(from: Date()))"
    let directory = url.deletingLastPathComponent()
    var backup = directory.appendingPathComponent(stem)
    var suffix = 2
    while (try? fileSystem.contents(of: backup)) != nil {
      backup = directory.appendingPathComponent("\(stem)-\(suffix)")
      suffix += 1
    }
    do {
      try fileSystem.rename(url, to: backup)
      return ("The file was moved to \(backup.path), so that its contents are kept.", backup)
    } catch {
      blocked.withLock { $0[url] = reason }
      let words = SharedLoadError.words(for: error)
      return (
        "The file could not be moved aside (\(words)), so it is not written over until it is "
          + "gone.", nil
      )
    }
  }

  // MARK: - Writing

  /// Schedules writing `url` after the save delay; the write encodes the latest value given.
  func scheduleWrite(to url: URL, encode: @escaping @Sendable () throws -> Data) {
    let needsSchedule = pending.withLock { pending in
      pending.writes[url] = encode
      defer { pending.isScheduled = true }
      return !pending.isScheduled
    }
    guard needsSchedule else { return }
    if isDisk { LifecycleFlush.register(self) }
    let delay = saveDelay.components
    let nanoseconds = delay.seconds * 1_000_000_000 + delay.attoseconds / 1_000_000_000
    // NB: held strongly until the write runs (no cycle: nothing here holds the block).
    queue.asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) { self.flush() }
  }

  /// Forgets the scheduled write of `url`: an outside version was taken in its place. Called
  /// with the value's lock held, so that no change slips between the two.
  func discardPendingWrite(to url: URL) {
    pending.withLock { _ = $0.writes.removeValue(forKey: url) }
  }

  /// Whether a write is scheduled.
  var hasPendingWrites: Bool { pending.withLock { !$0.writes.isEmpty } }

  /// Where a failed save is reported: as a runtime warning, or (at exit, when no handler may be
  /// left) on standard error.
  enum FailureReport {
    case issue
    case standardError

    /// Says `message` here.
    func say(_ message: String) {
      switch self {
      case .issue: reportIssue(message)
      case .standardError:
        FileHandle.standardError.write(Data(("warning: " + message + "\n").utf8))
      }
    }
  }

  /// Writes every scheduled save now, on the calling thread.
  func flush(reportingFailuresTo report: FailureReport = .issue) {
    writing.lock()
    defer { writing.unlock() }
    let writes = pending.withLock { pending in
      defer { pending = PendingWrites() }
      return pending.writes
    }
    for (url, encode) in writes.sorted(by: { $0.key.path < $1.key.path }) {
      // NB: another process's version whose event has not been handled yet wins over the
      // save, as it would had its event come first: a flaky two-process test showed the save
      // putting a replaced value over the other process's last write when the event came late.
      if takeUnseenVersion(of: url, reportingTo: report) { continue }
      do {
        try write(try encode(), to: url)
      } catch {
        let message = """
          Could not save a shared value to \(url.path): \(error)

          The value is kept in memory, and the next change saves it again.
          """
        report.say(message)
      }
    }
  }

  /// Writes `data` to `url` atomically: a temporary file in the same directory, renamed over
  /// `url`. On failure the temporary file is removed and `url` is untouched.
  // NB: built unoptimized (CONTRIBUTING, "Compile-cost notes").
  @_optimize(none)
  private func write(_ data: Data, to url: URL) throws {
    if let reason = blocked.withLock({ $0[url] }) {
      guard try fileSystem.contents(of: url) == nil else {
        throw BlockedFile(reason: reason)
      }
      blocked.withLock { _ = $0.removeValue(forKey: url) }
    }
    let directory = url.deletingLastPathComponent()
    try fileSystem.createDirectory(at: directory)
    let temporary = directory.appendingPathComponent(
      ".\(url.lastPathComponent).\(getpid()).\(UUID().uuidString).tmp")
    do {
      try fileSystem.write(data, to: temporary)
      let identity = isDisk ? FileIdentity(of: temporary) : nil
      try fileSystem.rename(temporary, to: url)
      known.withLock { $0[url] = FileVersion(identity: identity, bytes: Array(data)) }
    } catch {
      try? fileSystem.removeItem(at: temporary)
      throw error
    }
  }

  private struct BlockedFile: Error, CustomStringConvertible {
    let reason: String
    var description: String {
      "the file holds contents this process could not load (\(reason)), so it is not written "
        + "over. Move it away; the next change saves the value."
    }
  }

  // MARK: - Temporary files

  /// Removes `.name.<pid>.<uuid>.tmp` files beside `url` whose writer is gone (once per file).
  ///
  /// A writer still running may be about to rename its temporary file, so files of live
  /// processes are kept for an hour, and files of writers that do not name their process for a
  /// minute.
  // NB: built unoptimized (CONTRIBUTING, "Compile-cost notes").
  @_optimize(none)
  private func sweepTemporaryFiles(of url: URL) {
    let isNew = prepared.withLock { $0.insert(url).inserted }
    guard isNew else { return }
    let directory = url.deletingLastPathComponent()
    let prefix = ".\(url.lastPathComponent)."
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
    else { return }
    let now = Date()
    for entry in entries where entry.hasPrefix(prefix) && entry.hasSuffix(".tmp") {
      let path = directory.appendingPathComponent(entry)
      let modified =
        (try? FileManager.default.attributesOfItem(atPath: path.path)[.modificationDate])
        as? Date ?? now
      let age = now.timeIntervalSince(modified)
      let middle = entry.dropFirst(prefix.count).dropLast(".tmp".count)
      let parts = middle.split(separator: ".")
      if parts.count == 2, let pid = Int32(parts[0]) {
        if pid == getpid() { continue }
        if Self.isAlive(pid) && age < 3600 { continue }
      } else if age < 60 {
        continue
      }
      try? FileManager.default.removeItem(at: path)
    }
  }

  private static func isAlive(_ pid: Int32) -> Bool {
    kill(pid, 0) == 0 || errno == EPERM
  }

  // MARK: - Watching

  /// Watches `url` for versions this process did not write; `onChange` decodes and takes one,
  /// returning `false` when it does not decode. Returns `nil` where files are not on disk.
  func watch(
    _ url: URL, onChange: @escaping @Sendable (Data) -> Bool
  ) -> SharedSubscription? {
    guard isDisk else { return nil }
    let directory = url.deletingLastPathComponent()
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    var failure: String?
    let token = watches.withLock { table -> Int in
      let token = table.nextToken
      table.nextToken += 1
      var entry = Watch(token: token, onChange: onChange, isPolled: false, stamp: nil)
      switch watching {
      case .polling:
        entry.isPolled = true
      case .events, .failingEvents:
        do {
          if case .failingEvents = watching {
            throw DirectoryWatcher.Failure(description: "inotify_init1 failed (simulated)")
          }
          if table.watcher == nil {
            // NB: strong: the watcher lives only while some file is watched (the last
            // `unwatch` releases it), and a weak reference to a storage alive at exit (the
            // live one) shows as a leaked side table under the address sanitizer.
            table.watcher = try DirectoryWatcher(queue: queue) { event in self.handle(event) }
          }
          try table.watcher?.add(directory)
        } catch {
          failure = "\(error)"
          entry.isPolled = true
        }
      }
      if entry.isPolled {
        entry.stamp = FileStamp(of: url)
        startPolling(&table)
      }
      table.entries[url] = entry
      return token
    }
    if let failure {
      reportIssueInUserCode(
        """
        Could not watch \(url.path) for changes other processes make: \(failure).

        The file is checked every \(pollInterval) instead. Raise the limit to get immediate \
        updates.
        """)
    }
    return SharedSubscription { self.unwatch(url, token: token) }
  }

  /// How often polled files are checked.
  private var pollInterval: Duration {
    switch watching {
    case .polling(let every), .failingEvents(let every): every
    case .events: .milliseconds(500)
    }
  }

  private func startPolling(_ table: inout Watches) {
    guard table.poller == nil else { return }
    let interval = pollInterval
    let nanoseconds =
      Int(interval.components.seconds) * 1_000_000_000
      + Int(interval.components.attoseconds / 1_000_000_000)
    let timer = DispatchSource.makeTimerSource(queue: queue)
    timer.schedule(
      deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds))
    // NB: strong, like the watcher: the last `unwatch` cancels the timer.
    timer.setEventHandler { self.poll() }
    timer.resume()
    table.poller = timer
  }

  private func unwatch(_ url: URL, token: Int) {
    let (watcher, poller) = watches.withLock {
      table -> (DirectoryWatcher?, (any DispatchSourceTimer)?) in
      guard table.entries[url]?.token == token else { return (nil, nil) }
      table.entries[url] = nil
      guard table.entries.isEmpty else { return (nil, nil) }
      defer {
        table.watcher = nil
        table.poller = nil
      }
      return (table.watcher, table.poller)
    }
    // NB: the last watch is gone: the poller stops, and the watcher is released here, outside
    // the lock (its deinit cancels its sources and closes its descriptor).
    poller?.cancel()
    withExtendedLifetime(watcher) {}
  }

  private func handle(_ event: DirectoryWatcher.Event) {
    let urls = watches.withLock { table -> [URL] in
      switch event {
      case .file(let url):
        let url = url.standardizedFileURL
        return table.entries[url] == nil ? [] : [url]
      case .directory(let directory):
        let directory = directory.standardizedFileURL
        return table.entries.keys.filter {
          $0.deletingLastPathComponent().standardizedFileURL == directory
        }
      case .everything:
        return Array(table.entries.keys)
      }
    }
    for url in urls { check(url) }
  }

  private func poll() {
    let changed = watches.withLock { table -> [URL] in
      var changed: [URL] = []
      for (url, entry) in table.entries where entry.isPolled {
        let stamp = FileStamp(of: url)
        if stamp != entry.stamp {
          table.entries[url]?.stamp = stamp
          changed.append(url)
        }
      }
      return changed
    }
    for url in changed { check(url) }
  }

  /// Reads `url` and, if it is a version this process neither wrote nor read, hands it to the
  /// value; one that does not decode is moved aside.
  // NB: built unoptimized (CONTRIBUTING, "Compile-cost notes").
  func check(_ url: URL) {
    writing.lock()
    defer { writing.unlock() }
    takeUnseenVersion(of: url)
  }

  /// Reads `url` and, if it is a watched file's version this process neither wrote nor read,
  /// hands it to the value, or moves it aside if it does not decode (and says so where `report`
  /// says: at exit, on standard error). Returns whether the value took it. Called with `writing`
  /// held: by `check`, and by `flush` before each save, so that a version whose event is still
  /// on its way is not written over. (Between that read and the save's rename another process
  /// may still write: the window is the rename's, not the save delay's.)
  // NB: built unoptimized (CONTRIBUTING, "Compile-cost notes").
  @_optimize(none) @discardableResult
  private func takeUnseenVersion(
    of url: URL, reportingTo report: FailureReport = .issue
  ) -> Bool {
    guard let onChange = watches.withLock({ $0.entries[url]?.onChange }),
      let version = try? FileVersion.current(at: url),
      known.withLock({ $0[url] }) != version
    else { return false }
    known.withLock { $0[url] = version }
    guard !onChange(version.data) else { return true }
    let outcome = setAside(url, reason: "another process wrote contents that do not decode")
    let message = """
      The shared value's file \(url.path) was replaced with contents that do not decode; the \
      value in memory is kept.

      \(outcome.message)
      """
    report.say(message)
    return false
  }
}
