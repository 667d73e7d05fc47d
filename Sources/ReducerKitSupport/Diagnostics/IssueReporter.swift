import Foundation
import ReducerKitShims

/// Receives the runtime warnings that ReducerKit raises on misuse.
///
/// By default warnings are printed to standard error with their file and line, and the app keeps
/// running. In a process that links `ReducerKitTesting` (a test process), the default turns each
/// warning raised while a test runs into a failure of that test (Swift Testing or XCTest,
/// whichever is running) — from a plain `Store` as from a `TestStore`. Install your own reporter
/// to send warnings to a log:
///
/// ```swift
/// struct LogReporter: IssueReporter {
///   func report(_ message: String, at location: SourceLocation) {
///     logger.warning("\(location): \(message)")
///   }
/// }
/// IssueReporters.current = LogReporter()
/// ```
public protocol IssueReporter: Sendable {
  /// Reports one issue.
  /// - Parameters:
  ///   - message: What happened, why it matters and how to fix it.
  ///   - location: The line in the user's code that the issue is about.
  func report(_ message: String, at location: SourceLocation)

  /// Reports an advisory: something the kit checks more strictly than the best-known library
  /// does, which must not fail a test that passes there. Defaults to ``report(_:at:)``; the
  /// test reporters print it instead of failing.
  /// - Parameters:
  ///   - message: What happened and how to silence it.
  ///   - location: The line in the user's code that the advisory is about.
  func advise(_ message: String, at location: SourceLocation)
}

extension IssueReporter {
  /// Reports the advisory as an issue.
  public func advise(_ message: String, at location: SourceLocation) {
    report(message, at: location)
  }
}

/// Prints each issue to standard error as `file:line:column: warning: message`.
public struct StandardErrorReporter: IssueReporter {
  /// Creates the reporter.
  public init() {}

  /// Writes the issue to standard error.
  public func report(_ message: String, at location: SourceLocation) {
    let text = "\(location): warning: [ReducerKit] \(message)\n"
    FileHandle.standardError.write(Data(text.utf8))
  }
}

/// The default reporter: a failure of the running test in a test process (through the hook that
/// `ReducerKitTesting` installs when it is linked), a printed warning otherwise.
struct DefaultIssueReporter: IssueReporter {
  func report(_ message: String, at location: SourceLocation) {
    if let hook = reducerkit_test_issue_hook(),
      hook(message, location.fileID, location.filePath, UInt(location.line), UInt(location.column))
        != 0
    {
      return
    }
    StandardErrorReporter().report(message, at: location)
  }

  func advise(_ message: String, at location: SourceLocation) {
    StandardErrorReporter().report(message, at: location)
  }
}

/// The reporter that receives ReducerKit's runtime warnings.
public enum IssueReporters {
  private static let storage = LockedValue<any IssueReporter>(DefaultIssueReporter())
  @TaskLocal static var override: (any IssueReporter)?
  /// How many issues were raised in this process (debug checks skip an action that raised one).
  static var counter: ProcessCounter { .issuesReported }
  package static var reportedCount: Int { counter.load() }

  /// The line in the user's code that the work running now answers to: a test store sets it to
  /// each step's line, and the effects a step starts inherit it. Issues the kit raises about a
  /// dependency (an unimplemented test value) are reported there, not at the kit's own line.
  @TaskLocal package static var userLocation: SourceLocation?

  /// The process-wide reporter, used unless ``withIssueReporter(_:operation:)`` overrides it.
  public static var current: any IssueReporter {
    get { storage.withLock { $0 } }
    set { storage.withLock { $0 = newValue } }
  }

  /// Runs `operation` with `reporter` receiving every issue raised in it, including from tasks
  /// (effects) that the operation starts.
  /// - Parameters:
  ///   - reporter: The reporter to use.
  ///   - operation: The work to run.
  ///   - isolation: The actor the work runs on; leave the default (the caller's).
  /// - Returns: What `operation` returns.
  public static func withIssueReporter<R>(
    _ reporter: any IssueReporter,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> R
  ) async rethrows -> R {
    try await $override.withValue(reporter, operation: operation, isolation: isolation)
  }

  /// The synchronous form of ``withIssueReporter(_:operation:)``.
  public static func withIssueReporter<R>(
    _ reporter: any IssueReporter,
    operation: () throws -> R
  ) rethrows -> R {
    try $override.withValue(reporter, operation: operation)
  }
}

/// Raises a runtime warning about the user's code running now (see `IssueReporters.userLocation`),
/// at `fallback` when nothing says which line that is.
package func reportIssueInUserCode(_ message: String, fallback: SourceLocation = SourceLocation()) {
  reportIssue(message, at: IssueReporters.userLocation ?? fallback)
}

/// A reporter that tells issues about dependencies apart: a replay names a dependency used while
/// reducing as the cause of a divergence, and any other issue as itself.
package protocol DependencyIssueReporter: IssueReporter {
  /// Reports that the code used a dependency the test did not set up.
  func reportDependencyIssue(_ message: String, at location: SourceLocation)
}

/// Raises a runtime warning that the code used a dependency the test did not set up, at
/// `location` or else the user's code running now.
package func reportDependencyIssue(_ message: String, at location: SourceLocation? = nil) {
  let location = location ?? IssueReporters.userLocation ?? SourceLocation()
  let reporter = IssueReporters.override ?? IssueReporters.current
  guard let dependencyReporter = reporter as? any DependencyIssueReporter else {
    reportIssue(message, at: location)
    return
  }
  IssueReporters.counter.wrappingAdd(1)
  RecentIssues.note(message)
  dependencyReporter.reportDependencyIssue(message, at: location)
}

/// Raises a runtime warning through the current ``IssueReporter``.
///
/// Feature code can call it for its own misuse checks; ReducerKit calls it for every misuse it
/// detects. It never stops the program.
/// - Parameters:
///   - message: What happened, why it matters and how to fix it.
///   - location: The line the issue is about; defaults to the caller's.
public func reportIssue(_ message: String, at location: SourceLocation = SourceLocation()) {
  IssueReporters.counter.wrappingAdd(1)
  RecentIssues.note(message)
  (IssueReporters.override ?? IssueReporters.current).report(message, at: location)
}

/// Reports an advisory (``IssueReporter/advise(_:at:)``): a check stricter than the best-known
/// library's, printed under test reporters rather than failing a test.
package func reportAdvisory(_ message: String, at location: SourceLocation = SourceLocation()) {
  RecentIssues.note(message)
  (IssueReporters.override ?? IssueReporters.current).advise(message, at: location)
}
