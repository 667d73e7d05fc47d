import Foundation

/// A shared value a test store checks after each step.
protocol TrackedShared: AnyObject, Sendable {
  /// The failure message if the value now differs from what the step asserted (`expected`), or
  /// — when `requireAssertion` — from `baseline` with nothing asserted.
  func check(baseline: any Sendable, expected: (any Sendable)?, requireAssertion: Bool) -> String?
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
  private static var liveCount: ProcessCounter { .sharedTrackers }

  private let asserting = AtomicCell(false)
  private let discarding = AtomicCell(false)
  /// What the steps since the last check did to each shared value, by the value's reference:
  /// its value before the first change (`baseline`) and what the assertions described
  /// (`expected`). The test state lives here, keyed by reference, not in the shared values.
  private let tracked = LockedValue<[ObjectIdentifier: Entry]>([:])

  private struct Entry: @unchecked Sendable {
    // NB: `@unchecked Sendable`: the values are the shared values' own (`Sendable`) values,
    // stored erased; entries are only touched while holding `tracked`'s lock.
    let root: any TrackedShared
    var baseline: (any Sendable)?
    var expected: (any Sendable)?
  }
  private let describedCount = AtomicCell(0)

  /// Creates a tracker.
  package init() {
    Self.liveCount.wrappingAdd(1)
  }

  deinit {
    Self.liveCount.wrappingAdd(-1)
  }

  /// Whether any tracker exists (any test store): while none does, a change looks up nothing.
  static var anyExists: Bool { liveCount.load() > 0 }

  /// The tracker of the store whose reducer or effect is running here, if any.
  static var current: SharedChangeTracker? {
    guard liveCount.load() > 0 else { return nil }
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

  /// The shared value `root` is about to change for real (`current` is its value now).
  func willChange(_ root: some TrackedShared, from current: any Sendable) {
    tracked.withLock { tracked in
      let key = ObjectIdentifier(root)
      var entry = tracked[key] ?? Entry(root: root)
      if entry.baseline == nil { entry.baseline = current }
      tracked[key] = entry
    }
  }

  /// What an assertion closure sees of `root`: what the step asserted so far, or its value
  /// before the step's changes; `nil` when the step did not touch it.
  func assertedValue(of root: some TrackedShared) -> (any Sendable)? {
    tracked.withLock { tracked in
      guard let entry = tracked[ObjectIdentifier(root)] else { return nil }
      return entry.expected ?? entry.baseline
    }
  }

  /// An assertion closure described `root` as `expected` (`current`: its value now, the
  /// baseline if the step did not change it).
  func described(_ root: some TrackedShared, as expected: any Sendable, current: any Sendable) {
    describedCount.wrappingAdd(1)
    tracked.withLock { tracked in
      let key = ObjectIdentifier(root)
      var entry = tracked[key] ?? Entry(root: root)
      if entry.baseline == nil { entry.baseline = current }
      entry.expected = expected
      tracked[key] = entry
    }
  }

  /// Checks every shared value the steps touched and forgets them.
  /// - Parameters:
  ///   - exhaustive: Whether a change nobody asserted fails.
  ///   - showsInState: Whether a shared value's change (by the root's reference, and its value
  ///     before the change) shows in the store's state: only those must be asserted, as in the
  ///     best-known library.
  package func checkAndReset(
    exhaustive: Bool,
    showsInState: (ObjectIdentifier, _ baseline: any Sendable) -> Bool = { _, _ in true }
  ) -> [String] {
    let entries = tracked.withLock { tracked in
      defer { tracked = [:] }
      return Array(tracked)
    }
    return entries.compactMap { key, entry in
      guard let baseline = entry.baseline else { return nil }
      let requireAssertion =
        exhaustive && entry.expected == nil && showsInState(key, baseline)
      return entry.root.check(
        baseline: baseline, expected: entry.expected, requireAssertion: requireAssertion)
    }
  }

  /// Whether the steps since the last check changed a shared value nobody asserted.
  package var hasUnassertedChanges: Bool {
    tracked.withLock { $0.values.contains { $0.expected == nil } }
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

/// A value that holds a shared value (``Shared``), found by ``SharedChangeTracker/roots(in:)``.
package protocol SharedRootCarrying {
  /// The root's reference.
  var sharedRootID: ObjectIdentifier { get }
  /// Whether what this shared value reads differs between its root holding `baseline` and now;
  /// `true` when the values cannot be compared.
  func differs(fromRootValue baseline: any Sendable) -> Bool
}

extension Shared: SharedRootCarrying {
  package var sharedRootID: ObjectIdentifier { ObjectIdentifier(access.root) }

  package func differs(fromRootValue baseline: any Sendable) -> Bool {
    // NB: the baseline is read first: an unwrapped part then keeps what it held, as it does
    // when its value goes away.
    guard let before = access.value(atRoot: baseline) else { return true }
    return !(StateDump.isEqual(before, wrappedValue) ?? false)
  }
}

extension SharedChangeTracker {
  /// The shared values that `state` holds anywhere inside it, by their roots' references.
  ///
  /// NB: reflection, so only asked when a step changed a shared value nobody asserted, to tell
  /// whether it is part of the store's state (it must be asserted) or not (it need not be).
  package static func shareds(in state: Any) -> [ObjectIdentifier: [any SharedRootCarrying]] {
    var found: [ObjectIdentifier: [any SharedRootCarrying]] = [:]
    var visited: Set<ObjectIdentifier> = []
    func walk(_ value: Any, depth: Int) {
      if let shared = value as? any SharedRootCarrying {
        found[shared.sharedRootID, default: []].append(shared)
        return
      }
      guard depth < 64 else { return }
      let mirror = Mirror(reflecting: value)
      if mirror.displayStyle == .class {
        let object = value as AnyObject
        guard visited.insert(ObjectIdentifier(object)).inserted else { return }
      }
      for child in mirror.children { walk(child.value, depth: depth + 1) }
      var superclass = mirror.superclassMirror
      while let current = superclass {
        for child in current.children { walk(child.value, depth: depth + 1) }
        superclass = current.superclassMirror
      }
    }
    walk(state, depth: 0)
    return found
  }
}
