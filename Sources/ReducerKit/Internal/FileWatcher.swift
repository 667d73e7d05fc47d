import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Watches a file's directory and reports the file's new contents when they change.
///
/// On Linux it uses inotify on the directory (an atomic save renames a new file over the old
/// one, so the directory is what changes). Elsewhere nothing is watched yet.
enum FileWatcher {
  /// Starts watching; `onChange` gets the file's contents each time they differ from the last
  /// contents seen (or given to ``SharedStorage/noteWritten(_:to:)``).
  static func watch(
    _ url: URL, in storage: SharedStorage, onChange: @escaping @Sendable (Data) -> Void
  ) -> SharedSubscription? {
    #if os(Linux)
      guard storage.fileSystem is DiskFileSystem else { return nil }
      let directory = url.deletingLastPathComponent()
      try? FileManager.default.createDirectory(
        at: directory, withIntermediateDirectories: true)
      let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard descriptor >= 0 else { return nil }
      let mask = UInt32(IN_MOVED_TO) | UInt32(IN_CLOSE_WRITE)
      guard inotify_add_watch(descriptor, directory.path, mask) >= 0 else {
        close(descriptor)
        return nil
      }
      let source = DispatchSource.makeReadSource(
        fileDescriptor: descriptor, queue: DispatchQueue(label: "ReducerKit.FileWatcher"))
      source.setEventHandler { [weak storage] in
        var buffer = [UInt8](repeating: 0, count: 4096)
        while read(descriptor, &buffer, buffer.count) > 0 {}
        guard let storage,
          let data = try? storage.fileSystem.contents(of: url),
          storage.noteSeen(data, at: url)
        else { return }
        onChange(data)
      }
      source.setCancelHandler { close(descriptor) }
      source.resume()
      let handle = SourceHandle(source: source)
      return SharedSubscription { handle.source.cancel() }
    #else
      return nil
    #endif
  }
}

#if os(Linux)
  /// NB: `@unchecked Sendable` is sound: a dispatch source may be cancelled from any thread.
  private final class SourceHandle: @unchecked Sendable {
    let source: any DispatchSourceRead
    init(source: any DispatchSourceRead) { self.source = source }
  }
#endif
