import Foundation

/// A value shared across threads in tests, guarded by an `NSLock`.
///
/// NB: not `Synchronization.Mutex`: on Linux it locks with futexes inside a module that is not
/// built with the thread sanitizer, so `swift test --sanitize=thread` reports every access it
/// guards as a race. `NSLock` is a pthread mutex, which the sanitizer understands.
/// `@unchecked Sendable`: `value` is only touched while `lock` is held.
public final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  /// Creates the lock around `value`.
  public init(_ value: Value) { self.value = value }

  /// Runs `body` with the value, holding the lock.
  public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
