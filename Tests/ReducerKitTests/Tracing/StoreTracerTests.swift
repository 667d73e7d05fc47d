import Foundation
import ReducerKit
import Testing

/// A feature whose effects finish, are cancelled, and deliver actions, in a child row too.
private struct Lane: Reducer {
  struct State: Codable, Equatable {
    var count = 0
    var log: [String] = []
  }
  enum Action: Codable, Equatable {
    case start
    case loaded(Int)
    case wait
    case stop
    case child(Child)
    enum Child: Codable, Equatable { case ping(Int) }
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
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
  /// Runs a session with effects that finish, deliver and are cancelled.
  func traced(_ tracer: StoreTracer, recorder: StoreRecorder? = nil) async throws {
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
  }

  @Test func aTraceIsChromeTraceEventFormatWithEveryEventsFieldsAndNesting() async throws {
    let tracer = StoreTracer()
    try await traced(tracer)
    let events = try TraceCheck.events(tracer.jsonData())
    try TraceCheck.validate(events)

    let slices = events.filter { $0["ph"] as? String == "X" }
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
    try await traced(tracer, recorder: recorder)
    try TraceCheck.validate(try TraceCheck.events(tracer.jsonData()))
    let recording = try #require(recorder.recording)
    #expect(recording.steps.count == tracer.actionCount)
    // The recording's effect spans: the load finished after delivering step 2; the wait was
    // started by step 3 and cancelled after step 5, which cancelled it.
    #expect(
      recording.effectSpans == [
        Recording.EffectSpan(path: "the root feature", startedAfter: 1, endedAfter: 2),
        Recording.EffectSpan(
          path: "the root feature", startedAfter: 3, endedAfter: 5, wasCancelled: true),
      ])
    let decoded = try Recording.decode(recording.jsonData())
    #expect(decoded.effectSpans == recording.effectSpans)
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
  }

  @Test func actionNamesFollowTheChainOfCases() async throws {
    let tracer = StoreTracer()
    let store = Store(initialState: Lane.State(), tracingTo: tracer) { Lane() }
    store.send(.child(.ping(1)))
    let names = try TraceCheck.events(tracer.jsonData()).filter { $0["ph"] as? String == "X" }
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

/// Checks a trace against the Chrome trace event format, independently of the writer (it reads
/// the file with Foundation's JSON parser).
enum TraceCheck {
  struct Problem: Error, CustomStringConvertible {
    let description: String
  }

  static func events(_ data: Data) throws -> [[String: Any]] {
    let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(root["displayTimeUnit"] as? String == "ms")
    return try #require(root["traceEvents"] as? [[String: Any]])
  }

  /// Every event has a name, a known phase, a process and a thread; timed ones a non-negative
  /// time; complete events a duration and no overlap on their thread unless nested; async
  /// events a category and id, each `e` and `n` inside an open `b` of the same id and name.
  static func validate(_ events: [[String: Any]]) throws {
    var open: [String: (name: String, at: Double)] = [:]
    var lastSliceEnd = -Double.infinity
    for (index, event) in events.enumerated() {
      func fail(_ problem: String) -> Problem { Problem(description: "event \(index): \(problem)") }
      guard let name = event["name"] as? String, !name.isEmpty else { throw fail("no name") }
      guard let phase = event["ph"] as? String else { throw fail("no phase") }
      guard event["pid"] is Int, event["tid"] is Int else { throw fail("no pid or tid") }
      if phase == "M" {
        guard (event["args"] as? [String: Any])?["name"] is String else {
          throw fail("metadata without a name")
        }
        continue
      }
      guard let time = (event["ts"] as? NSNumber)?.doubleValue, time >= 0 else {
        throw fail("no time")
      }
      guard event["cat"] is String else { throw fail("no category") }
      switch phase {
      case "X":
        guard let duration = (event["dur"] as? NSNumber)?.doubleValue, duration >= 0 else {
          throw fail("a complete event without a duration")
        }
        // Reduces never overlap: each starts after the one before ended.
        guard time >= lastSliceEnd else { throw fail("overlaps the slice before") }
        lastSliceEnd = time + duration
      case "b", "e", "n":
        guard let id = event["id"] as? String, !id.isEmpty else { throw fail("async without id") }
        if phase == "b" {
          guard open[id] == nil else { throw fail("\(id) begins twice") }
          open[id] = (name, time)
        } else {
          guard let begun = open[id], begun.name == name, begun.at <= time else {
            throw fail("\(phase) of \(id) outside its span")
          }
          if phase == "e" { open[id] = nil }
        }
      default: throw fail("unknown phase \(phase)")
      }
    }
  }
}
