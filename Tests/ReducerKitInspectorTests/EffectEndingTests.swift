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
    #expect(
      EffectEnding.of(spanAt: 0, in: recording, startedAfter: EffectEnding.spansByStart(recording))
        == .dismissed)
  }

  /// A step's effects on the page leave out a cancellation of removed elements (or of all of
  /// an instance's work) that stopped nothing: a stack returns one with every push, since its
  /// ids changed, and it read as if the push had cancelled something. One that stopped work is
  /// listed, and so is every other event.
  @Test func aCancellationThatStoppedNoWorkIsLeftOffTheStepsEffects() throws {
    let recording = recording(
      [
        [.started(path: "path[id: 0] → (case Reader.State)")],
        // A push: the stack's cancellation of removed screens, with no screen removed.
        [.cancelled(path: "path", id: "removed elements"), .started(path: "the root feature")],
        // A pop: it stops the popped screen's work.
        [.cancelled(path: "path", id: "removed elements")],
        [
          .cancelled(path: "destination", id: "all"), .cancelled(path: "the root feature", id: "x"),
        ],
      ],
      spans: [
        .init(
          path: "path[id: 0] → (case Reader.State)", startedAfter: 1, endedAfter: 3,
          wasCancelled: true),
        .init(path: "the root feature", startedAfter: 2),
      ])
    let page = try PageData(recording, title: "effects")
    guard case .object(let document) = page.document, case .array(let steps)? = document["steps"]
    else {
      Issue.record("no steps in the page's data")
      return
    }
    let listed = steps.map { step -> [String] in
      guard case .object(let fields) = step, case .array(let events)? = fields["e"] else {
        return []
      }
      return events.compactMap { if case .string(let text) = $0 { text } else { nil } }
    }
    #expect(
      listed == [
        ["started in path[id: 0] → (case Reader.State)"],
        ["started in the root feature"],
        ["cancelled removed elements in path"],
        ["cancelled x in the root feature"],
      ])
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
    #expect(
      EffectEnding.of(spanAt: 0, in: replaced, startedAfter: EffectEnding.spansByStart(replaced))
        == .replaced)
    // Work started under another id does not replace it: it was cancelled.
    let cancelled = recording(
      events,
      spans: [
        .init(
          path: "the root feature", startedAfter: 1, endedAfter: 2, wasCancelled: true,
          cancelIDs: ["search"]),
        .init(path: "the root feature", startedAfter: 2, cancelIDs: ["load"]),
      ])
    #expect(
      EffectEnding.of(spanAt: 0, in: cancelled, startedAfter: EffectEnding.spansByStart(cancelled))
        == .cancelled)
  }

  /// Two rows: row 2's search started in the step that cancelled row 1's does not replace it.
  @Test func workStartedInASiblingDoesNotReplace() {
    let recording = recording(
      [
        [.started(path: "rows[id: 1]")],
        [.cancelled(path: "rows[id: 1]", id: "search"), .started(path: "rows[id: 2]")],
      ],
      spans: [
        .init(
          path: "rows[id: 1]", startedAfter: 1, endedAfter: 2, wasCancelled: true,
          cancelIDs: ["search"]),
        .init(path: "rows[id: 2]", startedAfter: 2, cancelIDs: ["search"]),
      ])
    #expect(
      EffectEnding.of(
        spanAt: 0, in: recording, startedAfter: EffectEnding.spansByStart(recording))
        == .cancelled)
  }

  @Test func aCancelByIDThatStartsNothingIsACancel() {
    let recording = recording(
      [[.started(path: "the root feature")], [.cancelled(path: "the root feature", id: "load")]],
      spans: [
        .init(
          path: "the root feature", startedAfter: 1, endedAfter: 2, wasCancelled: true,
          cancelIDs: ["load"])
      ])
    #expect(
      EffectEnding.of(spanAt: 0, in: recording, startedAfter: EffectEnding.spansByStart(recording))
        == .cancelled)
  }

  @Test func anInstanceIsWithinItsAncestorsOnly() {
    #expect(EffectEnding.isWithin("path[id: 0] → (case Reader.State)", "path"))
    #expect(EffectEnding.isWithin("destination", "destination"))
    #expect(!EffectEnding.isWithin("paths[id: 0]", "path"))
  }
}

/// A tap that changed nothing and started nothing is marked on its row ("did nothing"): what a
/// developer asks of a tap on a placeholder row. A step an effect delivered is not a tap.
struct NoOpStepTests {
  @Test func aStepFromOutsideThatDidNothingIsMarked() throws {
    let steps: [Recording.Step] = [
      .init(action: .string("tap"), origin: .outside, effects: [], state: .changes([])),
      .init(
        action: .string("tap"), origin: .outside, effects: [],
        state: .changes([StateChange(path: [.key("count")], operation: .set(.number(1)))])),
      .init(
        action: .string("tap"), origin: .outside, effects: [.started(path: "the root feature")],
        state: .changes([])),
      .init(
        action: .string("answer"), origin: .effect(path: "the root feature"), effects: [],
        state: .changes([])),
    ]
    let recording = Recording(
      states: .full, initialState: .object(["count": .number(0)]), steps: steps)
    let page = try PageData(recording, title: "taps")
    guard case .object(let document) = page.document, case .array(let rows)? = document["steps"]
    else {
      Issue.record("no steps in the page's data")
      return
    }
    let marked = rows.map { row -> Bool in
      guard case .object(let fields) = row else { return false }
      return fields["z"] == .bool(true)
    }
    #expect(marked == [true, false, false, false])
  }
}
