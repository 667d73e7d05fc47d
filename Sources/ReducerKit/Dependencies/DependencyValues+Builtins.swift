import Foundation

extension DependencyValues {
  /// The clock effects sleep on. Live: `ContinuousClock`. Tests must provide one, usually a
  /// ``TestClock``.
  public var continuousClock: any Clock<Duration> {
    get { self[ContinuousClockKey.self] }
    set { self[ContinuousClockKey.self] = newValue }
  }

  /// Tells the current date. Live: `Date()`. Tests must provide one, e.g. `.constant(date)`.
  public var date: DateGenerator {
    get { self[DateGenerator.self] }
    set { self[DateGenerator.self] = newValue }
  }

  /// Makes UUIDs. Live: `UUID()`. Tests must provide one, e.g. `.incrementing`.
  public var uuid: UUIDGenerator {
    get { self[UUIDGenerator.self] }
    set { self[UUIDGenerator.self] = newValue }
  }

  /// A source of random numbers. Live: the system generator. Tests must provide one, e.g.
  /// `.seeded(42)`.
  public var random: RandomSource {
    get { self[RandomSource.self] }
    set { self[RandomSource.self] = newValue }
  }
}

private enum ContinuousClockKey: DependencyKey {
  static var liveValue: any Clock<Duration> { ContinuousClock() }
  static var testValue: any Clock<Duration> { UnimplementedClock(name: "continuousClock") }
}

/// Tells the current date.
public struct DateGenerator: Sendable, DependencyKey {
  private var generate: @Sendable () -> Date

  /// Creates a generator from a closure.
  public init(_ generate: @escaping @Sendable () -> Date) { self.generate = generate }

  /// The current date. Setting it makes the generator answer that date from then on:
  /// `$0.date.now = Date(timeIntervalSince1970: 0)`.
  public var now: Date {
    get { generate() }
    set { generate = { newValue } }
  }
  /// The current date.
  public func callAsFunction() -> Date { generate() }

  /// Always answers `date`.
  public static func constant(_ date: Date) -> Self { Self { date } }

  /// The system date.
  public static var liveValue: Self { Self { Date() } }
  /// Reports a failure when used.
  public static var testValue: Self {
    Self {
      reportDependencyIssue(
        "Unimplemented: date was read. Override it, e.g. `$0.date = .constant(…)`.")
      return Date(timeIntervalSince1970: 0)
    }
  }
}

/// Makes UUIDs.
public struct UUIDGenerator: Sendable, DependencyKey {
  private let generate: @Sendable () -> UUID

  /// Creates a generator from a closure.
  public init(_ generate: @escaping @Sendable () -> UUID) { self.generate = generate }

  /// A new UUID.
  public func callAsFunction() -> UUID { generate() }

  /// Makes `00000000-0000-0000-0000-000000000000`, then `…-000000000001`, and so on.
  public static var incrementing: Self {
    let counter = LockedValue<UInt64>(0)
    return Self {
      let value = counter.withLock { count -> UInt64 in
        defer { count += 1 }
        return count
      }
      return UUID(uuidString: String(format: "00000000-0000-0000-0000-%012llx", value))
        ?? UUID()
    }
  }

  /// Makes `uuid` every time.
  /// - Parameter uuid: The one UUID.
  /// - Returns: The generator.
  public static func constant(_ uuid: UUID) -> Self { Self { uuid } }

  /// Random UUIDs.
  public static var liveValue: Self { Self { UUID() } }
  /// Reports a failure when used.
  public static var testValue: Self {
    Self {
      reportDependencyIssue(
        "Unimplemented: uuid was called. Override it, e.g. `$0.uuid = .incrementing`.")
      return UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    }
  }
}

/// A source of random numbers that a test can seed.
///
/// ```swift
/// @Dependency(\.random) var random
/// let jitter = random.next(in: 0.0...0.1)
/// ```
public struct RandomSource: Sendable, DependencyKey {
  private let generator: LockedValue<Generator>
  private let isUnimplemented: Bool

  /// The generator behind a ``RandomSource``: seeded, or the system's.
  ///
  /// Use one directly for reproducible randomized tests:
  /// `var random = RandomSource.Generator(seed: 42)`.
  public struct Generator: RandomNumberGenerator, Sendable {
    var seeded: SplitMix64?

    /// A deterministic generator: the same seed gives the same numbers.
    public init(seed: UInt64) { self.seeded = SplitMix64(state: seed) }

    init(seeded: SplitMix64?) { self.seeded = seeded }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
      if seeded != nil { return seeded?.next() ?? 0 }
      var system = SystemRandomNumberGenerator()
      return system.next()
    }
  }

  private init(seeded: SplitMix64?, isUnimplemented: Bool = false) {
    self.generator = LockedValue(Generator(seeded: seeded))
    self.isUnimplemented = isUnimplemented
  }

  /// A deterministic source: the same seed gives the same numbers.
  public static func seeded(_ seed: UInt64) -> Self { Self(seeded: SplitMix64(state: seed)) }

  /// Runs `body` with the underlying generator.
  public func withGenerator<R>(_ body: (inout Generator) -> R) -> R {
    if isUnimplemented {
      reportDependencyIssue(
        "Unimplemented: random was used. Override it, e.g. `$0.random = .seeded(0)`.")
    }
    return generator.withLock { body(&$0) }
  }

  /// A random value in `range`.
  public func next<T: BinaryFloatingPoint>(in range: ClosedRange<T>) -> T
  where T.RawSignificand: FixedWidthInteger {
    withGenerator { T.random(in: range, using: &$0) }
  }

  /// A random value in `range`.
  public func next<T: FixedWidthInteger>(in range: ClosedRange<T>) -> T {
    withGenerator { T.random(in: range, using: &$0) }
  }

  /// The system generator.
  public static var liveValue: Self { Self(seeded: nil) }
  /// Reports a failure when used, then behaves as `.seeded(0)`.
  public static var testValue: Self { Self(seeded: SplitMix64(state: 0), isUnimplemented: true) }
}

/// A small, fast, seedable generator (SplitMix64). (Package: seeded tests use it too.)
package struct SplitMix64: RandomNumberGenerator, Sendable {
  package var state: UInt64

  package init(state: UInt64) { self.state = state }

  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
