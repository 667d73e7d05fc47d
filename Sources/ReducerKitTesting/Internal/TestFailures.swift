import Foundation
import ReducerKit
import Testing
import XCTest

/// Where a test store step was called, as both test frameworks want it.
struct TestLocation: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  var sourceLocation: ReducerKit.SourceLocation {
    ReducerKit.SourceLocation(
      fileID: "\(fileID)", filePath: "\(filePath)", line: line, column: column)
  }
}

/// Reports test failures to Swift Testing when a Swift Testing test is running, and to XCTest
/// otherwise.
enum TestFailures {
  /// Where failures go instead of the test, while ``capturingTestFailures(_:)`` runs.
  @TaskLocal static var capture: FailureCapture?

  /// Whether a test is running here: a Swift Testing test is current, or an XCTest case runs.
  static var isTestRunning: Bool {
    if Test.current != nil { return true }
    return XCTestCaseObserver.shared.isRunning
  }

  static func fail(_ message: String, at location: TestLocation) {
    if let capture {
      capture.append(message)
      return
    }
    if Test.current != nil {
      Issue.record(
        Comment(rawValue: message),
        sourceLocation: Testing.SourceLocation(
          fileID: "\(location.fileID)", filePath: "\(location.filePath)",
          line: Int(location.line), column: Int(location.column)))
    } else {
      XCTFail(message, file: location.filePath, line: location.line)
    }
  }

  static func fail(_ message: String, at location: ReducerKit.SourceLocation) {
    if let capture {
      capture.append(message)
      return
    }
    if Test.current != nil {
      Issue.record(
        Comment(rawValue: message),
        sourceLocation: Testing.SourceLocation(
          fileID: location.fileID, filePath: location.filePath,
          line: Int(location.line), column: Int(location.column)))
    } else {
      // NB: XCTest only takes static file names, so the location goes in the message.
      XCTFail("\(location): \(message)")
    }
  }

  /// Shows a message without failing the test (skipped assertions of a non-exhaustive store).
  static func note(_ message: String, at location: TestLocation) {
    if Test.current != nil {
      // NB: a warning-severity issue: shown with its location, never a failure, and not a
      // "known issue" of the run.
      Issue.record(
        Comment(rawValue: message), severity: .warning,
        sourceLocation: Testing.SourceLocation(
          fileID: "\(location.fileID)", filePath: "\(location.filePath)",
          line: Int(location.line), column: Int(location.column)))
    } else {
      print("\(location.sourceLocation): note: \(message)")
    }
  }
}

/// Turns ReducerKit's runtime warnings into test failures, at the location of the warning.
///
/// Test stores install it around everything they run, so a misuse in a feature under test (an
/// action for a missing row, an unhandled effect error, an unimplemented dependency) fails the
/// test. Install it yourself to do the same for plain stores:
///
/// ```swift
/// IssueReporters.current = TestFailureReporter()
/// ```
public struct TestFailureReporter: IssueReporter {
  /// Creates the reporter.
  public init() {}

  /// Records the issue as a test failure.
  public func report(_ message: String, at location: ReducerKit.SourceLocation) {
    TestFailures.fail(message, at: location)
  }

  /// Prints the advisory: a check stricter than the best-known library's never fails a test
  /// that passes there.
  public func advise(_ message: String, at location: ReducerKit.SourceLocation) {
    StandardErrorReporter().report(message, at: location)
  }
}

/// Tells whether an XCTest case is running, from XCTest's own observation. Registered when a
/// test process loads (``reducerkitTestingInstall()``), before any test starts.
final class XCTestCaseObserver: NSObject, XCTestObservation, @unchecked Sendable {
  // NB: `@unchecked Sendable`: `running`, `started` and `current` are only touched while
  // holding `lock`.
  static let shared = XCTestCaseObserver()

  /// Whether this process runs tests (an `.xctest` bundle or XCTest's runner), judged from how
  /// it was launched, as XCTest itself tells its host.
  static var isTestProcess: Bool {
    let environment = ProcessInfo.processInfo.environment
    if environment["XCTestConfigurationFilePath"] != nil || environment["XCTestBundlePath"] != nil
      || environment["XCTestSessionIdentifier"] != nil
    {
      return true
    }
    guard let first = CommandLine.arguments.first else { return false }
    let url = URL(fileURLWithPath: first)
    return url.pathExtension == "xctest" || url.lastPathComponent == "xctest"
      || url.lastPathComponent == "swiftpm-testing-helper"
  }

  static func register() {
    // NB: called at load, on the main thread, before the test runner starts.
    MainActor.assumeIsolated { XCTestObservationCenter.shared.addTestObserver(shared) }
  }

  private let lock = NSLock()
  private var running = 0
  private var started = 0
  private var current: Int?

  var isRunning: Bool { lock.withLock { running > 0 } }

  /// The number of the case running (counted as cases start), if one is.
  var currentCase: Int? { lock.withLock { current } }

  func testCaseWillStart(_ testCase: XCTestCase) {
    lock.withLock {
      running += 1
      started += 1
      current = started
    }
  }

  func testCaseDidFinish(_ testCase: XCTestCase) {
    lock.withLock {
      running -= 1
      if running == 0 { current = nil }
    }
  }
}

/// The failures a test store or a replay reported while ``capturingTestFailures(_:)`` ran.
package final class FailureCapture: @unchecked Sendable {
  // NB: `@unchecked Sendable`: `messages` is only touched while holding `lock`.
  private let lock = NSLock()
  private var messages: [String] = []

  func append(_ message: String) { lock.withLock { messages.append(message) } }
  var captured: [String] { lock.withLock { messages } }
}

/// Runs `body` with the failures that ReducerKitTesting reports (a test store's, a replay's)
/// captured instead of failing the test, and returns them: for the kit's own tests that prove
/// a failure is reported many times over (a model test), where `withKnownIssue` would count
/// each as a known issue of the run.
package func capturingTestFailures<R>(_ body: () throws -> R) rethrows -> (R, [String]) {
  let capture = FailureCapture()
  let result = try TestFailures.$capture.withValue(capture) { try body() }
  return (result, capture.captured)
}
