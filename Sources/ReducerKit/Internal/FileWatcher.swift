import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Watches a file's directory and reports the file's new contents when they change.
///
/// An atomic save renames a new file over the old one, so the directory is what changes: on
/// Linux it is watched with inotify, on Apple platforms with a dispatch file-system source.
enum FileWatcher {
  /// Starts watching; `onChange` gets the file's contents each time they differ from the last
  /// contents the storage saw (read, or written itself).
  static func watch(
    _ url: URL, in storage: SharedStorage, onChange: @escaping @Sendable (Data) -> Void
  ) -> SharedSubscription? {
    guard storage.fileSystem is DiskFileSystem else { return nil }
    let directory = url.deletingLastPathComponent()
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let queue = DispatchQueue(label: "ReducerKit.FileWatcher")
    #if os(Linux)
      let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard descriptor >= 0 else { return nil }
      let mask = UInt32(IN_MOVED_TO) | UInt32(IN_CLOSE_WRITE)
      guard inotify_add_watch(descriptor, directory.path, mask) >= 0 else {
        close(descriptor)
        return nil
      }
      let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
      let drain = {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while read(descriptor, &buffer, buffer.count) > 0 {}
      }
    #elseif canImport(Darwin)
      let descriptor = open(directory.path, O_EVTONLY)
      guard descriptor >= 0 else { return nil }
      let source = DispatchSource.makeFileSystemObjectSource(
        fileDescriptor: descriptor, eventMask: [.write, .rename, .delete], queue: queue)
      let drain = {}
    #else
      return nil
    #endif
    #if os(Linux) || canImport(Darwin)
      // NB: the storage is held strongly: it holds its roots weakly, so there is no cycle, and a
      // weak reference to `SharedStorage.live` (which lives for the process) made the address
      // sanitizer report its side table as a leak at exit.
      source.setEventHandler {
        drain()
        guard let data = try? storage.fileSystem.contents(of: url),
          storage.noteSeen(data, at: url)
        else { return }
        onChange(data)
      }
      source.setCancelHandler { close(descriptor) }
      source.resume()
      let handle = SourceHandle(source: source)
      return SharedSubscription { handle.source.cancel() }
    #endif
  }
}

/// NB: `@unchecked Sendable` is sound: a dispatch source may be cancelled from any thread.
private final class SourceHandle: @unchecked Sendable {
  let source: any DispatchSourceProtocol
  init(source: any DispatchSourceProtocol) { self.source = source }
}
