/// A random number generator that a test can seed, used inside a closure:
///
/// ```swift
/// @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
///
/// let roll = withRandomNumberGenerator { Int.random(in: 1...6, using: &$0) }
/// ```
///
/// Live, it is the system's generator. In tests, seed it:
/// `$0.withRandomNumberGenerator = WithRandomNumberGenerator(RandomSource.Generator(seed: 0))`.
/// (``RandomSource``, the `random` dependency, answers the same need with fewer steps.)
public struct WithRandomNumberGenerator: Sendable {
  /// Draws the next number from the shared generator.
  private let draw: @Sendable () -> UInt64

  /// Uses `generator` for every call.
  /// - Parameter generator: The generator, usually seeded.
  public init(_ generator: some RandomNumberGenerator & Sendable) {
    let state = LockedValue(generator)
    self.draw = { state.withLock { $0.next() } }
  }

  /// Runs `body` with the generator.
  /// - Parameter body: Draws from the generator.
  /// - Returns: What `body` returns.
  public func callAsFunction<R>(_ body: (inout any RandomNumberGenerator) throws -> R) rethrows
    -> R
  {
    var generator: any RandomNumberGenerator = Drawing(draw: draw)
    return try body(&generator)
  }

  private struct Drawing: RandomNumberGenerator {
    let draw: @Sendable () -> UInt64
    mutating func next() -> UInt64 { draw() }
  }
}

extension WithRandomNumberGenerator: DependencyKey {
  /// The system's generator.
  public static var liveValue: WithRandomNumberGenerator {
    WithRandomNumberGenerator(SystemRandomNumberGenerator())
  }
  /// The system's generator, with a warning: seed it in tests.
  public static var testValue: WithRandomNumberGenerator {
    reportIssueInUserCode(
      """
      Unimplemented: withRandomNumberGenerator was read. Seed it, e.g. \
      `$0.withRandomNumberGenerator = WithRandomNumberGenerator(RandomSource.Generator(seed: 0))`.
      """)
    return WithRandomNumberGenerator(SystemRandomNumberGenerator())
  }
}

extension DependencyValues {
  /// Runs a closure with a random number generator; see ``WithRandomNumberGenerator``.
  public var withRandomNumberGenerator: WithRandomNumberGenerator {
    get { self[WithRandomNumberGenerator.self] }
    set { self[WithRandomNumberGenerator.self] = newValue }
  }
}
