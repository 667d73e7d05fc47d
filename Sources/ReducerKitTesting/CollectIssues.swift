import Foundation
import ReducerKit

/// A runtime warning that ReducerKit raised, as ``collectIssues(_:)`` returns
/// it.
public struct CollectedIssue: Sendable, Equatable, CustomStringConvertible {
  /// What happened, why it matters and how to fix it.
  public let message: String
  /// The line in your code the warning is about.
  public let location: SourceLocation

  /// `file:line:column: message`.
  public var description: String { "\(location): \(message)" }
}

/// Runs `body` and returns the runtime warnings raised while it ran (in it, and in the effects
/// it starts), instead of reporting them.
///
/// Use it to assert on warnings in tests of plain `Store`s, where a warning would otherwise only
/// be printed:
///
/// ```swift
/// let issues = collectIssues {
///   store.send(.rows(.element(id: 9, action: .tapped)))   // no row 9
/// }
/// #expect(issues.map(\.message).contains { $0.contains("missing element") })
/// ```
/// - Parameter body: The work to run.
/// - Returns: The warnings, in the order they were raised.
public func collectIssues(_ body: () throws -> Void) rethrows -> [CollectedIssue] {
  let collector = IssueCollector()
  try IssueReporters.withIssueReporter(collector, operation: body)
  return collector.issues
}

/// Runs asynchronous `body` and returns the runtime warnings raised while it ran.
/// - Parameters:
///   - body: The work to run.
///   - isolation: The actor the work runs on; leave the default (the caller's).
/// - Returns: The warnings, in the order they were raised.
public func collectIssues(
  isolation: isolated (any Actor)? = #isolation,
  _ body: () async throws -> Void
) async rethrows -> [CollectedIssue] {
  let collector = IssueCollector()
  try await IssueReporters.withIssueReporter(collector, isolation: isolation, operation: body)
  return collector.issues
}

/// Collects issues from any thread.
///
/// NB: an `NSLock`, not `Synchronization.Mutex`, so that tests run under the thread sanitizer on
/// Linux see the lock (the sanitizer cannot see `Mutex`'s futexes). `@unchecked Sendable`:
/// `collected` is only touched while `lock` is held.
final class IssueCollector: DependencyIssueReporter, @unchecked Sendable {
  private let lock = NSLock()
  private var collected: [CollectedIssue] = []
  private var aboutDependencies: [CollectedIssue] = []

  func report(_ message: String, at location: SourceLocation) {
    lock.withLock { collected.append(CollectedIssue(message: message, location: location)) }
  }

  func reportDependencyIssue(_ message: String, at location: SourceLocation) {
    let issue = CollectedIssue(message: message, location: location)
    lock.withLock {
      collected.append(issue)
      aboutDependencies.append(issue)
    }
  }

  var issues: [CollectedIssue] { lock.withLock { collected } }
  /// The issues that say the code used a dependency the test did not set up.
  var dependencyIssues: [CollectedIssue] { lock.withLock { aboutDependencies } }
}
