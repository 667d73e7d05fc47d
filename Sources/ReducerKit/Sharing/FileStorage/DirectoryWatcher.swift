import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Watches the directories of a storage's files and says which file may have changed.
///
/// An atomic save renames a new file over the old one, so the directory is what changes. On
/// Linux one inotify instance serves every directory of a storage (the kernel allows 128
/// instances per user by default, but thousands of watches), and events are routed by file
/// name; on Apple platforms each directory has a dispatch file-system source. The watcher only
/// says where to look: ``FileStore`` reads the file and decides whether it changed.
final class DirectoryWatcher: @unchecked Sendable {
  // NB: `@unchecked Sendable` is sound: `directories` is only touched with `lock` held; the
  // descriptor and the sources are set up once and are thread-safe to cancel.

  /// Where to look after an event.
  enum Event: Sendable {
    /// This file was renamed into place or written.
    case file(URL)
    /// Something in this directory changed (the platform does not say what).
    case directory(URL)
    /// Events were lost: look at every file.
    case everything
  }

  /// Why a directory cannot be watched.
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  private let lock = NSLock()
  private let onEvent: @Sendable (Event) -> Void
  private let queue: DispatchQueue
  #if os(Linux)
    private let descriptor: Int32
    private let source: any DispatchSourceRead
    /// The watch descriptor of each watched directory.
    private var directories: [URL: Int32] = [:]
  #elseif canImport(Darwin)
    private var directories: [URL: any DispatchSourceFileSystemObject] = [:]
  #endif

  /// Starts a watcher that calls `onEvent` on `queue`; throws when the platform's watching
  /// cannot be had (no inotify instance left).
  // NB: built unoptimized (CONTRIBUTING, "Compile-cost notes").
  @_optimize(none)
  init(queue: DispatchQueue, onEvent: @escaping @Sendable (Event) -> Void) throws {
    self.queue = queue
    self.onEvent = onEvent
    #if os(Linux)
      let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard descriptor >= 0 else {
        throw Failure(
          description: "inotify_init1 failed: \(String(cString: strerror(errno)))"
            + (errno == EMFILE
              ? " (the per-user limit of inotify instances, fs.inotify.max_user_instances)" : ""))
      }
      self.descriptor = descriptor
      source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
      // NB: the handler holds only what it needs, not the watcher, so that releasing the watcher
      // (when its store stops watching) cancels the source and closes the descriptor.
      let table = NameTable()
      source.setEventHandler { [onEvent] in
        Self.drain(descriptor) { watch, mask, name in
          if mask & UInt32(IN_Q_OVERFLOW) != 0 {
            onEvent(.everything)
            return
          }
          guard let name, let directory = table.directory(for: watch) else { return }
          onEvent(.file(directory.appendingPathComponent(name)))
        }
      }
      source.setCancelHandler { close(descriptor) }
      self.table = table
      source.resume()
    #elseif !canImport(Darwin)
      throw Failure(description: "this platform has no file watching")
    #endif
  }

  #if os(Linux)
    /// The watch-descriptor table the event handler reads (it must not hold the watcher).
    private let table: NameTable

    final class NameTable: @unchecked Sendable {
      // NB: `@unchecked Sendable` is sound: `names` is only touched with `lock` held.
      private let lock = NSLock()
      private var names: [Int32: URL] = [:]
      func directory(for watch: Int32) -> URL? { lock.withLock { names[watch] } }
      func set(_ directory: URL, for watch: Int32) { lock.withLock { names[watch] = directory } }
    }

    /// Reads every pending event: (watch descriptor, mask, file name).
    // NB: built unoptimized (CONTRIBUTING, "Compile-cost notes").
    @_optimize(none)
    private static func drain(_ descriptor: Int32, _ body: (Int32, UInt32, String?) -> Void) {
      let capacity = 64 * 1024
      var buffer = [UInt8](repeating: 0, count: capacity)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, capacity) }
        guard count > 0 else { return }
        buffer.withUnsafeBytes { raw in
          var offset = 0
          let header = MemoryLayout<inotify_event>.size
          while offset + header <= count {
            let watch = raw.loadUnaligned(fromByteOffset: offset, as: Int32.self)
            let mask = raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
            let length = Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
            var name: String?
            if length > 0 {
              let bytes = raw[(offset + header)..<(offset + header + length)]
              name = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            body(watch, mask, name)
            offset += header + length
          }
        }
      }
    }
  #endif

  deinit {
    #if os(Linux)
      source.cancel()
    #elseif canImport(Darwin)
      for source in directories.values { source.cancel() }
    #endif
  }

  /// Watches `directory` (once, however many files in it are watched); throws when the
  /// platform refuses (no watch left, no such directory).
  func add(_ directory: URL) throws {
    try lock.withLock {
      guard directories[directory] == nil else { return }
      #if os(Linux)
        let mask = UInt32(IN_MOVED_TO) | UInt32(IN_CLOSE_WRITE)
        let watch = inotify_add_watch(descriptor, directory.path, mask)
        guard watch >= 0 else {
          throw Failure(
            description: "inotify_add_watch failed: \(String(cString: strerror(errno)))"
              + (errno == ENOSPC
                ? " (the per-user limit of inotify watches, fs.inotify.max_user_watches)" : ""))
        }
        directories[directory] = watch
        table.set(directory, for: watch)
      #elseif canImport(Darwin)
        let descriptor = open(directory.path, O_EVTONLY)
        guard descriptor >= 0 else {
          throw Failure(description: "open failed: \(String(cString: strerror(errno)))")
        }
        let source = DispatchSource.makeFileSystemObjectSource(
          fileDescriptor: descriptor, eventMask: [.write, .rename, .delete, .link], queue: queue)
        source.setEventHandler { [onEvent] in onEvent(.directory(directory)) }
        source.setCancelHandler { close(descriptor) }
        source.resume()
        directories[directory] = source
      #endif
    }
  }
}
