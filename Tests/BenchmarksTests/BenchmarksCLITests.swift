import Foundation
import ReducerKit
import ReducerKitRecording
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

  /// A new empty folder for one test's files; the caller removes it.
  func newDirectory(_ name: String) throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
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

  @Test func allocationsAreCountedForEveryScopingReducer() async throws {
    // CI runs the release build, which must allocate nothing; this debug build may allocate, so
    // only the report's shape is checked here.
    let result = try await run(["--allocations"])
    for kind in [
      "Scope", "ifLet (optional)", "ifCaseLet", "forEach (identified array)",
      "ifLet (presentation)", "forEach (stack)", "ifLet (enum destination)",
    ] {
      #expect(
        result.output.contains("\(kind) ") || result.output.contains("counted with glibc only"),
        "\(kind)")
    }
    #expect(result.status == 0 || result.output.contains("ALLOCATES"))
  }

  @Test func recordedSessionsAreMeasuredAndReplayed() async throws {
    // The table the README's session figures come from; each session must replay to be shown.
    let result = try await run(["--sessions", "--quick"])
    #expect(result.status == 0, "\(result.error)")
    let rows = result.output.split(separator: "\n").filter {
      $0.hasPrefix("| fixed |") || $0.hasPrefix("| growing |") || $0.hasPrefix("| paged |")
        || $0.hasPrefix("| timeline |")
    }
    #expect(
      rows.map {
        $0.split(separator: "|").prefix(2).map { $0.trimmingCharacters(in: .whitespaces) }
      }
        == [
          ["fixed", "100"], ["fixed", "1000"], ["growing", "100"], ["growing", "1000"],
          ["paged", "100"], ["paged", "1000"], ["timeline", "100"], ["timeline", "1000"],
        ])
    // Five times (sends, written, decoded, replayed, the inspector page), the time per step,
    // two sizes, and on Linux three peaks of memory (recording, decoding, the page); no
    // instructions without --instructions.
    #if os(Linux)
      let peaks = 3
    #else
      let peaks = 0
    #endif
    #expect(
      rows.allSatisfy {
        $0.components(separatedBy: " KB |").count == 3
          && $0.components(separatedBy: " ms").count == 6
          && $0.components(separatedBy: "× the file)").count == peaks + 1
          && $0.contains(" µs | – |")
      })
  }

  @Test func recordedSessionsAreWrittenWithTheirPagesWhereAsked() async throws {
    let directory = try newDirectory("sessions")
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try await run(["--sessions", "--quick", "--session-dir", directory.path])
    #expect(result.status == 0, "\(result.error)")
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(
      files
        == ["fixed", "growing", "paged", "timeline"].flatMap { kind in
          ["100.html", "100.json", "1000.html", "1000.json"].map { "session-\(kind)-\($0)" }
        })
    let recording = try Recording.decode(
      Data(contentsOf: directory.appendingPathComponent("session-growing-1000.json")))
    #expect(recording.steps.count == 1000)
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

  @Test func theBenchmarksPageIsRenderedFromTheResultsJSON() async throws {
    let directory = try newDirectory("render")
    defer { try? FileManager.default.removeItem(at: directory) }
    let results = """
      {"machine": "Linux, 2 cores, 23 GiB", "swift": "Swift 6.3+", "date": "2026-11-25T00:00:00Z",
       "scenarios": [
        {"name": "Store.send counter", "ns_per_op": 3.04, "baseline": "hand-written store",
         "baseline_ns_per_op": 1.0, "ratio": 3.04, "target": 5, "met": true, "unit": "ns_per_op",
         "min": 3, "max": 3.2, "ratio_min": 2.9, "ratio_max": 3.1, "rounds": 5,
         "instructions_per_op": 70, "baseline_instructions_per_op": 11},
        {"name": "action 10 Scopes deep", "ns_per_op": 26.6, "baseline": "10 nested reducers",
         "baseline_ns_per_op": 2.7, "ratio": 9.93, "target": 3, "met": false,
         "unit": "ns_per_op", "min": 26, "max": 27, "ratio_min": 9.87, "ratio_max": 10.07,
         "rounds": 5, "instructions_per_op": 65300, "baseline_instructions_per_op": 6500},
        {"name": "growth", "ns_per_op": 1, "baseline": "itself", "baseline_ns_per_op": 1,
         "ratio": 1, "unit": "bytes_per_row", "min": 1, "max": 1, "ratio_min": 1,
         "ratio_max": 1, "rounds": 5}
       ]}
      """
    let buildTimes = """
      {"date": "2026-11-24", "machine": "Linux, 2 cores", "rows": [{"module": "the example",
       "cleanSource": 11.2, "cleanPlugin": 11.24, "incrementalSource": 0.5,
       "incrementalPlugin": 0.6}]}
      """
    try Data(results.utf8).write(to: directory.appendingPathComponent("results.json"))
    try Data(buildTimes.utf8).write(to: directory.appendingPathComponent("build-times.json"))
    let page = try await run([
      "--render-readme", directory.appendingPathComponent("results.json").path,
    ])
    #expect(page.status == 0)
    #expect(page.output.hasPrefix("# Benchmarks\n"))
    #expect(page.output.contains("**1 of 2 targets met** (1 informational)"))
    #expect(
      page.output.contains(
        "| Store.send counter | 3.0 ns/op | hand-written store | 1.0 ns/op | 3.04× (2.90–3.10) "
          + "| 70 / 11 (6.36×) | ≤ 5× | met |"))
    #expect(page.output.contains("| 65,300 / 6500 (10.05×) | ≤ 3× | **not met** |"))
    #expect(page.output.contains("| 1.0 B/row | itself | 1.0 B/row |"))
    #expect(
      page.output.contains(
        "- **action 10 Scopes deep** (10.05× in instructions, target ≤ 3.0×): spelled"))
    #expect(page.output.contains("| the example | 11.2 s / 11.2 s | 0.5 s / 0.6 s |"))

    // Without the build times beside it, the page is not rendered half-way.
    try FileManager.default.removeItem(at: directory.appendingPathComponent("build-times.json"))
    let missing = try await run([
      "--render-readme", directory.appendingPathComponent("results.json").path,
    ])
    #expect(missing.status == 1)
    #expect(missing.error.contains("cannot render"))
    #expect(missing.output.isEmpty)
  }

  @Test func theLibraryBuildIsJudgedOnItsCompilersInstructionsWhereCounted() async throws {
    let directory = try newDirectory("render-library")
    defer { try? FileManager.default.removeItem(at: directory) }
    let results = """
      {"machine": "Linux", "swift": "Swift 6.3", "date": "2026-11-28T00:00:00Z", "scenarios": []}
      """
    try Data(results.utf8).write(to: directory.appendingPathComponent("results.json"))
    // CPU seconds over the budget (1.25×), memory within it (1.05×); the instructions decide.
    func page(instructions: String) async throws -> String {
      let buildTimes = """
        {"date": "2026-11-28", "machine": "Linux, 2 cores", "rows": [],
         "library": {"command": "swift build", "baseline": "abc1234", "date": "2026-11-28",
          "cpu": 50, "baselineCPU": 40, "peakMB": 630, "baselinePeakMB": 600,
          "modules": [{"name": "Kit", "cpu": 50, "baselineCPU": 40}],
          \(instructions)
          "overBudget": "why"}}
        """
      try Data(buildTimes.utf8).write(to: directory.appendingPathComponent("build-times.json"))
      let rendered = try await run([
        "--render-readme", directory.appendingPathComponent("results.json").path,
      ])
      #expect(rendered.status == 0, "\(rendered.error)")
      return rendered.output
    }

    let within = try await page(
      instructions: """
        "instructions": {"date": "2026-11-28", "modules": [
          {"name": "Kit", "billions": 60, "baselineBillions": 58},
          {"name": "Tool", "billions": 2.2, "baselineBillions": 2}]},
        """)
    #expect(within.contains("| Kit | 60.0 G | 58.0 G | 1.03× |"))
    #expect(within.contains("| **all modules** | 62.2 G | 60.0 G | **1.04×** |"))
    #expect(within.contains("Within budget."))
    #expect(!within.contains("**Over budget.**"))

    let over = try await page(
      instructions: """
        "instructions": {"date": "2026-11-28", "modules": [
          {"name": "Kit", "billions": 72, "baselineBillions": 60}]},
        """)
    #expect(over.contains("| **all modules** | 72.0 G | 60.0 G | **1.20×** |"))
    #expect(over.contains("**Over budget.** why"))

    // Not counted: the CPU seconds decide, as before.
    let uncounted = try await page(instructions: "")
    #expect(uncounted.contains("**Over budget.** why"))
    #expect(!uncounted.contains("library-build-instructions.sh"))
  }
}
