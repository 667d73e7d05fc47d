import CHeapUsage
import Foundation

/// Keeps a value alive so that the optimiser cannot remove the work that produced it.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// One measured piece of work: `prepare` runs outside the timed region and returns the body to
/// time; the body does `operations` operations per call.
struct Workload {
  let operations: Int
  let prepare: @MainActor () -> @MainActor () async -> Void
}

/// A scenario measured against its baseline in the same run.
struct Scenario {
  let name: String
  let baselineName: String
  /// The ratio to meet; `nil` for a row that is informational (growth, or a burst).
  let target: Double?
  let unit: Unit
  let subject: Workload
  let baseline: Workload
  /// A hot path: with `--instructions`, its instructions per operation are counted under
  /// valgrind and printed beside the wall-clock ratio.
  var instructions = false

  enum Unit { case nanoseconds, bytes }
}

/// The figures for one workload: nanoseconds (or bytes) per operation over the measured runs.
struct Measurement: Codable {
  let median: Double
  let min: Double
  let max: Double
}

struct Options {
  var quick = false
  var filter: String?
  var jsonPath: String?
  var runs = 5
  /// Divides every scenario's operation count (`--quick` is 100).
  var scale = 1
  /// Runs one side only, once, for counting instructions (see `Benchmarks/instructions.sh`).
  var side: Side?
  /// Counts instructions per operation of the hot paths under valgrind.
  var instructions = false
  /// Only the scenario of exactly this name (for counting one scenario's instructions).
  var only: String?
  /// Renders `Benchmarks/README.md` from this results JSON instead of measuring.
  var renderPath: String?
  /// Measures recorded sessions (file size, send, write, decode and replay times) instead.
  var sessions = false
  /// Where `--sessions` writes each session's recording and inspector page, if anywhere.
  var sessionDirectory: URL?
  /// The session lengths `--sessions` measures (`--session-steps 10000,100000,1000000`).
  var sessionLengths: [Int]?
  /// Records and writes one session and nothing else, for callgrind (`--session-only KIND:N`).
  var sessionOnly: (SessionKind, Int)?
  /// Counts the allocations of sends that return `.none` through each scoping reducer instead.
  var allocations = false

  enum Side: String { case subject, baseline }

  static func parse(_ arguments: [String]) throws -> Options {
    var options = Options()
    var iterator = arguments.dropFirst().makeIterator()
    while let argument = iterator.next() {
      switch argument {
      case "--quick":
        options.quick = true
        options.runs = 1
        options.scale = 100
      case "--scale":
        guard let value = iterator.next(), let scale = Int(value), (1...10_000).contains(scale)
        else { throw UsageError("--scale needs a whole number from 1 to 10000") }
        options.scale = scale
      case "--side":
        guard let value = iterator.next(), let side = Side(rawValue: value) else {
          throw UsageError("--side needs 'subject' or 'baseline'")
        }
        options.side = side
      case "--filter":
        guard let value = iterator.next() else { throw UsageError("--filter needs a substring") }
        options.filter = value
      case "--only":
        guard let value = iterator.next() else { throw UsageError("--only needs a scenario name") }
        options.only = value
      case "--instructions":
        options.instructions = true
      case "--sessions":
        options.sessions = true
      case "--session-dir":
        guard let value = iterator.next() else { throw UsageError("--session-dir needs a folder") }
        options.sessionDirectory = URL(fileURLWithPath: value, isDirectory: true)
      case "--session-steps":
        guard let value = iterator.next() else {
          throw UsageError("--session-steps needs lengths, as 10000,100000")
        }
        let lengths = value.split(separator: ",").compactMap { Int($0) }
        guard !lengths.isEmpty, lengths.allSatisfy({ (1...10_000_000).contains($0) }) else {
          throw UsageError("--session-steps needs lengths from 1 to 10000000, as 10000,100000")
        }
        options.sessionLengths = lengths
      case "--session-only":
        guard let value = iterator.next(), case let parts = value.split(separator: ":"),
          parts.count == 2, let kind = SessionKind(rawValue: String(parts[0])),
          let steps = Int(parts[1]), (0...10_000_000).contains(steps)
        else { throw UsageError("--session-only needs KIND:STEPS, as growing:1000") }
        options.sessionOnly = (kind, steps)
      case "--allocations":
        options.allocations = true
      case "--json":
        guard let value = iterator.next() else { throw UsageError("--json needs a file path") }
        options.jsonPath = value
      case "--render-readme":
        guard let value = iterator.next() else {
          throw UsageError("--render-readme needs the results JSON")
        }
        options.renderPath = value
      case "--runs":
        guard let value = iterator.next(), let runs = Int(value), (1...1_000).contains(runs) else {
          throw UsageError("--runs needs a whole number from 1 to 1000")
        }
        options.runs = runs
      case "--help", "-h":
        throw UsageError(nil)
      default:
        throw UsageError("unknown argument '\(argument)'")
      }
    }
    return options
  }
}

struct UsageError: Error {
  let problem: String?
  init(_ problem: String?) { self.problem = problem }

  static let usage = """
    usage: swift run -c release benchmarks [--quick] [--filter SUBSTRING] [--runs N] [--json FILE]
                                           [--instructions]

      --quick          one short run of each scenario (a smoke test; figures are not meaningful)
      --filter TEXT    only scenarios whose name contains TEXT
      --runs N         measured rounds per scenario (default 5); each round times the
                       subject and its baseline back to back, and the ratio reported is the
                       median of the rounds' ratios
      --json FILE      also write the results as JSON to FILE
      --instructions   also count instructions per operation of the hot paths under valgrind
                       (if installed), printed beside their wall-clock ratio
      --scale N        divide every scenario's operations by N (--quick is --scale 100)
      --side S         run only the subject or the baseline of each scenario, once, with no
                       warm-up and no report: for counting instructions per operation under
                       valgrind (Benchmarks/instructions.sh)
      --only NAME      only the scenario named exactly NAME (used with --side)
      --sessions       measure recorded sessions of 1,000, 4,000 and 10,000 steps instead
                       (with --quick, 100 and 1,000), of a fixed-size state, of a state
                       that grows a post a step, of the same kept in pages of 64 posts,
                       and of a timeline kept as apps keep one
                       (an IdentifiedArray of padded posts, a dictionary by post id that
                       grows too): file size, and the time to send, write,
                       decode and replay each, to build its inspector page, and the memory
                       decoding and the page take; with --instructions, also the
                       instructions per step recorded and written (callgrind)
      --session-steps N,M
                       with --sessions, sessions of these lengths instead
      --session-dir D  with --sessions, also write each session's recording and page into D
      --session-only KIND:N
                       record and write one session of N steps (KIND fixed, growing,
                       paged or timeline) and
                       nothing else: what --sessions --instructions counts
      --allocations    count the mallocs of a child action that returns .none through each
                       scoping reducer instead; exits 1 if any kind allocates (CI runs it)
      --render-readme FILE
                       print Benchmarks/README.md rendered from the results JSON FILE (and
                       Benchmarks/build-times.json) instead of measuring; CI checks that the
                       checked-in page is exactly this
    """
}

/// The figures of one scenario: subject and baseline per operation, and the ratio of each
/// round, measured with the two interleaved so that a change of load between them moves both.
struct Comparison {
  let subject: Measurement
  let baseline: Measurement
  /// The median, min and max of the per-round ratios (subject ÷ baseline).
  let ratio: Measurement
}

/// Measures `scenario`: a warm-up of each side, then `runs` rounds, each timing subject and
/// baseline back to back (in alternating order, so neither always goes first).
@MainActor
func compare(_ scenario: Scenario, runs: Int, quick: Bool) async -> Comparison {
  let rounds = quick ? 1 : max(1, runs)
  if scenario.unit == .nanoseconds {
    await scenario.subject.prepare()()  // warm-up
    await scenario.baseline.prepare()()
  }
  var subjects: [Double] = []
  var baselines: [Double] = []
  var ratios: [Double] = []
  for round in 0..<rounds {
    let subjectFirst = round.isMultiple(of: 2)
    let first = await sample(
      subjectFirst ? scenario.subject : scenario.baseline, unit: scenario.unit)
    let second = await sample(
      subjectFirst ? scenario.baseline : scenario.subject, unit: scenario.unit)
    let (subject, baseline) = subjectFirst ? (first, second) : (second, first)
    subjects.append(subject)
    baselines.append(baseline)
    ratios.append(baseline > 0 ? subject / baseline : .infinity)
  }
  return Comparison(
    subject: summarize(subjects), baseline: summarize(baselines), ratio: summarize(ratios))
}

/// One timed (or weighed) run of `workload`, per operation.
@MainActor
func sample(_ workload: Workload, unit: Scenario.Unit) async -> Double {
  switch unit {
  case .bytes:
    let before = HeapUsage.current()
    let body = workload.prepare()
    await body()
    let after = HeapUsage.current()
    blackHole(body)
    return Double(after - before) / Double(workload.operations)
  case .nanoseconds:
    let body = workload.prepare()
    let clock = ContinuousClock()
    let start = clock.now
    await body()
    let elapsed = start.duration(to: clock.now)
    let nanoseconds =
      Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    return nanoseconds / Double(workload.operations)
  }
}

func summarize(_ samples: [Double]) -> Measurement {
  let sorted = samples.sorted()
  return Measurement(
    median: sorted[sorted.count / 2], min: sorted[0], max: sorted[sorted.count - 1])
}

/// Bytes currently allocated on the heap.
enum HeapUsage {
  static func current() -> Int {
    Int(reducerkit_heap_bytes_in_use())
  }

}
