import ReducerKit

/// Writes a tracer's events in the Chrome trace event format, as Perfetto and
/// `chrome://tracing` read it: complete events (`X`) for reduces on one thread, and nestable
/// asynchronous events (`b`, `n`, `e`) for effect work, with times in microseconds.
enum TraceEventFormat {
  /// The process and thread ids every event carries.
  static let process = 1
  static let reducerThread = 1

  /// `{"displayTimeUnit": "ms", "traceEvents": [...]}`.
  static func document(_ events: [StoreTracer.Event]) -> JSONValue {
    var trace: [JSONValue] = [
      metadata("process_name", name: "ReducerKit store"),
      metadata("thread_name", name: "reducer"),
    ]
    /// The name of each effect's span, which its `n` and `e` events repeat.
    var spanNames: [Int: String] = [:]
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
      case .effectStarted(let id, let path, let parent, let at):
        let name = "effect of \(path)"
        spanNames[id] = name
        var args: [String: JSONValue] = ["path": .string(path)]
        if let parent { args["partOf"] = .string(identifier(parent)) }
        trace.append(async(name: name, phase: "b", id: id, at: at, args: args))
      case .effectEnded(let id, let cancelled, let at):
        trace.append(
          async(
            name: spanNames[id] ?? "effect", phase: "e", id: id, at: at,
            args: ["ending": .string(cancelled ? "cancelled" : "finished")]))
      case .effectCancelled(let id, let at):
        trace.append(
          async(
            name: spanNames[id] ?? "effect", phase: "n", id: id, at: at,
            args: ["cancelled": .bool(true)]))
      case .delivered(let id, let name, let at):
        trace.append(
          async(
            name: spanNames[id] ?? "effect", phase: "n", id: id, at: at,
            args: ["delivers": .string(name)]))
      }
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

  private static func metadata(_ kind: String, name: String) -> JSONValue {
    .object([
      "name": .string(kind), "ph": .string("M"), "pid": .number(JSONNumber(process)),
      "tid": .number(JSONNumber(reducerThread)), "args": .object(["name": .string(name)]),
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
