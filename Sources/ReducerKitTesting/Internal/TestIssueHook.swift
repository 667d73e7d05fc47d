import Foundation
import ReducerKit
import ReducerKitShims
import Testing
import XCTest

/// Called once when a process that links this library loads (a C constructor in
/// `ReducerKitTestingHook`): installs the issue hook and, in a test process, starts watching
/// which XCTest case runs.
@_cdecl("reducerkit_testing_install")
func reducerkitTestingInstall() {
  reducerkit_set_test_issue_hook { message, fileID, filePath, line, column in
    guard let message, let fileID, let filePath else { return 0 }
    return reducerkitTestingReportIssue(message, fileID, filePath, line, column)
  }
  if XCTestCaseObserver.isTestProcess { XCTestCaseObserver.register() }
  TestContext.currentTest.withLock { $0 = { currentTestKey() } }
}

/// The test running here, for values the kit keeps per test: Swift Testing's current test, or
/// the XCTest case running (numbered as they start).
@Sendable
func currentTestKey() -> String? {
  if let test = Test.current { return "\(test.id)" }
  return XCTestCaseObserver.shared.currentCase.map { "XCTest case \($0)" }
}

/// ReducerKit's issue hook in a test process (installed at load by `ReducerKitTestingHook`): a
/// runtime warning raised by any store — not only a test store — fails the test that is running,
/// as in the best-known library. Outside a test (a benchmark run that links this library) it
/// returns 0 and the warning is printed as usual.
func reducerkitTestingReportIssue(
  _ message: UnsafePointer<CChar>,
  _ fileID: UnsafePointer<CChar>,
  _ filePath: UnsafePointer<CChar>,
  _ line: UInt,
  _ column: UInt
) -> Int32 {
  let location = ReducerKit.SourceLocation(
    fileID: String(cString: fileID), filePath: String(cString: filePath), line: line,
    column: column)
  guard TestFailures.isTestRunning else { return 0 }
  TestFailures.fail(String(cString: message), at: location)
  return 1
}
