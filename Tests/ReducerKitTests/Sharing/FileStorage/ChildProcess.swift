import Foundation
import ReducerKit
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A second process for file-storage tests: this test binary, re-run with one test selected and
/// its role in the environment, as another app process writing the same file would be.
enum ChildProcess {
  static let roleVariable = "REDUCERKIT_FILE_STORAGE_CHILD"
  static let fileVariable = "REDUCERKIT_FILE_STORAGE_FILE"
  static let doneVariable = "REDUCERKIT_FILE_STORAGE_DONE"
  static let countVariable = "REDUCERKIT_FILE_STORAGE_COUNT"
  static let memoryPrefix = "CHILD-MEMORY: "

  /// What a child does.
  enum Role: String {
    /// Writes `count` notes 2 ms apart, waits for the parent's "done" file, then prints the
    /// value it holds in memory.
    case writer
    /// Writes large notes as fast as it can, saving each, until it is killed.
    case spinner
    /// Changes the note once and exits at once, without saving: the exit must save it.
    case exiter
  }

  /// Starts the child; it runs until it exits or is killed.
  static func start(_ role: Role, file: URL, done: URL? = nil, count: Int = 0) throws
    -> (Process, Pipe)
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = [
      "--testing-library", "swift-testing", "--filter", "fileStorageChildProcess",
    ]
    var environment = ProcessInfo.processInfo.environment
    environment[roleVariable] = role.rawValue
    environment[fileVariable] = file.path
    environment[doneVariable] = done?.path ?? ""
    environment[countVariable] = "\(count)"
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    return (process, output)
  }

  /// Waits (without blocking the concurrency pool's threads) for `process` to exit.
  static func waitForExit(_ process: Process, timeout: Duration = .seconds(60)) async {
    let deadline = ContinuousClock.now + timeout
    while process.isRunning && ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(10))
    }
  }
}

/// A value two processes write.
struct Note: Codable, Equatable, Sendable {
  var writer = ""
  var sequence = 0
  var padding: [String] = []
}

/// The child's side: selected with `--filter`, and only enabled in a child.
@Test(.enabled(if: ProcessInfo.processInfo.environment[ChildProcess.roleVariable] != nil))
func fileStorageChildProcess() async throws {
  let environment = ProcessInfo.processInfo.environment
  let role = try #require(environment[ChildProcess.roleVariable].flatMap(ChildProcess.Role.init))
  let file = URL(fileURLWithPath: try #require(environment[ChildProcess.fileVariable]))
  let storage = SharedStorage(fileSystem: DiskFileSystem(), userDefaults: nil)
  let note = withDependencies {
    $0.sharedStorage = storage
  } operation: {
    Shared(wrappedValue: Note(), .fileStorage(file))
  }
  switch role {
  case .writer:
    let count = Int(environment[ChildProcess.countVariable] ?? "") ?? 0
    for sequence in 1...max(count, 1) {
      note.withLock { $0 = Note(writer: "child", sequence: sequence) }
      try await Task.sleep(for: .milliseconds(2))
    }
    storage.flush()
    let done = URL(fileURLWithPath: try #require(environment[ChildProcess.doneVariable]))
    while !FileManager.default.fileExists(atPath: done.path) {
      try await Task.sleep(for: .milliseconds(10))
    }
    // Both sides are quiet: let the last events arrive.
    try await Task.sleep(for: .milliseconds(800))
    let memory = try JSONEncoder().encode(note.wrappedValue)
    print(ChildProcess.memoryPrefix + String(decoding: memory, as: UTF8.self))
  case .exiter:
    note.withLock { $0 = Note(writer: "exiter", sequence: 1) }
    // NB: well before the save delay (100 ms) runs out; nothing flushes but the exit.
    exit(0)
  case .spinner:
    let padding = Array(repeating: String(repeating: "x", count: 1_000), count: 200)
    var sequence = 0
    while true {
      sequence += 1
      note.withLock { $0 = Note(writer: "spinner", sequence: sequence, padding: padding) }
      storage.flush()
    }
  }
}
