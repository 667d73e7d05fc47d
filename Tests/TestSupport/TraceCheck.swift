import Foundation

/// Checks a trace against the Chrome trace event format, independently of the writer (it reads
/// the file with Foundation's JSON parser).
public enum TraceCheck {
  /// What is wrong with an event.
  public struct Problem: Error, CustomStringConvertible {
    /// The event's index and the problem.
    public let description: String
  }

  /// The events of a trace file: an object with `traceEvents` (and `displayTimeUnit`).
  public static func events(_ data: Data) throws -> [[String: Any]] {
    guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
      root["displayTimeUnit"] as? String == "ms",
      let events = root["traceEvents"] as? [[String: Any]]
    else { throw Problem(description: "not a trace object with traceEvents") }
    return events
  }

  /// Every event has a name, a known phase, a process and a thread; timed ones a non-negative
  /// time; complete events a duration and no overlap on their thread unless nested; async
  /// events a category and id, each `e` and `n` inside an open `b` of the same id and name, and
  /// every `b` ended; flow events an id, each `s` at the start of a slice on its thread and
  /// each `f` (binding to the enclosing slice, `bp: e`) inside a slice on its thread, after its
  /// `s` of the same id and name, and every `s` finished.
  public static func validate(_ events: [[String: Any]]) throws {
    var open: [String: (name: String, at: Double)] = [:]
    var flows: [String: (name: String, at: Double)] = [:]
    /// The last complete event on each thread: its start and end.
    var lastSlice: [Int: (start: Double, end: Double)] = [:]
    for (index, event) in events.enumerated() {
      func fail(_ problem: String) -> Problem { Problem(description: "event \(index): \(problem)") }
      guard let name = event["name"] as? String, !name.isEmpty else { throw fail("no name") }
      guard let phase = event["ph"] as? String else { throw fail("no phase") }
      guard event["pid"] is Int, let thread = event["tid"] as? Int else {
        throw fail("no pid or tid")
      }
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
        // Slices of one thread never overlap: each starts after the one before ended.
        guard time >= lastSlice[thread]?.end ?? -.infinity else {
          throw fail("overlaps the slice before")
        }
        lastSlice[thread] = (time, time + duration)
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
      case "s", "f":
        guard let id = event["id"] as? String, !id.isEmpty else { throw fail("flow without id") }
        guard let slice = lastSlice[thread], slice.start <= time, time <= slice.end else {
          throw fail("flow \(phase) of \(id) is not in a slice of its thread")
        }
        if phase == "s" {
          guard flows[id] == nil else { throw fail("flow \(id) starts twice") }
          guard time == slice.start else { throw fail("flow \(id) does not start a slice") }
          flows[id] = (name, time)
        } else {
          guard event["bp"] as? String == "e" else { throw fail("flow end without bp: e") }
          guard let started = flows[id], started.name == name, started.at <= time else {
            throw fail("flow end \(id) without its start")
          }
          flows[id] = nil
        }
      default: throw fail("unknown phase \(phase)")
      }
    }
    if let id = open.keys.min() { throw Problem(description: "the span \(id) never ends") }
    if let id = flows.keys.min() { throw Problem(description: "the flow \(id) never ends") }
  }

  /// The reduces of a trace: its complete events of category `action`.
  public static func reduces(_ events: [[String: Any]]) -> [[String: Any]] {
    events.filter { $0["ph"] as? String == "X" && $0["cat"] as? String == "action" }
  }
}
