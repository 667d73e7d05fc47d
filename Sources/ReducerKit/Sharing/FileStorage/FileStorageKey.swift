import Foundation

/// A shared value kept as JSON in a file.
///
/// ```swift
/// @Shared(.fileStorage(.cachesDirectory.appending(path: "marks.json"))) var marks = Marks()
/// ```
///
/// - The file is read when the value is first declared. A missing file gives the default. A file
///   that does not decode gives the default and a warning, and is first moved aside (to
///   `marks.json.corrupt-<date>` beside it), so that no save replaces what it held. A file that
///   cannot be read at all (its permissions; a FIFO, a device or anything else that is not a
///   regular file, which is never opened for a blocking read; a file over 128 MiB) gives the
///   default and a warning, and is not written over until it is removed. Either way
///   ``Shared/loadError`` tells the app.
/// - Changes are saved after the storage's `saveDelay`, all changes made meanwhile in one write
///   with the last value. Each write is atomic (a temporary file renamed over the old one), so a
///   crash leaves the old file or the new one; temporary files of writers that died are removed
///   when the file is next loaded. A failed write is a warning; the value stays in memory and
///   the next change saves it again.
/// - A change another process makes to the file is read back into the value: on Linux through
///   inotify (one instance per storage), on Apple platforms through dispatch file-system
///   sources; where watching fails, a warning says so and the file is polled. Versions this
///   process wrote itself are never read back as changes. When another process's change
///   arrives while a save of this process is pending, the pending save is dropped: the other
///   write was the last to complete, so memory and the file agree on it.
public struct FileStorageKey<Value: Codable & Sendable>: SharedKey, CustomStringConvertible {
  /// The file.
  public let url: URL

  /// Names the value kept in `url`.
  /// - Parameter url: The file.
  public init(_ url: URL) {
    self.url = url.standardizedFileURL
  }

  /// The file.
  public var id: URL { url }

  /// Decodes the file; `nil` when there is none, or (with a warning, after moving it aside)
  /// when it does not decode.
  public func load(from storage: SharedStorage) -> Value? {
    let data: Data
    do {
      guard let contents = try storage.files.load(url) else { return nil }
      data = contents
    } catch {
      let words = SharedLoadError.words(for: error)
      storage.files.blockWrites(to: url, reason: words)
      SharedLoadError(key: description, reason: .unreadable, detail: words).report()
      reportIssueInUserCode(
        """
        Could not read the shared value in \(url.path): \(words)

        The default value is used, and the file is not written over until it is removed. The \
        value's `loadError` says so to the app.
        """)
      return nil
    }
    do {
      return try JSONDecoder().decode(Value.self, from: data)
    } catch {
      let words = SharedLoadError.words(for: error)
      let outcome = storage.files.setAside(url, reason: words)
      SharedLoadError(
        key: description, reason: .undecodable, detail: words, movedAside: outcome.movedTo
      )
      .report()
      reportIssueInUserCode(
        """
        Could not read the shared value in \(url.path): \(words)

        The default value is used. \(outcome.message)
        """)
      return nil
    }
  }

  /// Schedules a write of `value`.
  public func save(_ value: Value, to storage: SharedStorage) {
    storage.files.scheduleWrite(to: url) {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      return try encoder.encode(value)
    }
  }

  /// Watches the file for changes made by other processes, where the platform can.
  public func subscribe(
    in storage: SharedStorage, didChange: @escaping @Sendable (Value) -> Void
  ) -> SharedSubscription? {
    storage.files.watch(url) { data in
      guard let value = try? JSONDecoder().decode(Value.self, from: data) else { return false }
      didChange(value)
      return true
    }
  }

  /// `fileStorage(path)`.
  public var description: String { "fileStorage(\(url.path))" }
}

extension FileStorageKey: OutsideChangeKey {
  func outsideValueTaken(in storage: SharedStorage) {
    storage.files.discardPendingWrite(to: url)
  }
}

extension SharedKey {
  /// A value kept as JSON in the file at `url`; see ``FileStorageKey``.
  /// - Parameter url: The file.
  /// - Returns: The key.
  public static func fileStorage<Value>(_ url: URL) -> Self
  where Self == FileStorageKey<Value> {
    FileStorageKey(url)
  }
}
