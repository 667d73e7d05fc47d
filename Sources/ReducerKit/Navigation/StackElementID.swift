/// The identity of a screen on a navigation stack, stable while it is on the stack.
///
/// Ids come from the `stackElementID` dependency: in a `TestStore` they count from 0 for each
/// test (0, 1, 2…), so tests can name screens: `$0.path[id: 1]`.
public struct StackElementID: Hashable, Comparable, Sendable, ExpressibleByIntegerLiteral {
  /// The id's number.
  public let rawValue: Int

  /// Creates the id with number `rawValue`.
  /// - Parameter rawValue: The number.
  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// Creates an id from a literal: `0`.
  public init(integerLiteral value: Int) {
    self.rawValue = value
  }

  /// Orders ids by number (the order screens were pushed in).
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension StackElementID: DumpTransparent {
  package var dumpedValue: Any { rawValue }
}

extension StackElementID: Codable {
  /// Writes the number.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  /// Reads the number.
  public init(from decoder: any Decoder) throws {
    self.init(rawValue: try decoder.singleValueContainer().decode(Int.self))
  }
}

extension StackElementID: CustomStringConvertible {
  /// The number.
  public var description: String { "\(rawValue)" }
}

/// Makes ids for screens pushed on stacks (``StackState/append(_:)``).
public struct StackElementIDGenerator: Sendable {
  private let counter: Counter

  private final class Counter: Sendable {
    let next = AtomicCell(0)
  }

  /// A generator counting from 0: 0, 1, 2…
  public static func incrementing() -> Self { Self(counter: Counter()) }

  /// The next id.
  public func next() -> StackElementID {
    StackElementID(rawValue: counter.next.wrappingAdd(1).oldValue)
  }

  /// A generator counting from `first`.
  package static func incrementing(from first: Int) -> Self {
    let generator = incrementing()
    generator.counter.next.store(first, ordering: .relaxed)
    return generator
  }

  /// The id ``next()`` would make, without making it.
  @usableFromInline package var nextID: StackElementID {
    StackElementID(rawValue: counter.next.load(ordering: .relaxed))
  }

  /// A new generator that makes the ids this one would make next, without advancing this one.
  @usableFromInline package func copy() -> Self {
    let counter = Counter()
    counter.next.store(self.counter.next.load(ordering: .relaxed), ordering: .relaxed)
    return Self(counter: counter)
  }

  /// Makes sure the ids it makes from now on are greater than `id`.
  @usableFromInline
  func advance(past id: StackElementID) {
    var current = counter.next.load(ordering: .relaxed)
    while current <= id.rawValue {
      let (exchanged, original) = counter.next.compareExchange(
        expected: current, desired: id.rawValue + 1)
      if exchanged { return }
      current = original
    }
  }
}

extension StackElementIDGenerator: DependencyKey {
  private static let shared = Self.incrementing()
  /// The generators of the tests that took ids, by test: each counts from 0.
  private static let perTest = LockedValue<[String: StackElementIDGenerator]>([:])

  /// One generator for the process; in a test, the test's own (see ``testValue``), since a
  /// `StackState` a test builds outside any store reads the live value.
  public static var liveValue: Self { testValue }

  /// The running test's generator, counting from 0 for each test whatever ran before it: a
  /// `StackState` built in a test's body and the test stores the test makes take their ids
  /// from it, as in the best-known library. Outside a test that the kit can name (in an app),
  /// the process's generator.
  public static var testValue: Self {
    guard let test = TestContext.currentTestKey() else { return shared }
    return perTest.withLock { generators in
      if let generator = generators[test] { return generator }
      let generator = Self.incrementing()
      generators[test] = generator
      return generator
    }
  }
}

/// Whether a test's stack pushes are checked against the next id (see `checkPushedID`): not in
/// a replay, whose pushes carry the ids the recorded run made.
private enum ChecksPushedStackIDsKey: DependencyKey {
  static var liveValue: Bool { true }
  static var testValue: Bool { true }
}

extension DependencyValues {
  /// Whether a push with an id beyond the stack id generator's next one is a warning in a test:
  /// `false` in a replay of a recording, whose pushes carry the ids the recorded run made.
  package var checksPushedStackIDs: Bool {
    get { self[ChecksPushedStackIDsKey.self] }
    set { self[ChecksPushedStackIDsKey.self] = newValue }
  }

  /// Makes ids for screens pushed on stacks; see ``StackElementID``.
  public var stackElementID: StackElementIDGenerator {
    get { self[StackElementIDGenerator.self] }
    set { self[StackElementIDGenerator.self] = newValue }
  }
}
