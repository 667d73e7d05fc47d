#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The dependencies a feature can use, looked up by key.
///
/// A store captures the dependencies current when it is created (plus its overrides), and every
/// reducer run and every effect it starts sees exactly those values:
///
/// ```swift
/// let store = Store(initialState: Feature.State()) {
///   Feature()
/// } withDependencies: {
///   $0.continuousClock = ImmediateClock()
/// }
/// ```
///
/// Read dependencies with the ``Dependency`` property wrapper.
public struct DependencyValues: Sendable {
  /// Which flavour of values unset keys resolve to.
  public enum Context: Sendable, Hashable {
    /// ``DependencyKey/liveValue``.
    case live
    /// ``DependencyKey/previewValue``.
    case preview
    /// ``DependencyKey/testValue``.
    case test
  }

  private var storage: [ObjectIdentifier: any Sendable] = [:]

  /// Which flavour of values unset keys resolve to.
  public var context: Context

  /// Creates dependency values where every key resolves to its value for `context`.
  /// - Parameter context: `.live` for apps, `.test` for tests.
  public init(context: Context = .live) {
    self.context = context
  }

  /// Reads or overrides the dependency for `key`.
  public subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
    get {
      if let value = storage[ObjectIdentifier(key)], let value = value as? Key.Value {
        return value
      }
      switch context {
      case .live: return Key.liveValue
      case .preview: return Key.previewValue
      case .test: return Key.testValue
      }
    }
    set {
      storage[ObjectIdentifier(key)] = newValue
    }
  }

  /// The values in force here: inside a store's reducer or effect, the store's; inside
  /// ``withDependencies(_:operation:)-(_,()->R)``, the overridden ones; otherwise live values.
  public static var current: DependencyValues {
    if let box = ReduceContext.current {
      return box.values
    }
    return taskLocal ?? DependencyValues()
  }

  @TaskLocal static var taskLocal: DependencyValues?
}

/// Runs `operation` with dependencies overridden by `update`.
///
/// Stores created inside `operation` capture the overridden values.
/// - Parameters:
///   - update: Changes the current values.
///   - operation: The work to run with the changed values.
/// - Returns: What `operation` returns.
public func withDependencies<R>(
  _ update: (inout DependencyValues) throws -> Void,
  operation: () throws -> R
) rethrows -> R {
  var values = DependencyValues.current
  try update(&values)
  return try DependencyValues.$taskLocal.withValue(values) {
    try ReduceContext.without { try operation() }
  }
}

/// Runs asynchronous `operation` with dependencies overridden by `update`.
/// - Parameters:
///   - update: Changes the current values.
///   - operation: The work to run with the changed values.
/// - Returns: What `operation` returns.
public func withDependencies<R>(
  _ update: (inout DependencyValues) throws -> Void,
  isolation: isolated (any Actor)? = #isolation,
  operation: () async throws -> R
) async rethrows -> R {
  var values = DependencyValues.current
  try update(&values)
  return try await DependencyValues.$taskLocal.withValue(
    values, operation: operation, isolation: isolation)
}

/// Reads a dependency from the current ``DependencyValues``.
///
/// ```swift
/// struct Search: Reducer {
///   @Dependency(\.continuousClock) var clock
///   …
/// }
/// ```
///
/// The value is looked up on each read, so a reducer sees its store's values and an effect sees
/// the values of the store that started it.
@propertyWrapper
public struct Dependency<Value: Sendable>: Sendable {
  private let keyPath: KeyPath<DependencyValues, Value> & Sendable

  /// Creates the wrapper for the dependency at `keyPath`.
  /// - Parameter keyPath: A property of ``DependencyValues``, such as `\.uuid`.
  public init(_ keyPath: KeyPath<DependencyValues, Value> & Sendable) {
    self.keyPath = keyPath
  }

  /// The dependency's current value.
  public var wrappedValue: Value {
    DependencyValues.current[keyPath: keyPath]
  }
}

/// The dependencies of the reducer running on this thread, kept in a thread-local slot.
///
/// NB: A task-local would also work, but pushing one costs an allocation per action; a store
/// sets this slot around each synchronous `reduce`, which costs two pthread calls.
@usableFromInline
final class ReduceContext: Sendable {
  let values: DependencyValues
  /// The effect runtime of the store that is reducing, so that scoping reducers can cancel the
  /// effects of children that went away. `nil` when a reducer is called directly.
  let runtime: EffectRuntime?

  init(values: DependencyValues, runtime: EffectRuntime?) {
    self.values = values
    self.runtime = runtime
  }

  @usableFromInline
  func cancel(_ id: some Hashable & Sendable) {
    guard let runtime else { return }
    MainActor.assumeIsolated { runtime.cancel(id: CancelID(id)) }
  }

  @usableFromInline
  func cancelChildren(where shouldCancel: (ChildCancelID) -> Bool) {
    guard let runtime else { return }
    // NB: a store reduces on the main actor only, so this context is only reachable there.
    let ids = MainActor.assumeIsolated { runtime.activeCancelIDs }
    let doomed = ids.filter { id in
      guard let child = id.base.base as? ChildCancelID else { return false }
      return shouldCancel(child)
    }
    guard !doomed.isEmpty else { return }
    MainActor.assumeIsolated {
      for id in doomed { runtime.cancel(id: id) }
    }
  }

  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()

  @usableFromInline
  static var current: ReduceContext? {
    guard let pointer = pthread_getspecific(key) else { return nil }
    return Unmanaged<ReduceContext>.fromOpaque(pointer).takeUnretainedValue()
  }

  /// Runs `body` with `context` as the current reduce context. `context` must outlive the call.
  @inline(__always)
  static func with<R>(_ context: ReduceContext, _ body: () throws -> R) rethrows -> R {
    let previous = pthread_getspecific(key)
    pthread_setspecific(key, Unmanaged.passUnretained(context).toOpaque())
    defer { pthread_setspecific(key, previous) }
    return try body()
  }

  static func without<R>(_ body: () throws -> R) rethrows -> R {
    let previous = pthread_getspecific(key)
    guard previous != nil else { return try body() }
    pthread_setspecific(key, nil)
    defer { pthread_setspecific(key, previous) }
    return try body()
  }
}
