import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The file operations that file storage uses, so that tests can keep files in memory or make
/// them fail.
///
/// File storage writes atomically with these: it writes a temporary file in the destination's
/// directory, then renames it over the destination. A reader sees the old file or the new one,
/// never part of one.
public protocol SharedFileSystem: Sendable {
  /// The file's contents, or `nil` when there is no file.
  /// - Parameter url: The file.
  func contents(of url: URL) throws -> Data?
  /// Writes a new file (not atomically: the caller renames it into place).
  /// - Parameters:
  ///   - data: The contents.
  ///   - url: The file to create or overwrite.
  func write(_ data: Data, to url: URL) throws
  /// Renames `source` to `destination`, replacing it in one step.
  /// - Parameters:
  ///   - source: The file to rename.
  ///   - destination: Its new name; an existing file there is replaced.
  func rename(_ source: URL, to destination: URL) throws
  /// Removes a file; no error when it does not exist.
  /// - Parameter url: The file.
  func removeItem(at url: URL) throws
  /// Creates a directory and its parents; no error when it exists.
  /// - Parameter url: The directory.
  func createDirectory(at url: URL) throws
}

/// The real file system.
public struct DiskFileSystem: SharedFileSystem {
  /// Creates the real file system.
  public init() {}

  /// Reads the file; `nil` when there is none. Anything but a regular file (a FIFO, a
  /// device), and a file over 128 MiB, is an error rather than a read that blocks or never ends.
  public func contents(of url: URL) throws -> Data? {
    try FileVersion.current(at: url)?.data
  }

  /// Writes the file.
  public func write(_ data: Data, to url: URL) throws {
    try data.write(to: url)
  }

  /// Renames with `rename(2)`, which replaces the destination atomically on one file system.
  public func rename(_ source: URL, to destination: URL) throws {
    let status = source.withUnsafeFileSystemRepresentation { from in
      destination.withUnsafeFileSystemRepresentation { to in
        guard let from, let to else { return Int32(-1) }
        #if canImport(Darwin)
          return Darwin.rename(from, to)
        #else
          return Glibc.rename(from, to)
        #endif
      }
    }
    guard status == 0 else {
      throw CocoaError(
        .fileWriteUnknown,
        userInfo: [
          NSFilePathErrorKey: destination.path,
          NSLocalizedDescriptionKey: "rename failed: \(String(cString: strerror(errno)))",
        ])
    }
  }

  /// Removes the file if it exists.
  public func removeItem(at url: URL) throws {
    guard FileManager.default.fileExists(atPath: url.path) else { return }
    try FileManager.default.removeItem(at: url)
  }

  /// Creates the directory and its parents.
  public func createDirectory(at url: URL) throws {
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }
}

/// Files kept in memory: what file storage uses in tests.
public final class InMemoryFileSystem: SharedFileSystem {
  private let files: LockedValue<[String: Data]>

  /// Creates a file system holding `files` (by path).
  /// - Parameter files: The files to start with, by path.
  public init(files: [String: Data] = [:]) {
    self.files = LockedValue(files)
  }

  /// Every file, by path.
  public var allFiles: [String: Data] { files.withLock { $0 } }

  /// The file's contents, or `nil`.
  public func contents(of url: URL) throws -> Data? {
    files.withLock { $0[url.path] }
  }

  /// Stores the file.
  public func write(_ data: Data, to url: URL) throws {
    files.withLock { $0[url.path] = data }
  }

  /// Moves the file.
  public func rename(_ source: URL, to destination: URL) throws {
    try files.withLock { files in
      guard let data = files.removeValue(forKey: source.path) else {
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: source.path])
      }
      files[destination.path] = data
    }
  }

  /// Removes the file.
  public func removeItem(at url: URL) throws {
    _ = files.withLock { $0.removeValue(forKey: url.path) }
  }

  /// Does nothing: directories are implied by paths.
  public func createDirectory(at url: URL) throws {}
}
