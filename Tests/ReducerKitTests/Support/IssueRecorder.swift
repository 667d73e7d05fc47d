import Foundation
import ReducerKit

/// Collects runtime warnings instead of printing them, so tests can assert on them.
final class IssueRecorder: IssueReporter, @unchecked Sendable {
  // NB: `@unchecked Sendable`: `issues` is only touched while holding `lock`.
  private let lock = NSLockish()
  private var _issues: [(message: String, location: SourceLocation)] = []

  func report(_ message: String, at location: SourceLocation) {
    lock.withLock { _issues.append((message, location)) }
  }

  var messages: [String] { lock.withLock { _issues.map(\.message) } }
  var locations: [SourceLocation] { lock.withLock { _issues.map(\.location) } }
}

typealias NSLockish = NSLock

/// Runs `body` with runtime warnings captured.
@MainActor
func withRecordedIssues<R>(_ body: (IssueRecorder) async throws -> R) async rethrows -> R {
  let recorder = IssueRecorder()
  return try await IssueReporters.withIssueReporter(recorder) { try await body(recorder) }
}

/// Yields until `condition` holds, failing after `limit` yields. No wall-clock sleeping.
@MainActor
func yield(until condition: () -> Bool, limit: Int = 10_000) async -> Bool {
  for _ in 0..<limit {
    if condition() { return true }
    await Task.yield()
  }
  return condition()
}
