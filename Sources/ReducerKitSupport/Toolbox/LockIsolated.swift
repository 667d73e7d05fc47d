import Foundation

/// A value behind a lock, to share mutable state with `@Sendable` closures — a test's record
/// of what a dependency was called with, say.
///
/// ```swift
/// let saved = LockIsolated<[Article]>([])
/// let store = TestStore(initialState: Editor.State()) { Editor() } withDependencies: {
///   $0.articlesClient.save = { article in saved.withValue { $0.append(article) } }
/// }
/// …
/// #expect(saved.value == [article])
/// ```
public final class LockIsolated<Value>: @unchecked Sendable {
  // NB: `@unchecked Sendable`: `_value` is only touched while holding `lock`.
  private var _value: Value
  private let lock = NSRecursiveLock()

  /// Creates the box.
  /// - Parameter value: The first value.
  public init(_ value: @autoclosure @Sendable () throws -> Value) rethrows {
    self._value = try value()
  }

  /// Runs `operation` with exclusive access to the value.
  /// - Parameter operation: Reads or changes the value.
  /// - Returns: What `operation` returns.
  public func withValue<T: Sendable>(
    _ operation: @Sendable (inout Value) throws -> T
  ) rethrows -> T {
    try lock.withLock { try operation(&_value) }
  }

  /// Replaces the value.
  /// - Parameter newValue: The new value.
  public func setValue(_ newValue: @autoclosure @Sendable () throws -> Value) rethrows {
    try lock.withLock { _value = try newValue() }
  }

  /// The value now.
  public var value: Value { lock.withLock { _value } }
}

extension LockIsolated: Equatable where Value: Equatable {
  /// Whether the two boxes hold equal values now.
  public static func == (lhs: LockIsolated, rhs: LockIsolated) -> Bool {
    lhs.value == rhs.value
  }
}
