import ReducerKit

/// Carries end-of-test findings from the main queue to a deinit running elsewhere; written once
/// before the semaphore is signalled and read after it.
final class FindingsBox: @unchecked Sendable {
  // NB: `@unchecked Sendable`: the semaphore orders the one write before the one read.
  var findings: [Finding] = []
}

/// The parts of a test store its end-of-test check reads, apart from the store so that a deinit
/// off the main thread can hand them to the main queue (the store is gone once it returns).
@MainActor
final class EndOfTestParts<State, Action> {
  let core: ErasedTestCore<State, Action>
  let recorder: TestRecorder<State, Action>
  let sharedChanges: SharedChangeTracker
  var exhaustivity: Exhaustivity = .on
  var reportedEffects: Set<Int> = []

  init(
    core: ErasedTestCore<State, Action>, recorder: TestRecorder<State, Action>,
    sharedChanges: SharedChangeTracker
  ) {
    self.core = core
    self.recorder = recorder
    self.sharedChanges = sharedChanges
  }
}

/// Lets the nonisolated deinit reach the end-of-test parts.
struct UncheckedSendable<Value>: @unchecked Sendable {
  // NB: `@unchecked Sendable`: the value is only used on the main actor (the parts are
  // main-actor isolated); the deinit only passes it along.
  let value: Value
  init(_ value: Value) { self.value = value }
}

/// A failure found when a test store goes away.
struct Finding: Sendable {
  let message: String
  let origin: ReducerKit.SourceLocation?
}
