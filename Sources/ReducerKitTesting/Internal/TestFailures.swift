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
  static func fail(_ message: String, at location: TestLocation) {
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
      withKnownIssue {
        fail(message, at: location)
      }
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
}
