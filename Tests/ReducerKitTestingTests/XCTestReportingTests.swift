import ReducerKit
import ReducerKitTesting
import XCTest

/// Proves that test store failures reach XCTest, at the caller's file and line, when no Swift
/// Testing test is running.
final class XCTestReportingTests: XCTestCase {
  private var captured: [(description: String, file: String, line: Int)] = []

  // NB: failures that come from the test store are captured instead of failing this test; any
  // other failure (a failed XCTAssert below) goes through as usual.
  #if canImport(Darwin)
    override func record(_ issue: XCTIssue) {
      if issue.compactDescription.contains("The state does not match the expectation")
        || issue.compactDescription.contains("threw an error that nothing handled")
      {
        captured.append(
          (
            issue.compactDescription, issue.sourceCodeContext.location?.fileURL.path ?? "",
            issue.sourceCodeContext.location?.lineNumber ?? 0
          ))
      } else {
        super.record(issue)
      }
    }
  #else
    override func recordFailure(
      withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
      expected: Bool
    ) {
      if description.contains("The state does not match the expectation")
        || description.contains("threw an error that nothing handled")
      {
        captured.append((description, filePath, lineNumber))
      } else {
        super.recordFailure(
          withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
      }
    }
  #endif

  @MainActor
  func testStateMismatchIsReportedToXCTestAtTheSendLine() async {
    let clock = TestClock()
    let store = TestStore(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
      $0.searchClient.search = { [$0] }
    }
    let line = #line + 1
    await store.send(.queryChanged("a")) { $0.query = "b" }
    // NB: the debounced search runs to its end before the test does, so that no effect is left
    // for the store to cancel as the process leaves XCTest.
    await clock.advance(by: .milliseconds(300))
    await store.skipReceivedActions()
    await store.finish()

    XCTAssertEqual(captured.count, 1)
    XCTAssertEqual(captured.first?.line, line)
    XCTAssertTrue(captured.first?.file.hasSuffix("XCTestReportingTests.swift") ?? false)
    XCTAssertTrue(captured.first?.description.contains("+   query: \"a\"") ?? false)
  }

  @MainActor
  func testAPlainStoreWarningFailsTheRunningXCTestCase() async {
    let store = Store(initialState: 0) {
      Reduce<Int, Bool> { _, _ in .run { _ in throw CancellationErrorLookalike() } }
    }
    await store.send(true).finish()
    XCTAssertEqual(captured.count, 1)
    XCTAssertTrue(captured.first?.description.contains("nothing handled") ?? false)
  }
}

private struct CancellationErrorLookalike: Error {}
