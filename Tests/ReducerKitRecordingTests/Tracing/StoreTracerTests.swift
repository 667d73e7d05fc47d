import Foundation
import ReducerKit
import ReducerKitRecording
import TestSupport
import Testing

/// A feature whose effects finish, are cancelled, and deliver actions, in a child row too.
private struct Lane: Reducer {
  struct State: Codable, Equatable {
    var count = 0
    var log: [String] = []
  }
  enum Action: Codable, Equatable {
    case start
    /// Sends `loaded(5)` at once: an action queued behind this one.
    case relay
    case loaded(Int)
    case wait
    case stop
    case child(Child)
    enum Child: Codable, Equatable { case ping(Int) }
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .relay:
        return .send(.loaded(5))
      case .start:
        return .run { send in await send(.loaded(42)) }
      case .loaded(let value):
        state.count = value
        return .none
      case .wait:
        return .run { _ in try? await Task.sleep(for: .seconds(60)) }.cancellable(id: "wait")
      case .stop:
        return .cancel(id: "wait")
      case .child(.ping(let value)):
        state.log.append("ping \(value)")
        return .none
      }
    }
  }
}

/// The trace as Perfetto reads it: every event checked against the Chrome trace event format.
@MainActor
struct StoreTracerTests {
  /// Runs a session with effects that finish, deliver and are cancelled; returns its store.
  @discardableResult
  fileprivate func traced(
    _ tracer: StoreTracer, recorder: StoreRecorder? = nil
  ) async throws -> StoreOf<Lane> {
    let store =
      if let recorder {
        Store(initialState: Lane.State(), recordingTo: recorder, tracingTo: tracer) { Lane() }
      } else {
        Store(initialState: Lane.State(), tracingTo: tracer) { Lane() }
      }
    await store.send(.start).finish()
    #expect(await waitUntil { store.count == 42 }, "the delivered action was not reduced")
    let waiting = store.send(.wait)
    store.send(.child(.ping(7)))
    store.send(.stop)
    await waiting.finish()
    return store
  }

  @Test func aTraceIsChromeTraceEventFormatWithEveryEventsFieldsAndNesting() async throws {
    let tracer = StoreTracer()
    try await traced(tracer)
    let events = try TraceCheck.events(tracer.jsonData())
    try TraceCheck.validate(events)

    let slices = TraceCheck.reduces(events)
    #expect(
      slices.map { $0["name"] as? String } == [
        "start", "loaded", "wait", "child.ping", "stop",
      ])
    #expect(tracer.actionCount == 5)
    // The delivered action names the effect that delivered it, and that effect's span holds a
    // mark for the delivery.
    let loaded = try #require(slices.first { $0["name"] as? String == "loaded" })
    let loadedArgs = try #require(loaded["args"] as? [String: Any])
    #expect(loadedArgs["origin"] as? String == "an effect of the root feature")
    let effect = try #require(loadedArgs["effect"] as? String)
    #expect(
      events.contains {
        $0["ph"] as? String == "n" && $0["id"] as? String == effect
          && ($0["args"] as? [String: Any])?["delivers"] as? String == "loaded"
      })
    // One effect finished, one was cancelled.
    let endings = events.filter { $0["ph"] as? String == "e" }.compactMap {
      ($0["args"] as? [String: Any])?["ending"] as? String
    }
    #expect(endings.sorted() == ["cancelled", "finished"])
  }

  @Test func aTracedAndRecordedStoreDoesBoth() async throws {
    let tracer = StoreTracer()
    let recorder = StoreRecorder()
    let store = try await traced(tracer, recorder: recorder)
    try TraceCheck.validate(try TraceCheck.events(tracer.jsonData()))
    let recording = try #require(recorder.recording)
    #expect(recording.steps.count == tracer.actionCount)
    // An action queued behind another (`.send`) is told apart by both hooks, in order.
    let before = recording.steps.count
    store.send(.relay)
    let relayed = try #require(recorder.recording)
    #expect(
      relayed.steps[before...].map(\.origin.description) == [
        "outside", "an effect of the root feature",
      ])
    let slices = TraceCheck.reduces(try TraceCheck.events(tracer.jsonData()))
    #expect(
      slices.suffix(2).map { ($0["args"] as? [String: Any])?["origin"] as? String } == [
        "outside", "an effect of the root feature",
      ])
    // The recording's effect spans: the load finished after delivering step 2; the wait was
    // started by step 3, under the id "wait", and cancelled after step 5, which cancelled it.
    #expect(
      recording.effectSpans == [
        Recording.EffectSpan(path: "the root feature", startedAfter: 1, endedAfter: 2),
        Recording.EffectSpan(
          path: "the root feature", startedAfter: 3, endedAfter: 5, wasCancelled: true,
          cancelIDs: ["wait"]),
      ])
    let decoded = try Recording.decode(recording.jsonData())
    #expect(decoded.effectSpans == recording.effectSpans)
  }

  @Test func aTracerTracesOneStore() {
    let tracer = StoreTracer()
    let first = Store(initialState: Lane.State(), tracingTo: tracer) { Lane() }
    withKnownIssue {
      _ = Store(initialState: Lane.State(), tracingTo: tracer) { Lane() }
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("A StoreTracer traces one store")
    }
    first.send(.child(.ping(1)))
    #expect(tracer.actionCount == 1)
  }

  @Test func theCheckerRejectsABrokenTrace() throws {
    // Proof that `validate` can fail: an end without its beginning, and a slice without `dur`.
    let unmatched: [[String: Any]] = [
      [
        "name": "effect", "cat": "effect", "ph": "e", "id": "0x1", "ts": 1.0, "pid": 1,
        "tid": 1,
      ]
    ]
    #expect(throws: TraceCheck.Problem.self) { try TraceCheck.validate(unmatched) }
    let noDuration: [[String: Any]] = [
      ["name": "start", "cat": "action", "ph": "X", "ts": 1.0, "pid": 1, "tid": 1]
    ]
    #expect(throws: TraceCheck.Problem.self) { try TraceCheck.validate(noDuration) }
    // A flow that ends without starting, one that never ends, and a span left open.
    let slice: [String: Any] = [
      "name": "start", "cat": "action", "ph": "X", "ts": 1.0, "dur": 2.0, "pid": 1, "tid": 1,
    ]
    let flow: [String: Any] = [
      "name": "delivers", "cat": "flow", "id": "0x1", "ts": 1.0, "pid": 1, "tid": 1,
    ]
    let end = flow.merging(["ph": "f", "bp": "e"]) { $1 }
    #expect(throws: TraceCheck.Problem.self) { try TraceCheck.validate([slice, end]) }
    let start = flow.merging(["ph": "s"]) { $1 }
    #expect(throws: TraceCheck.Problem.self) { try TraceCheck.validate([slice, start]) }
    #expect(throws: Never.self) { try TraceCheck.validate([slice, start, end]) }
    let begin: [String: Any] = [
      "name": "effect", "cat": "effect", "ph": "b", "id": "0x2", "ts": 1.0, "pid": 1, "tid": 1,
    ]
    #expect(throws: TraceCheck.Problem.self) { try TraceCheck.validate([begin]) }
  }

  @Test func eachDeliveredActionIsAFlowFromItsEffectAndRunningWorkEndsUnfinished() async throws {
    let tracer = StoreTracer()
    let store = Store(initialState: Lane.State(), tracingTo: tracer) { Lane() }
    await store.send(.start).finish()
    #expect(await waitUntil { store.count == 42 }, "the delivered action was not reduced")
    // Written while the wait's work still runs.
    let waiting = store.send(.wait)
    let events = try TraceCheck.events(tracer.jsonData())
    try TraceCheck.validate(events)
    // The flow starts at a `delivers loaded` slice of the effect, on the effects' thread, and
    // ends in the reduce of `loaded`, which names the same effect.
    let starts = events.filter { $0["ph"] as? String == "s" }
    let ends = events.filter { $0["ph"] as? String == "f" }
    #expect(starts.count == 1 && ends.count == 1)
    let delivery = try #require(
      events.first { $0["ph"] as? String == "X" && $0["name"] as? String == "delivers loaded" })
    #expect(delivery["tid"] as? Int == 2)
    func time(_ event: [String: Any]?) -> Double? { (event?["ts"] as? NSNumber)?.doubleValue }
    #expect(time(starts.first) == time(delivery))
    let loaded = try #require(
      TraceCheck.reduces(events).first { $0["name"] as? String == "loaded" })
    #expect(time(ends.first) == time(loaded))
    #expect(
      (loaded["args"] as? [String: Any])?["effect"] as? String
        == (delivery["args"] as? [String: Any])?["effect"] as? String)
    // The wait is closed at the trace's end, marked unfinished; the load finished.
    let endings = events.filter { $0["ph"] as? String == "e" }.compactMap {
      ($0["args"] as? [String: Any])?["ending"] as? String
    }
    #expect(endings.sorted() == ["finished", "unfinished"])
    store.send(.stop)
    await waiting.finish()
  }

  @Test func actionNamesFollowTheChainOfCases() async throws {
    let tracer = StoreTracer()
    let store = Store(initialState: Lane.State(), tracingTo: tracer) { Lane() }
    store.send(.child(.ping(1)))
    let names = TraceCheck.reduces(try TraceCheck.events(tracer.jsonData()))
      .compactMap { $0["name"] as? String }
    #expect(names == ["child.ping"])
  }

  func waitUntil(_ condition: @MainActor () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(10)
    while !condition(), ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(5))
    }
    return condition()
  }
}
