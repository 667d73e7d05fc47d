import Foundation
import TestSupport
import Testing

/// Absurd arguments to `benchmarks` get a clear error and an exit status, never a crash.
struct BenchmarksCLITests {
  func run(_ arguments: [String]) async throws -> (status: Int32, error: String, output: String) {
    let binary = try #require(
      ProcessRunner.executable(named: "benchmarks"), "build the `benchmarks` product first")
    let result = try await ProcessRunner.run(binary, arguments: arguments, input: "")
    return (result.status, result.error, result.output)
  }

  @Test(arguments: [
    (["--runs", "0"], "--runs needs a whole number from 1 to 1000"),
    (["--runs", "a million"], "--runs needs a whole number from 1 to 1000"),
    (["--filter"], "--filter needs a substring"),
    (["--json"], "--json needs a file path"),
    (["--fastest"], "unknown argument '--fastest'"),
  ])
  func badArgumentsAreExplained(arguments: [String], message: String) async throws {
    let result = try await run(arguments)
    #expect(result.status == 2)
    #expect(result.error.contains(message))
    #expect(result.error.contains("usage: swift run -c release benchmarks"))
  }

  @Test func anUnwritableJSONPathFailsBeforeAnythingIsMeasured() async throws {
    // Every scenario selected: the path is refused up front (a usage error, status 2, and no
    // scenario line printed), not after every scenario ran.
    let result = try await run(["--quick", "--json", "/nonexistent/dir/x.json"])
    #expect(result.status == 2)
    #expect(result.error.contains("cannot write --json /nonexistent/dir/x.json"))
    #expect(!result.output.contains("ns/op"))
  }

  @Test func aJSONPathThatIsADirectoryFailsBeforeAnythingIsMeasured() async throws {
    let directory = FileManager.default.temporaryDirectory.path
    let result = try await run(["--quick", "--json", directory])
    #expect(result.status == 2)
    #expect(result.error.contains("cannot write --json \(directory): it is a directory"))
    #expect(!result.output.contains("targets met"))
  }

  @Test func aFilterThatMatchesNothingIsAnError() async throws {
    let result = try await run(["--quick", "--filter", "no such scenario"])
    #expect(result.status == 2)
    #expect(result.error.contains("no scenario matches --filter 'no such scenario'"))
  }
}
