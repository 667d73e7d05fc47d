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
  /// events a category and id, each `e` and `n` inside an open `b` of the same id and name.
  public static func validate(_ events: [[String: Any]]) throws {
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
