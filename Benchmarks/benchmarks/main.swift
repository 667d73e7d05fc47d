import Foundation

// `swift run -c release benchmarks`: every hot path beside its floor, as a ratio.

@MainActor
func runBenchmarks() async -> Int32 {
  let options: Options
  do {
    options = try Options.parse(CommandLine.arguments)
  } catch let error as UsageError {
    if let problem = error.problem {
      FileHandle.standardError.write(Data("error: \(problem)\n\n\(UsageError.usage)\n".utf8))
      return 2
    }
    print(UsageError.usage)
    return 0
  } catch {
    return 2
  }

  if let path = options.renderPath {
    do {
      print(try BenchmarksReadme.render(results: path), terminator: "")
      return 0
    } catch {
      FileHandle.standardError.write(Data("error: cannot render \(path): \(error)\n".utf8))
      return 1
    }
  }

  if options.allocations { return Allocations.report() }
  if let (kind, steps) = options.sessionOnly { return SessionFigures.runOnly(kind, steps: steps) }
  if options.sessions {
    return SessionFigures.report(
      lengths: options.sessionLengths ?? (options.quick ? [100, 1_000] : [1_000, 4_000, 10_000]),
      instructions: options.instructions, into: options.sessionDirectory)
  }

  let scale = options.scale
  var scenarios: [Scenario] = []
  scenarios += storeSendScenarios(scale: scale)
  scenarios += forEachScenarios(scale: scale)
  scenarios += scopeScenarios(scale: scale)
  scenarios += observedScenarios(scale: scale)
  scenarios += screenScenarios(scale: scale)
  scenarios += effectScenarios(scale: scale)
  scenarios += testStoreScenarios(scale: scale)
  scenarios += redactionScenarios(scale: scale)
  scenarios += recordingScenarios(scale: scale)
  scenarios += windowedListScenarios(scale: scale)
  scenarios += navigationScenarios(scale: scale)
  scenarios += memoryScenarios(scale: scale)
  if let only = options.only {
    scenarios = scenarios.filter { $0.name == only }
    guard !scenarios.isEmpty else {
      FileHandle.standardError.write(Data("error: no scenario is named '\(only)'\n".utf8))
      return 2
    }
  }
  if let filter = options.filter {
    scenarios = scenarios.filter { $0.name.localizedCaseInsensitiveContains(filter) }
    guard !scenarios.isEmpty else {
      FileHandle.standardError.write(
        Data("error: no scenario matches --filter '\(filter)'\n\n\(UsageError.usage)\n".utf8))
      return 2
    }
  }
  // NB: check where the JSON goes before measuring anything, not after every scenario ran.
  if let path = options.jsonPath {
    let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory),
      isDirectory.boolValue, FileManager.default.isWritableFile(atPath: directory)
    else {
      FileHandle.standardError.write(
        Data("error: cannot write --json \(path): \(directory) is not a writable directory\n".utf8))
      return 2
    }
    var pathIsDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &pathIsDirectory),
      pathIsDirectory.boolValue
    {
      FileHandle.standardError.write(
        Data("error: cannot write --json \(path): it is a directory; name a file in it\n".utf8))
      return 2
    }
  }

  if let side = options.side {
    // NB: one side, once, printing only how many operations ran: what valgrind counts is set-up
    // plus the operations, and `Benchmarks/instructions.sh` subtracts two run lengths.
    var operations = 0
    for scenario in scenarios {
      let workload = side == .subject ? scenario.subject : scenario.baseline
      await workload.prepare()()
      operations += workload.operations
    }
    print("operations: \(operations)")
    return 0
  }

  if options.instructions, InstructionCount.valgrind == nil {
    FileHandle.standardError.write(
      Data("warning: --instructions needs valgrind on the PATH; counting nothing\n".utf8))
  }
  let machine = Report.machineDescription()
  print("ReducerKit benchmarks — \(machine), \(Report.swiftVersion)")
  print(options.quick ? "(quick smoke run: figures are not meaningful)\n" : "")
  print(Report.header)
  var results: [Report.Row] = []
  for scenario in scenarios {
    let comparison = await compare(scenario, runs: options.runs, quick: options.quick)
    var row = Report.Row(scenario: scenario, comparison: comparison)
    print(row.line)
    if options.instructions, scenario.instructions {
      row.instructions = InstructionCount.count(scenario)
      print(row.instructions?.line ?? "    instructions per operation: not counted (valgrind?)")
    }
    results.append(row)
  }
  if options.instructions { InstructionCount.removeStrippedCopy() }
  let targeted = results.filter { $0.met != nil }
  let met = targeted.filter { $0.met == true }.count
  print(
    "\n\(met) of \(targeted.count) targets met (\(results.count - targeted.count) informational).")

  if let path = options.jsonPath {
    do {
      try Report.json(results, machine: machine, rounds: options.quick ? 1 : options.runs).write(
        to: URL(fileURLWithPath: path))
      print("Wrote \(path)")
    } catch {
      FileHandle.standardError.write(Data("error: could not write \(path): \(error)\n".utf8))
      return 1
    }
  }
  return 0
}

exit(await runBenchmarks())
