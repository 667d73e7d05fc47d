import Foundation

/// Instructions per operation of a scenario's subject and baseline, counted by valgrind's
/// callgrind: they do not move with machine load, as wall-clock figures do.
struct InstructionCount {
  let subject: Int
  let baseline: Int
  var ratio: Double { Double(subject) / Double(max(baseline, 1)) }

  var line: String {
    "    instructions per operation: \(subject) against \(baseline) ("
      + String(format: "%.2f×", ratio) + ")"
  }

  /// `valgrind` on the `PATH`, if it is installed.
  static let valgrind: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/valgrind" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }()

  /// Counts `scenario` by running this executable on one side of it at two lengths (1/200 and
  /// 1/20 of a full run) under callgrind: the difference in instructions over the difference in
  /// operations cancels set-up. `nil` without valgrind, or if a run fails.
  static func count(_ scenario: Scenario) -> InstructionCount? {
    guard let valgrind else { return nil }
    func perOperation(_ side: Options.Side) -> Int? {
      guard let short = run(valgrind, scenario: scenario.name, side: side, scale: 200),
        let long = run(valgrind, scenario: scenario.name, side: side, scale: 20),
        long.operations > short.operations
      else { return nil }
      return (long.instructions - short.instructions) / (long.operations - short.operations)
    }
    guard let subject = perOperation(.subject), let baseline = perOperation(.baseline) else {
      return nil
    }
    return InstructionCount(subject: subject, baseline: baseline)
  }

  /// This executable, without its debug information when `objcopy` can strip it: valgrind 3.19
  /// gives up on the DWARF this toolchain writes for clang modules ("Possibly corrupted
  /// debuginfo file"), and instruction counts do not depend on debug information.
  static let executableForValgrind: String = {
    let this = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    guard
      let objcopy = path.split(separator: ":").map({ "\($0)/objcopy" }).first(where: {
        FileManager.default.isExecutableFile(atPath: $0)
      })
    else { return this }
    let stripped = FileManager.default.temporaryDirectory
      .appendingPathComponent("benchmarks-\(ProcessInfo.processInfo.processIdentifier)").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: objcopy)
    process.arguments = ["--strip-debug", this, stripped]
    do { try process.run() } catch { return this }
    process.waitUntilExit()
    return process.terminationStatus == 0 ? stripped : this
  }()

  /// Removes the stripped copy, if one was made.
  static func removeStrippedCopy() {
    let this = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
    guard executableForValgrind != this else { return }
    try? FileManager.default.removeItem(atPath: executableForValgrind)
  }

  private static func run(
    _ valgrind: String, scenario: String, side: Options.Side, scale: Int
  ) -> (instructions: Int, operations: Int)? {
    run(valgrind, arguments: ["--only", scenario, "--side", side.rawValue, "--scale", "\(scale)"])
  }

  /// This executable's instructions under callgrind with `arguments`, and the operations it
  /// printed last (`operations: N`).
  static func run(
    _ valgrind: String, arguments: [String]
  ) -> (instructions: Int, operations: Int)? {
    let output = FileManager.default.temporaryDirectory
      .appendingPathComponent("callgrind-\(UUID().uuidString).out")
    defer { try? FileManager.default.removeItem(at: output) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: valgrind)
    process.arguments =
      [
        "--tool=callgrind", "--callgrind-out-file=\(output.path)", executableForValgrind,
      ] + arguments
    // NB: deterministic hashing, so that set-up counts the same at both lengths.
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
    process.environment = environment
    let stdout = Pipe()
    process.standardOutput = stdout
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let printed = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0,
      let operations = printed.components(separatedBy: "operations: ").last
        .flatMap({ Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }),
      let profile = try? String(contentsOf: output, encoding: .utf8),
      let summary = profile.split(separator: "\n").first(where: { $0.hasPrefix("summary:") }),
      let instructions = Int(
        summary.dropFirst("summary:".count).trimmingCharacters(in: .whitespaces))
    else { return nil }
    return (instructions, operations)
  }
}
