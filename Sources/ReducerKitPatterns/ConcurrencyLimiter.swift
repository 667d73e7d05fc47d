import ReducerKit

/// Lets at most `maxConcurrent` operations run at once; the others wait their turn, first come
/// first served.
///
/// ```swift
/// let thumbnails = ConcurrencyLimiter(maxConcurrent: 3)
/// Load(limit: thumbnails) { url in try await fetchThumbnail(url) }
/// ```
///
/// A waiter that is cancelled leaves the queue. The limit is never exceeded, even when a waiter
/// is cancelled at the very moment a slot frees: the slot then goes to the next waiter.
public final class ConcurrencyLimiter: Sendable {
  // NB: all mutable state is in `state`, a `LockedValue`.
  private struct Waiter: Sendable {
    let id: Int
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct State: Sendable {
    var running = 0
    var waiters: [Waiter] = []
    var nextID = 0
  }

  /// The most operations that run at once.
  public let maxConcurrent: Int
  private let state = LockedValue(State())

  /// Creates a limiter.
  /// - Parameter maxConcurrent: The most operations at once; at least 1.
  public init(maxConcurrent: Int) {
    self.maxConcurrent = max(1, maxConcurrent)
  }

  /// How many operations are running now.
  public var runningCount: Int { state.withLock { $0.running } }
  /// How many operations are waiting for a slot.
  public var waitingCount: Int { state.withLock { $0.waiters.count } }

  /// Runs `operation` when a slot is free, and frees the slot when it ends.
  /// - Throws: `CancellationError` if the task is cancelled while waiting; whatever `operation`
  ///   throws.
  public func run<R: Sendable>(_ operation: @Sendable () async throws -> R) async throws -> R {
    try await acquire()
    defer { release() }
    try Task.checkCancellation()
    return try await operation()
  }

  private enum Admission { case acquired, waiting, cancelled }

  private func acquire() async throws {
    try Task.checkCancellation()
    let id: Int? = state.withLock { state in
      if state.running < maxConcurrent {
        state.running += 1
        return nil
      }
      defer { state.nextID += 1 }
      return state.nextID
    }
    guard let id else { return }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        // NB: one lock section checks for a free slot and joins the queue: a `release()`
        // between the first check and this one freed a slot that nobody was waiting for, and a
        // second section would sleep beside it forever.
        let admission = state.withLock { state -> Admission in
          if Task.isCancelled { return .cancelled }
          if state.running < maxConcurrent {
            state.running += 1
            return .acquired
          }
          state.waiters.append(Waiter(id: id, continuation: continuation))
          return .waiting
        }
        switch admission {
        case .acquired: continuation.resume()
        case .cancelled: continuation.resume(throwing: CancellationError())
        case .waiting: break
        }
      }
    } onCancel: {
      let waiter = state.withLock { state -> Waiter? in
        guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
        return state.waiters.remove(at: index)
      }
      // NB: a waiter already handed a slot is not in the queue any more; it owns the slot and
      // gives it back through `release()` when `run` sees the cancellation.
      waiter?.continuation.resume(throwing: CancellationError())
    }
  }

  private func release() {
    let next = state.withLock { state -> Waiter? in
      if state.waiters.isEmpty {
        state.running -= 1
        return nil
      }
      // The slot passes straight to the next waiter: `running` does not change.
      return state.waiters.removeFirst()
    }
    next?.continuation.resume()
  }
}
