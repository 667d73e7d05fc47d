import Foundation
import Testing

/// Absurd arguments to `benchmarks` get a clear error and an exit status, never a crash.
struct BenchmarksCLITests {
  static var binary: URL? {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent("benchmarks")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory.deleteLastPathComponent()
    }
    return nil
  }

  func run(_ arguments: [String]) throws -> (status: Int32, error: String) {
    let binary = try #require(Self.binary, "build the `benchmarks` product first")
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    let error = Pipe()
    process.standardError = error
    process.standardOutput = Pipe()
    try process.run()
    let data = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  @Test(arguments: [
    (["--runs", "0"], "--runs needs a whole number from 1 to 1000"),
    (["--runs", "a million"], "--runs needs a whole number from 1 to 1000"),
    (["--filter"], "--filter needs a substring"),
    (["--json"], "--json needs a file path"),
    (["--fastest"], "unknown argument '--fastest'"),
  ])
  func badArgumentsAreExplained(arguments: [String], message: String) throws {
    let result = try run(arguments)
    #expect(result.status == 2)
    #expect(result.error.contains(message))
    #expect(result.error.contains("usage: swift run -c release benchmarks"))
  }

  @Test func anUnwritableJSONPathFailsClearly() throws {
    let result = try run([
      "--quick", "--filter", "no such scenario", "--json", "/nonexistent/dir/x.json",
    ])
    #expect(result.status == 1)
    #expect(result.error.contains("could not write /nonexistent/dir/x.json"))
  }
}
