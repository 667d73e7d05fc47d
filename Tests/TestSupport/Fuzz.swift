import Foundation
import ReducerKit
import Testing

/// Runs a property over seeded random inputs, for as long as the run allows, and names the seed
/// of every input that breaks it so that it can be replayed.
///
/// - By default each fuzzer tries `iterations` seeds from a fixed base: a CI run is deterministic
///   and takes a few seconds, and a failure in it fails again on every run.
/// - `REDUCERKIT_FUZZ_SECONDS=N` runs each fuzzer for N seconds instead, from a base seed of the
///   clock (printed first), for a longer search on a developer's machine.
/// - `REDUCERKIT_FUZZ_SEED=S` runs the one input of seed `S`: what a failure says to set.
/// - `REDUCERKIT_FUZZ_SCALE=F` scales a default run's seeds by F: CI's sanitizer runs, many
///   times slower, try a quarter of them (the plain run tries them all).
///
/// A property fails by returning a description of what went wrong; that is recorded as an issue
/// with the seed, the fuzzer's name and the command that replays it. Inputs that once failed are
/// kept as fixed regression cases beside the fuzzer (in its test), not left to the seeds.
public struct Fuzz {
  /// The fuzzer's name, as the test's filter names it.
  public let name: String
  /// How many seeds a default run tries.
  public let iterations: Int

  /// A fuzzer.
  /// - Parameters:
  ///   - name: The test's name, for the replay command.
  ///   - iterations: Seeds a default run tries.
  public init(_ name: String, iterations: Int) {
    self.name = name
    self.iterations = iterations
  }

  /// `count` scaled by `REDUCERKIT_FUZZ_SCALE` (at least 1): what a random model test with a
  /// loop of its own runs, so that CI's sanitizer runs try a quarter of its inputs too.
  public static func scaled(_ count: Int) -> Int {
    let scale = ProcessInfo.processInfo.environment["REDUCERKIT_FUZZ_SCALE"].flatMap(Double.init)
    return max(1, Int((Double(count) * (scale ?? 1)).rounded()))
  }

  /// The number of inputs tried and failed.
  public struct Summary: Sendable {
    /// Inputs tried.
    public var tried = 0
    /// Inputs that broke the property.
    public var failed = 0
  }

  /// Runs `property` on the random source of each seed.
  @discardableResult
  public func run(
    sourceLocation: Testing.SourceLocation = #_sourceLocation,
    _ property: (inout FuzzRandom, UInt64) throws -> String?
  ) rethrows -> Summary {
    let environment = ProcessInfo.processInfo.environment
    var summary = Summary()
    func attempt(_ seed: UInt64) throws {
      var random = FuzzRandom(seed: seed)
      summary.tried += 1
      guard let failure = try property(&random, seed) else { return }
      summary.failed += 1
      Issue.record(
        """
        \(name): seed \(seed) breaks it: \(failure)
        Replay it alone: REDUCERKIT_FUZZ_SEED=\(seed) swift test --filter \(name)
        """, sourceLocation: sourceLocation)
    }
    if let text = environment["REDUCERKIT_FUZZ_SEED"], let seed = UInt64(text) {
      try attempt(seed)
    } else if let text = environment["REDUCERKIT_FUZZ_SECONDS"], let seconds = Double(text) {
      let base = UInt64(Date().timeIntervalSince1970 * 1000)
      print("\(name): seeds from \(base), for \(seconds) s")
      let end = Date().addingTimeInterval(seconds)
      var offset: UInt64 = 0
      while Date() < end, summary.failed < 20 {
        try attempt(base &+ offset)
        offset += 1
      }
      print("\(name): \(summary.tried) inputs, \(summary.failed) failed")
    } else {
      for offset in 0..<UInt64(Self.scaled(iterations)) { try attempt(0xF0_2200 &+ offset) }
    }
    return summary
  }
}

/// The kit's SplitMix64: small, fast and the same on every platform, so that a seed replays
/// anywhere.
public struct FuzzRandom: RandomNumberGenerator {
  private var source: SplitMix64

  /// The source of `seed`.
  public init(seed: UInt64) { source = SplitMix64(state: seed) }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 { source.next() }

  /// `true` one time in `n`.
  public mutating func oneIn(_ n: Int) -> Bool { Int.random(in: 0..<n, using: &self) == 0 }
}
