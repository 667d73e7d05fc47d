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
    (["--only"], "--only needs a scenario name"),
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

  @Test func onlyNamesOneScenarioExactly() async throws {
    // Two scenarios share the words "row action via forEach, 100,000 rows"; --only picks one.
    let result = try await run([
      "--only", "row action via forEach, 100,000 rows", "--side", "subject", "--scale", "1000",
    ])
    #expect(result.status == 0)
    #expect(result.output == "operations: 200\n")
    let missing = try await run(["--only", "row action", "--side", "subject"])
    #expect(missing.status == 2)
    #expect(missing.error.contains("no scenario is named 'row action'"))
  }

  @Test func aFilterThatMatchesNothingIsAnError() async throws {
    let result = try await run(["--quick", "--filter", "no such scenario"])
    #expect(result.status == 2)
    #expect(result.error.contains("no scenario matches --filter 'no such scenario'"))
  }

  @Test func aScenarioWithoutATargetIsReportedAsInformational() async throws {
    // The burst row has no target: it must not count as met or missed, and its JSON carries no
    // `target` or `met` rather than an invented one.
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("informational-\(UUID().uuidString).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try await run(["--quick", "--filter", "then a burst", "--json", path])
    #expect(result.status == 0)
    #expect(result.output.contains("0 of 0 targets met (1 informational)."))
    let json = try #require(
      JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
        as? [String: Any])
    let scenarios = try #require(json["scenarios"] as? [[String: Any]])
    #expect(scenarios.count == 1)
    #expect(scenarios.first?["target"] == nil)
    #expect(scenarios.first?["met"] == nil)
    #expect(scenarios.first?["ratio"] is Double)
  }
}
