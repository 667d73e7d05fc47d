import Foundation

/// Runs a program to completion on a dedicated thread, so that waiting for it never blocks the
/// Swift concurrency pool (which other tests' effects need).
public enum ProcessRunner {
  /// What the program printed and how it ended.
  public struct Result: Sendable {
    /// The exit status.
    public var status: Int32
    /// Standard output.
    public var output: String
    /// Standard error.
    public var error: String
  }

  /// Runs `executable` with `arguments`, writing `input` to its standard input.
  public static func run(_ executable: URL, arguments: [String], input: String) async throws
    -> Result
  {
    try await withCheckedThrowingContinuation { continuation in
      let thread = Thread {
        do {
          let process = Process()
          process.executableURL = executable
          process.arguments = arguments
          let stdin = Pipe()
          let stdout = Pipe()
          let stderr = Pipe()
          process.standardInput = stdin
          process.standardOutput = stdout
          process.standardError = stderr
          try process.run()
          stdin.fileHandleForWriting.write(Data(input.utf8))
          try stdin.fileHandleForWriting.close()
          let errorData = LockedData()
          let errorReader = Thread {
            errorData.set(stderr.fileHandleForReading.readDataToEndOfFile())
          }
          errorReader.start()
          let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
          process.waitUntilExit()
          while !errorData.isSet { usleep(1_000) }
          continuation.resume(
            returning: Result(
              status: process.terminationStatus,
              output: String(decoding: outputData, as: UTF8.self),
              error: String(decoding: errorData.value, as: UTF8.self)))
        } catch {
          continuation.resume(throwing: error)
        }
      }
      thread.start()
    }
  }

  /// A built executable next to the test bundle.
  public static func executable(named name: String) -> URL? {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory.deleteLastPathComponent()
    }
    return nil
  }
}

/// Data written once by one thread and read by another.
final class LockedData: @unchecked Sendable {
  // NB: `@unchecked Sendable`: guarded by `lock`.
  private let lock = NSLock()
  private var data: Data?
  func set(_ data: Data) { lock.withLock { self.data = data } }
  var isSet: Bool { lock.withLock { data != nil } }
  var value: Data { lock.withLock { data ?? Data() } }
}
