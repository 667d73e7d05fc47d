import Foundation

/// A value guarded by an `NSLock`, for the few pieces of state that are shared across threads.
///
/// NB: `@unchecked Sendable` is sound because `value` is only read or written while `lock` is
/// held, inside `withLock`. Not `Synchronization.Mutex`: on Linux it locks with futexes inside a
/// module the thread sanitizer does not instrument, so `swift test --sanitize=thread` reports
/// every access it guards as a race (seen in this suite); an `NSLock` is a pthread mutex, which
/// the sanitizer understands.
@usableFromInline
package final class LockedValue<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  @usableFromInline
  package init(_ value: Value) { self.value = value }

  @usableFromInline
  package func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
