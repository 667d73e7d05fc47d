import Foundation
import ReducerKitShims

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
    /// ``TestDependencyKey/previewValue``.
    case preview
    /// ``TestDependencyKey/testValue``.
    case test
  }

  private var storage: [ObjectIdentifier: any Sendable] = [:]

  /// The effect instance running now (its runtime and scope path), for `Task.cancel(id:)`.
  // NB: a stored field rather than a key in `storage`, so that setting it for each effect does
  // not copy the dictionary.
  var effectInstance: EffectInstance?

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

  /// The value of a key that has only test and preview values here (``TestDependencyKey``): in
  /// a store running live values, the live value of a ``DependencyKey`` conformance another
  /// module adds, if one is linked; otherwise, reported, the test value.
  /// - Parameter key: The key type.
  public subscript<Key: TestDependencyKey>(key: Key.Type) -> Key.Value {
    get {
      if let value = storage[ObjectIdentifier(key)], let value = value as? Key.Value {
        return value
      }
      switch context {
      case .live:
        func live<Live: DependencyKey>(_ live: Live.Type) -> Key.Value? {
          Live.liveValue as? Key.Value
        }
        if let conforming = key as? any DependencyKey.Type, let value = live(conforming) {
          return value
        }
        reportDependencyIssue(
          """
          The dependency \(Key.self) has no live value: it is a TestDependencyKey, and no module \
          linked here adds its DependencyKey conformance (`static let liveValue`). Its test value \
          is used instead.
          """)
        return Key.testValue
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
  try DependencyValues.setting { try update(&values) }
  let result = try DependencyValues.$taskLocal.withValue(values) {
    try ReduceContext.withoutCurrent { try operation() }
  }
  // NB: an effect made inside (`withDependencies { … } operation: { .run { … } }` in a
  // reducer) runs later, in a store's task: it carries the overridden values with it.
  if let effect = result as? any _CarriesDependencies,
    let carrying = effect._carrying(values) as? R
  {
    return carrying
  }
  return result
}

extension DependencyValues {
  /// Whether dependencies are being set on this thread (see ``setting(_:)``).
  @inlinable
  package static var isSetting: Bool { reducerkit_setting_dependencies() != 0 }

  /// Runs `update`, in which dependencies are set: a read there is not a use. Swift reads a
  /// dependency before writing one of its members (`$0.client.fetch = { … }` gets `client`,
  /// changes it, sets it), and that read must not fail a test for a dependency it is overriding.
  @inlinable
  package static func setting<R>(_ update: () throws -> R) rethrows -> R {
    let outer = reducerkit_setting_dependencies()
    reducerkit_set_setting_dependencies(1)
    defer { reducerkit_set_setting_dependencies(outer) }
    return try update()
  }
}

/// A value that keeps the dependencies it was made with: an ``Effect`` made inside
/// ``withDependencies(_:operation:)-(_,()->R)`` sees them when it runs.
protocol _CarriesDependencies {
  func _carrying(_ values: DependencyValues) -> Self
}

extension Effect: _CarriesDependencies {
  func _carrying(_ values: DependencyValues) -> Self {
    switch operation {
    case .none, .send: self
    default: Self(.dependencies(values, self))
    }
  }
}

/// Runs asynchronous `operation` with dependencies overridden by `update`.
/// - Parameters:
///   - update: Changes the current values.
///   - operation: The work to run with the changed values.
///   - isolation: The actor the work runs on; leave the default (the caller's).
/// - Returns: What `operation` returns.
public func withDependencies<R>(
  _ update: (inout DependencyValues) throws -> Void,
  isolation: isolated (any Actor)? = #isolation,
  operation: () async throws -> R
) async rethrows -> R {
  var values = DependencyValues.current
  try DependencyValues.setting { try update(&values) }
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
  private let declaration: SourceLocation

  /// Creates the wrapper for the dependency at `keyPath`.
  /// - Parameters:
  ///   - keyPath: A property of ``DependencyValues``, such as `\.uuid`.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  public init(
    _ keyPath: KeyPath<DependencyValues, Value> & Sendable,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.keyPath = keyPath
    self.declaration = SourceLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// The dependency's current value.
  ///
  /// Read inside a store's reducer or effect, it is the store's value. Read outside any store in
  /// a test (say, in a `State` initializer that a test builds directly), it is the test value,
  /// and the read is reported: build such state inside the test store or `withDependencies`.
  public var wrappedValue: Value {
    if let context = ReduceContext.current { return context.values[keyPath: keyPath] }
    if let values = DependencyValues.taskLocal { return values[keyPath: keyPath] }
    return readOutsideAnyStore()
  }

  private func readOutsideAnyStore() -> Value {
    guard TestContext.isTesting else { return DependencyValues()[keyPath: keyPath] }
    reportDependencyIssue(
      """
      @Dependency(\(keyPath)) was read outside any store during a test, so no test's overrides \
      apply to it; the test value was used.

      Build values that read dependencies inside the test store (its `initialState` is built \
      with the test's dependencies) or inside `withDependencies { … } operation: { … }`.
      """,
      at: declaration)
    return DependencyValues(context: .test)[keyPath: keyPath]
  }
}

/// Whether this process is running tests (Swift Testing or XCTest).
package enum TestContext {
  /// Names the test running in this task or thread, for values kept per test (the stack ids a
  /// test's `StackState`s take): installed by ReducerKitTesting when a test process loads
  /// (Swift Testing's current test, or the XCTest case running); `nil` elsewhere.
  package static let currentTest = LockedValue<(@Sendable () -> String?)?>(nil)

  /// The running test's name for per-test values, if a provider is installed and a test runs.
  static func currentTestKey() -> String? {
    guard isTesting, let provider = currentTest.withLock({ $0 }) else { return nil }
    return provider()
  }

  static let isTesting: Bool = {
    let arguments = ProcessInfo.processInfo.arguments
    if arguments.contains("--testing-library") { return true }
    if let executable = arguments.first,
      executable.hasSuffix(".xctest") || executable.contains(".xctest/")
    {
      return true
    }
    let environment = ProcessInfo.processInfo.environment
    return environment["XCTestConfigurationFilePath"] != nil
      || environment["XCTestBundlePath"] != nil || environment["XCTestSessionIdentifier"] != nil
  }()
}
