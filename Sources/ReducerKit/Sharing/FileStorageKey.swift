import Foundation

/// A shared value kept as JSON in a file.
///
/// ```swift
/// @Shared(.fileStorage(.cachesDirectory.appending(path: "marks.json"))) var marks = Marks()
/// ```
///
/// - The file is read when the value is first declared. A missing file gives the default; a
///   file that does not decode gives the default and a warning, and is left as it is until the
///   next change replaces it.
/// - Changes are saved after the storage's `saveDelay`, all changes made meanwhile in one write
///   with the last value. Each write is atomic (a temporary file renamed over the old one), so a
///   crash leaves the old file or the new one. A failed write is a warning; the value stays in
///   memory and the next change saves it again.
/// - A change another process makes to the file is read back into the value: on Linux through
///   inotify, on Apple platforms through a dispatch file-system source.
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

  /// Decodes the file; `nil` (with a warning if it exists but does not decode) otherwise.
  public func load(from storage: SharedStorage) -> Value? {
    do {
      guard let data = try storage.fileSystem.contents(of: url) else { return nil }
      return try JSONDecoder().decode(Value.self, from: data)
    } catch {
      reportIssueInUserCode(
        """
        Could not read the shared value in \(url.path): \(error)

        The default value is used. The file is left as it is until the value changes.
        """)
      return nil
    }
  }

  /// Schedules a write of `value`.
  public func save(_ value: Value, to storage: SharedStorage) {
    storage.scheduleWrite(to: url) {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      return try encoder.encode(value)
    }
  }

  /// Watches the file for changes made by other processes, where the platform can.
  public func subscribe(
    in storage: SharedStorage, didChange: @escaping @Sendable (Value) -> Void
  ) -> SharedSubscription? {
    storage.watch(url) { data in
      guard let value = try? JSONDecoder().decode(Value.self, from: data) else { return }
      didChange(value)
    }
  }

  /// `fileStorage(path)`.
  public var description: String { "fileStorage(\(url.path))" }
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
