import Foundation
import Synchronization

/// A shared value a test store checks after each step.
protocol TrackedShared: AnyObject, Sendable {
  /// The failure message if the value differs from what the step asserted; forgets the step.
  func checkAndReset(exhaustive: Bool) -> String?
}

/// Records which shared values a test store's steps changed or asserted, so that a shared change
/// must be asserted like a change of feature state.
///
/// A test store installs one as the `sharedChangeTracker` dependency. Changes made where that
/// dependency is current (its reducers and effects) are recorded; changes made by the test's own
/// code are not. While the store runs an assertion closure, ``isAsserting`` is set, and a
/// `withLock` there changes the expected value instead of the real one.
package final class SharedChangeTracker: Sendable {
  /// How many trackers exist: while none does, a change looks up nothing.
  private static let liveCount = Atomic(0)

  private let asserting = Atomic(false)
  private let discarding = Atomic(false)
  private let tracked = LockedValue<[ObjectIdentifier: any TrackedShared]>([:])
  private let describedCount = Atomic(0)

  /// Creates a tracker.
  package init() {
    Self.liveCount.add(1, ordering: .relaxed)
  }

  deinit {
    Self.liveCount.subtract(1, ordering: .relaxed)
  }

  /// Whether any tracker exists (any test store): while none does, a change looks up nothing.
  static var anyExists: Bool { liveCount.load(ordering: .relaxed) > 0 }

  /// The tracker of the store whose reducer or effect is running here, if any.
  static var current: SharedChangeTracker? {
    guard liveCount.load(ordering: .relaxed) > 0 else { return nil }
    return DependencyValues.current.sharedChangeTracker
  }

  /// Whether an assertion closure is running.
  var isAsserting: Bool { asserting.load(ordering: .acquiring) }

  /// Whether descriptions are thrown away (a closure run a second time, for a report).
  var isDiscarding: Bool { discarding.load(ordering: .acquiring) }

  /// Runs an assertion closure: `withLock` in it describes the expected value, or, if
  /// `discard`, changes a throwaway copy.
  /// - Returns: `body`'s result, and whether the closure described any shared value.
  package func asserting<R>(
    discard: Bool = false, _ body: () throws -> R
  ) rethrows -> (R, describedShared: Bool) {
    let before = describedCount.load(ordering: .relaxed)
    asserting.store(true, ordering: .releasing)
    discarding.store(discard, ordering: .releasing)
    defer {
      asserting.store(false, ordering: .releasing)
      discarding.store(false, ordering: .releasing)
    }
    let result = try body()
    return (result, describedCount.load(ordering: .relaxed) != before)
  }

  func track(_ value: some TrackedShared) {
    if isAsserting { describedCount.add(1, ordering: .relaxed) }
    tracked.withLock { $0[ObjectIdentifier(value)] = value }
  }

  /// Checks every shared value the steps since the last check changed or described, and
  /// forgets them.
  /// - Parameter exhaustive: Whether a change nobody described is a failure.
  /// - Returns: One message per value that differs from what was asserted.
  package func checkAndReset(exhaustive: Bool) -> [String] {
    let values = tracked.withLock { tracked in
      defer { tracked = [:] }
      return Array(tracked.values)
    }
    return values.compactMap { $0.checkAndReset(exhaustive: exhaustive) }
  }
}

private enum SharedChangeTrackerKey: DependencyKey {
  static var liveValue: SharedChangeTracker? { nil }
  static var testValue: SharedChangeTracker? { nil }
}

extension DependencyValues {
  /// The test store's tracker of shared changes; `nil` outside test stores.
  package var sharedChangeTracker: SharedChangeTracker? {
    get { self[SharedChangeTrackerKey.self] }
    set { self[SharedChangeTrackerKey.self] = newValue }
  }
}
