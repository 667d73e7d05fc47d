import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Which file a path names: its device and inode. An atomic save renames a new file over the
/// old one, so each save has an identity of its own, kept through the rename.
struct FileIdentity: Hashable, Sendable {
  let device: UInt64
  let inode: UInt64

  /// The identity of the file at `url`, or `nil` when there is none (or it is not on disk).
  init?(of url: URL) {
    var info = stat()
    guard stat(url.path, &info) == 0 else { return nil }
    self.init(info)
  }

  init(_ info: stat) {
    device = UInt64(truncatingIfNeeded: info.st_dev)
    inode = UInt64(truncatingIfNeeded: info.st_ino)
  }
}

/// One version of a file: which file it was, and its bytes, read through one descriptor so that
/// the two belong together even if the path is renamed over meanwhile.
struct FileVersion: Equatable, Sendable {
  let identity: FileIdentity?
  // NB: bytes, not `Data`: a `Data` kept in a long-lived table was reported as leaked by the
  // address sanitizer at exit.
  let bytes: [UInt8]

  init(identity: FileIdentity?, bytes: [UInt8]) {
    self.identity = identity
    self.bytes = bytes
  }

  /// The largest file file storage reads (128 MiB): a shared value is a document, not a disk.
  static let maximumSize = 128 << 20

  /// Reads the file at `url` from disk; `nil` when there is none.
  ///
  /// The path is opened without blocking and must name a regular file (through links): a FIFO
  /// would block the app in `open` or `read` forever, and a device such as `/dev/zero` would be
  /// read until memory ran out. A file larger than ``maximumSize`` is refused, before it is
  /// read and again if it grows while it is read.
  // NB: built unoptimized (CONTRIBUTING, "Compile-cost notes").
  @_optimize(none)
  static func current(at url: URL) throws -> FileVersion? {
    let descriptor = open(url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      if errno == ENOENT { return nil }
      throw readError(url)
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw readError(url) }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw readError(url, "it is \(kind(of: info.st_mode)), not a regular file")
    }
    guard info.st_size <= maximumSize else {
      throw readError(url, "it is \(info.st_size) bytes, more than the \(maximumSize) read")
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(Int(info.st_size))
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        bytes.append(contentsOf: chunk[0..<count])
        guard bytes.count <= maximumSize else {
          throw readError(url, "it grew past the \(maximumSize) bytes read while it was read")
        }
      } else if count == 0 {
        break
      } else if errno != EINTR {
        throw readError(url)
      }
    }
    return FileVersion(identity: FileIdentity(info), bytes: bytes)
  }

  /// What kind of file `mode` says: "a FIFO", "a directory", "a device".
  private static func kind(of mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFIFO: "a FIFO"
    case S_IFDIR: "a directory"
    case S_IFCHR, S_IFBLK: "a device"
    case S_IFSOCK: "a socket"
    default: "not a file"
    }
  }

  private static func readError(_ url: URL, _ problem: String) -> CocoaError {
    CocoaError(
      .fileReadUnknown,
      userInfo: [
        NSFilePathErrorKey: url.path, NSLocalizedDescriptionKey: "could not read: \(problem)",
      ])
  }

  private static func readError(_ url: URL) -> CocoaError {
    CocoaError(
      .fileReadUnknown,
      userInfo: [
        NSFilePathErrorKey: url.path,
        NSLocalizedDescriptionKey: "could not read: \(String(cString: strerror(errno)))",
      ])
  }

  var data: Data { Data(bytes) }
}

/// A cheap fingerprint of a file for polling: identity, size and modification time.
struct FileStamp: Equatable, Sendable {
  let identity: FileIdentity
  let size: Int64
  let modified: Int64

  init?(of url: URL) {
    var info = stat()
    guard stat(url.path, &info) == 0 else { return nil }
    identity = FileIdentity(info)
    size = Int64(info.st_size)
    #if canImport(Darwin)
      modified =
        Int64(info.st_mtimespec.tv_sec) * 1_000_000_000
        + Int64(info.st_mtimespec.tv_nsec)
    #else
      modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    #endif
  }
}
