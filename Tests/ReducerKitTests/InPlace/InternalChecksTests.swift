import Foundation
import Testing

@testable import ReducerKit

/// The internal checks compare what is read in place with what the key path reads, and report
/// a disagreement; CI's test run has them compiled in.
@Suite struct InternalChecksTests {
  final class Object {}

  @Test func valuesAreComparedWhereTheyCanBe() {
    #expect(InternalChecks.agree(3, 3) == true)
    #expect(InternalChecks.agree("a", "b") == false)
    let object = Object()
    #expect(InternalChecks.agree(object, object) == true)
    #expect(InternalChecks.agree(object, Object()) == false)
    // A value that is neither equatable nor an object cannot be compared.
    #expect(InternalChecks.agree({ 1 }, { 2 }) == nil)
  }

  @Test func aDisagreementIsReported() {
    withKnownIssue {
      InternalChecks.verify(
        inPlace: 1, throughKeyPath: 2, \StatePathTests.Outer.flag, StoredOffset(rawValue: 0))
    } matching: { issue in
      issue.description.contains("internal check")
        && issue.description.contains("not the value the key path reads")
    }
    InternalChecks.verify(
      inPlace: 2, throughKeyPath: 2, \StatePathTests.Outer.flag, StoredOffset(rawValue: 0))
  }

  @Test func aRunThatAsksForTheChecksHasThem() {
    // NB: the variable reaches the compiler through the manifest (`Package.swift`); a run that
    // sets it, as CI's address-sanitizer run does, must be testing a build that has them.
    guard ProcessInfo.processInfo.environment["REDUCERKIT_INTERNAL_CHECKS"] != nil else { return }
    #expect(InternalChecks.areEnabled, "REDUCERKIT_INTERNAL_CHECKS is set, but not compiled in")
  }

  @Test func theOffsetsNamedStatesAreNotStored() {
    #expect(!StoredOffset.computed.isStored && !StoredOffset.unresolved.isStored)
    #expect(StoredOffset.zero.isStored)
    #expect(StoredOffset(rawValue: 8).adding(stored: .init(rawValue: 4)) == .init(rawValue: 12))
    // A child at a path with no offset is read from a copy, wherever its parent is.
    let lent = InPlaceState.lent({ _ in }, at: StoredOffset(rawValue: 8))
    #expect(lent.child(at: StoredOffset(rawValue: 4)).offset == .init(rawValue: 12))
    let computed = lent.child(at: .computed)
    #expect(computed.lender == nil && computed.offset == .computed)
    #expect("\(StoredOffset.computed)" == "computed" && "\(StoredOffset(rawValue: 3))" == "at 3")
  }
}
