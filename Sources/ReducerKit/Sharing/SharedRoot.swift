import Foundation
import Observation

/// What a ``Shared`` reaches: a root value, or a part of one.
protocol SharedAccess<Value>: AnyObject, Sendable {
  associatedtype Value: Sendable
  /// The value, as the current test assertion expects it while one runs.
  var value: Value { get }
  /// Mutates the value under its root's lock.
  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R
  /// The root, for identity.
  var root: AnyObject { get }
  /// The key's description, for messages.
  var keyDescription: String { get }
  /// Why the root's value could not be loaded, if it could not (see ``SharedLoadError``).
  var loadError: (any Error)? { get }
  /// What this access reads when its root holds `rootValue` (`nil` when that is not the root's
  /// value): how a test store tells whether a root's change shows through it.
  func value(atRoot rootValue: any Sendable) -> Value?
}

/// A shared value: its lock, its observers, its key, and what a test store tracks about it.
///
/// NB: `@unchecked Sendable` is sound: `state` and `inProgress` are only touched with `lock`
/// held; `save` and `keyDescription` are constants; the registrar and the subscription are
/// thread-safe. The lock is recursive so that feature code that reads or changes the value
/// inside its own `withLock` (`$count.withLock { $0 = count + 1 }`) does not deadlock: that
/// access goes to the value being changed, through `inProgress`, since a second formal access to
/// `state` would violate exclusivity (a read is coherent and raises nothing; a nested change
/// raises a warning).
final class SharedRoot<Value: Sendable>: SharedAccess, Observable, @unchecked Sendable {
  struct State: Sendable {
    var value: Value
  }

  private let lock = NSRecursiveLock()
  private var state: State
  /// The value a `withLock` body is changing, while it runs (on the thread holding `lock`).
  private var inProgress: UnsafeMutablePointer<Value>?
  private let save: (@Sendable (Value) -> Void)?
  private let didTakeOutsideValue: (@Sendable () -> Void)?
  /// The storage whose test store tracks changes made where no store is current (completion
  /// handlers, detached tasks).
  private let storage: SharedStorage?
  let keyDescription: String
  private let registrar = ObservationRegistrar()
  private let subscription = LockedValue<SharedSubscription?>(nil)
  /// Why the key could not load the value (with `lock` held); cleared when a value changed
  /// elsewhere is taken.
  private var failure: SharedLoadError?

  init(
    value: Value, keyDescription: String, storage: SharedStorage?,
    save: (@Sendable (Value) -> Void)?, didTakeOutsideValue: (@Sendable () -> Void)? = nil,
    loadError: SharedLoadError? = nil
  ) {
    self.state = State(value: value)
    self.failure = loadError
    self.keyDescription = keyDescription
    self.storage = storage
    self.save = save
    self.didTakeOutsideValue = didTakeOutsideValue
    // NB: a recording encodes each step at once while any shared value is alive.
    SharedRoots.alive.wrappingAdd(1)
  }

  deinit {
    SharedRoots.alive.wrappingAdd(-1)
  }

  var root: AnyObject { self }

  var loadError: (any Error)? {
    registrar.access(self, keyPath: \.marker)
    return lock.withLock { failure }
  }

  func value(atRoot rootValue: any Sendable) -> Value? { rootValue as? Value }

  /// The one key path observers register: a root changes as a whole.
  var marker: Void { () }

  var value: Value {
    registrar.access(self, keyPath: \.marker)
    lock.lock()
    defer { lock.unlock() }
    // NB: a read inside this value's own `withLock` (a value derived from it, say) sees the
    // value being changed, as in the best-known library: coherent, so not an issue.
    if let inProgress { return inProgress.pointee }
    if let tracker = changeTracker, tracker.isAsserting, MainQueue.isCurrent {
      return tracker.assertedValue(of: self) as? Value ?? state.value
    }
    return state.value
  }

  /// The test store that tracks a change made here: the one whose reducer or effect runs here,
  /// or, for a change made where no store is current and off the main queue (a completion
  /// handler or a detached task an effect started), the one that owns the storage. A change
  /// made on the main queue (the main actor) where no store is current is the test's own, and is not tracked.
  private var changeTracker: SharedChangeTracker? {
    // NB: apps have no tracker: one atomic load, and no storage lookup.
    guard SharedChangeTracker.anyExists else { return nil }
    if let current = SharedChangeTracker.current { return current }
    guard let tracker = storage?.changeTracker, !MainQueue.isCurrent else { return nil }
    return tracker
  }

  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    let tracker = changeTracker
    // NB: assertion closures run on the main actor; a change another thread makes meanwhile is
    // a real change.
    if let tracker, tracker.isAsserting, MainQueue.isCurrent {
      return try describe(for: tracker, body)
    }
    lock.lock()
    defer { lock.unlock() }
    if let inProgress {
      reportReentrantUse("changed")
      return try body(&inProgress.pointee)
    }
    registrar.willSet(self, keyPath: \.marker)
    defer { registrar.didSet(self, keyPath: \.marker) }
    tracker?.willChange(self, from: state.value)
    let result = try withUnsafeMutablePointer(to: &state.value) { value in
      inProgress = value
      defer { inProgress = nil }
      return try body(&value.pointee)
    }
    // NB: saved with the lock held, so that saves come in the order of the changes.
    save?(state.value)
    return result
  }

  /// A test store's assertion closure describes the value; the real one stays as it is.
  private func describe<R>(
    for tracker: SharedChangeTracker, _ body: (inout Value) throws -> R
  ) rethrows -> R {
    lock.lock()
    defer { lock.unlock() }
    var expected = tracker.assertedValue(of: self) as? Value ?? state.value
    let result = try body(&expected)
    if !tracker.isDiscarding {
      tracker.described(self, as: expected, current: state.value)
    }
    return result
  }

  private func reportReentrantUse(_ verb: String) {
    reportIssue(
      """
      The shared value \(keyDescription) was \(verb) inside its own `withLock`. The access went \
      to the value being changed.

      Use the closure's argument instead: `$count.withLock { $0 += 1 }`, not \
      `$count.withLock { $0 = count + 1 }`.
      """)
  }

  /// Takes a value changed elsewhere (another process wrote the file): observers hear of it, it
  /// is not saved back, and a save of the value it replaces is dropped. The two happen under the
  /// value's lock, so a change made meanwhile is either replaced with it or saved after it.
  func replace(with newValue: Value) {
    registrar.willSet(self, keyPath: \.marker)
    lock.withLock {
      state.value = newValue
      failure = nil
      didTakeOutsideValue?()
    }
    registrar.didSet(self, keyPath: \.marker)
  }

  /// Keeps `subscription` as long as this value lives.
  func keep(_ subscription: SharedSubscription?) {
    self.subscription.withLock { $0 = subscription }
  }
}

extension SharedRoot: TrackedShared {
  func check(baseline: any Sendable, expected: (any Sendable)?, requireAssertion: Bool) -> String? {
    let actual = lock.withLock { state.value }
    guard expected != nil || requireAssertion else { return nil }
    let wanted = (expected ?? baseline) as? Value ?? actual
    let diff = StateDump.diff(wanted, actual)
    if StateDump.isEqual(wanted, actual) ?? (diff == nil) { return nil }
    let lines = diff ?? "(the two values print identically)"
    if expected == nil {
      return """
        The shared value \(keyDescription) changed, but the change was not asserted:

        \(lines)

        (Expected: −, Actual: +)

        Describe it in this step's closure, as for feature state: \
        `$0.$value.withLock { $0 = … }`. If an effect changed it, assert it at the `receive` \
        that follows the change.
        """
    }
    return """
      The shared value \(keyDescription) does not match the expectation:

      \(lines)

      (Expected: −, Actual: +)

      The lines marked − are what the closure's `withLock` produced, the lines marked + are the \
      shared value now.
      """
  }
}

final class SharedPart<Base: Sendable, Value: Sendable>: SharedAccess, Sendable {
  let base: any SharedAccess<Base>
  let keyPath: WritableKeyPath<Base, Value> & Sendable

  init(base: any SharedAccess<Base>, keyPath: WritableKeyPath<Base, Value> & Sendable) {
    self.base = base
    self.keyPath = keyPath
  }

  var value: Value { base.value[keyPath: keyPath] }
  var root: AnyObject { base.root }
  var loadError: (any Error)? { base.loadError }
  var keyDescription: String { "\(base.keyDescription)\(keyPathSuffix)" }

  func value(atRoot rootValue: any Sendable) -> Value? {
    base.value(atRoot: rootValue).map { $0[keyPath: keyPath] }
  }

  private var keyPathSuffix: String {
    let text = "\(keyPath)"
    guard let dot = text.firstIndex(of: ".") else { return "" }
    return String(text[dot...])
  }

  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try base.withLock { try body(&$0[keyPath: keyPath]) }
  }
}

/// A part of a shared value reached by an accessor pair (an element by id, an unwrapped value).
final class SharedAccessorPart<Base: Sendable, Value: Sendable>: SharedAccess, Sendable {
  let base: any SharedAccess<Base>
  let getter: @Sendable (Base) -> Value
  let setter: @Sendable (inout Base, Value) -> Void
  let suffix: String

  init(
    base: any SharedAccess<Base>, suffix: String,
    get: @escaping @Sendable (Base) -> Value,
    set: @escaping @Sendable (inout Base, Value) -> Void
  ) {
    self.base = base
    self.suffix = suffix
    self.getter = get
    self.setter = set
  }

  var value: Value { getter(base.value) }
  var root: AnyObject { base.root }
  var loadError: (any Error)? { base.loadError }
  var keyDescription: String { base.keyDescription + suffix }

  func value(atRoot rootValue: any Sendable) -> Value? {
    base.value(atRoot: rootValue).map(getter)
  }

  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try base.withLock { whole in
      var part = getter(whole)
      defer { setter(&whole, part) }
      return try body(&part)
    }
  }
}
