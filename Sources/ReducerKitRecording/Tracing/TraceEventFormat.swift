import ReducerKit

/// Writes a tracer's events in the Chrome trace event format, as Perfetto and
/// `chrome://tracing` read it: complete events (`X`) for reduces on one thread, nestable
/// asynchronous events (`b`, `n`, `e`) for effect work, with times in microseconds, and for each
/// action an effect delivered, a flow (`s` to `f`) from a `delivers` slice on the effects'
/// thread to the reduce of that action. Effect work still running when the trace is written
/// ends there, marked `unfinished`.
enum TraceEventFormat {
  /// The process and thread ids every event carries.
  static let process = 1
  static let reducerThread = 1
  /// The thread of the `delivers` slices that flows start from.
  static let effectThread = 2

  /// `{"displayTimeUnit": "ms", "traceEvents": [...]}`.
  static func document(_ events: [StoreTracer.Event]) -> JSONValue {
    var trace: [JSONValue] = [
      metadata("process_name", name: "ReducerKit store"),
      metadata("thread_name", name: "reducer"),
      metadata("thread_name", name: "effects", thread: effectThread),
    ]
    /// The name of each effect's span, which its `n` and `e` events repeat, while it is open.
    var spanNames: [Int: String] = [:]
    /// The flow a delivery started, which the reduce right after it ends.
    var pendingFlow: Int?
    var flows = 0
    var last: Int64 = 0
    for event in events {
      switch event {
      case .reduce(let name, let step, let origin, let effect, let start, let end):
        var args: [String: JSONValue] = [
          "step": .number(JSONNumber(step)), "origin": .string(origin),
        ]
        if let effect { args["effect"] = .string(identifier(effect)) }
        trace.append(
          .object(
            common(name: name, category: "action", phase: "X", at: start).merging([
              "dur": microseconds(end - start), "args": .object(args),
            ]) { $1 }))
        if let flow = pendingFlow {
          // NB: `bp: e` binds the end to the slice that encloses it: this reduce.
          trace.append(
            .object(
              common(name: "delivers", category: "flow", phase: "f", at: start).merging([
                "id": .string(identifier(flow)), "bp": .string("e"),
              ]) { $1 }))
          pendingFlow = nil
        }
        last = max(last, end)
      case .effectStarted(let id, let path, let parent, let at):
        last = max(last, at)
        let name = "effect of \(path)"
        spanNames[id] = name
        var args: [String: JSONValue] = ["path": .string(path)]
        if let parent { args["partOf"] = .string(identifier(parent)) }
        trace.append(async(name: name, phase: "b", id: id, at: at, args: args))
      case .effectEnded(let id, let cancelled, let at):
        last = max(last, at)
        trace.append(
          async(
            name: spanNames[id] ?? "effect", phase: "e", id: id, at: at,
            args: ["ending": .string(cancelled ? "cancelled" : "finished")]))
        spanNames[id] = nil
      case .effectCancelled(let id, let at):
        last = max(last, at)
        trace.append(
          async(
            name: spanNames[id] ?? "effect", phase: "n", id: id, at: at,
            args: ["cancelled": .bool(true)]))
      case .delivered(let id, let name, let at):
        last = max(last, at)
        trace.append(
          async(
            name: spanNames[id] ?? "effect", phase: "n", id: id, at: at,
            args: ["delivers": .string(name)]))
        // A slice on the effects' thread for the flow to start from (a flow binds to slices,
        // not to asynchronous events), named by the effect and the action it delivers.
        flows += 1
        trace.append(
          .object(
            common(name: "delivers \(name)", category: "effect", phase: "X", at: at)
              .merging([
                "tid": .number(JSONNumber(effectThread)), "dur": microseconds(0),
                "args": .object(["effect": .string(identifier(id))]),
              ]) { $1 }))
        trace.append(
          .object(
            common(name: "delivers", category: "flow", phase: "s", at: at).merging([
              "tid": .number(JSONNumber(effectThread)), "id": .string(identifier(flows)),
            ]) { $1 }))
        pendingFlow = flows
      }
    }
    // Work still running when the trace is written ends at its last event, marked so.
    for (id, name) in spanNames.sorted(by: { $0.key < $1.key }) {
      trace.append(
        async(name: name, phase: "e", id: id, at: last, args: ["ending": .string("unfinished")]))
    }
    return .object(["displayTimeUnit": .string("ms"), "traceEvents": .array(trace)])
  }

  private static func common(name: String, category: String, phase: String, at time: Int64)
    -> [String: JSONValue]
  {
    [
      "name": .string(name), "cat": .string(category), "ph": .string(phase),
      "ts": microseconds(time), "pid": .number(JSONNumber(process)),
      "tid": .number(JSONNumber(reducerThread)),
    ]
  }

  private static func async(
    name: String, phase: String, id: Int, at time: Int64, args: [String: JSONValue]
  ) -> JSONValue {
    .object(
      common(name: name, category: "effect", phase: phase, at: time).merging([
        "id": .string(identifier(id)), "args": .object(args),
      ]) { $1 })
  }

  private static func metadata(_ kind: String, name: String, thread: Int = reducerThread)
    -> JSONValue
  {
    .object([
      "name": .string(kind), "ph": .string("M"), "pid": .number(JSONNumber(process)),
      "tid": .number(JSONNumber(thread)), "args": .object(["name": .string(name)]),
    ])
  }

  /// An effect's id in the trace: `0x1f`, as the format's ids are written.
  private static func identifier(_ id: Int) -> String { "0x" + String(id, radix: 16) }

  /// Nanoseconds as microseconds with three decimals, exactly: `1234.567`.
  static func microseconds(_ nanoseconds: Int64) -> JSONValue {
    let whole = nanoseconds / 1000
    let fraction = String(nanoseconds % 1000)
    let text = "\(whole)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    return .number(JSONNumber(text: text) ?? JSONNumber(whole))
  }
}
