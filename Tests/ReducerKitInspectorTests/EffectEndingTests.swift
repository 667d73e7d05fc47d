import ReducerKit
import ReducerKitRecording
import Testing

@testable import ReducerKitInspector

/// A cancelled effect's bar says why it ended, from the events of the step that cancelled it.
struct EffectEndingTests {
  /// A recording of `events` per step (no state), and `spans`.
  func recording(_ events: [[EffectEvent]], spans: [Recording.EffectSpan]) -> Recording {
    Recording(
      states: .full, initialState: .null,
      steps: events.map {
        Recording.Step(action: .null, origin: .outside, effects: $0, state: .changes([]))
      },
      effectSpans: spans)
  }

  @Test func workOfAPoppedScreenEndsAsItsFeatureGoesAway() {
    let recording = recording(
      [
        [.started(path: "path[id: 0] → (case Reader.State)")],
        [.cancelled(path: "path", id: "removed elements")],
      ],
      spans: [
        .init(
          path: "path[id: 0] → (case Reader.State)", startedAfter: 1, endedAfter: 2,
          wasCancelled: true)
      ])
    #expect(EffectEnding.of(spanAt: 0, in: recording) == .dismissed)
  }

  @Test func aRunStartedUnderTheSameIDReplacesTheOneItCancels() {
    let events: [[EffectEvent]] = [
      [.started(path: "the root feature")],
      [.cancelled(path: "the root feature", id: "search"), .started(path: "the root feature")],
    ]
    let replaced = recording(
      events,
      spans: [
        .init(
          path: "the root feature", startedAfter: 1, endedAfter: 2, wasCancelled: true,
          cancelIDs: ["search"]),
        .init(path: "the root feature", startedAfter: 2, cancelIDs: ["search"]),
      ])
    #expect(EffectEnding.of(spanAt: 0, in: replaced) == .replaced)
    // Work started under another id does not replace it: it was cancelled.
    let cancelled = recording(
      events,
      spans: [
        .init(
          path: "the root feature", startedAfter: 1, endedAfter: 2, wasCancelled: true,
          cancelIDs: ["search"]),
        .init(path: "the root feature", startedAfter: 2, cancelIDs: ["load"]),
      ])
    #expect(EffectEnding.of(spanAt: 0, in: cancelled) == .cancelled)
  }

  @Test func aCancelByIDThatStartsNothingIsACancel() {
    let recording = recording(
      [[.started(path: "the root feature")], [.cancelled(path: "the root feature", id: "load")]],
      spans: [
        .init(
          path: "the root feature", startedAfter: 1, endedAfter: 2, wasCancelled: true,
          cancelIDs: ["load"])
      ])
    #expect(EffectEnding.of(spanAt: 0, in: recording) == .cancelled)
  }

  @Test func anInstanceIsWithinItsAncestorsOnly() {
    #expect(EffectEnding.isWithin("path[id: 0] → (case Reader.State)", "path"))
    #expect(EffectEnding.isWithin("destination", "destination"))
    #expect(!EffectEnding.isWithin("paths[id: 0]", "path"))
  }
}
