import ReducerKit
import ReducerKitRecording

/// How a cancelled piece of effect work ended, read from the events of the step that cancelled
/// it, so that the page draws a screen's own dismissal and a search's replacement as what they
/// are rather than as a failure.
enum EffectEnding: String {
  /// Its feature instance went away: dismissed, popped off a stack, or removed from a
  /// collection (the step cancelled all of an instance's work, or a removed element's).
  case dismissed
  /// A newer run under the same id replaced it: the step that cancelled it started work under
  /// that id in the same instance (`cancelInFlight`).
  case replaced
  /// Cancelled by id (`.cancel(id:)`), or for a reason the recording does not say.
  case cancelled

  /// How `recording.effectSpans[index]`, which was cancelled, ended.
  /// - Parameter startedAfter: The indices of the recording's spans by the step they started
  ///   after (``spansByStart(_:)``), made once for all spans: looking through every span for
  ///   each cancelled one made a page quadratic in a session's effects.
  static func of(
    spanAt index: Int, in recording: Recording, startedAfter: [Int: [Int]]
  ) -> EffectEnding {
    let span = recording.effectSpans[index]
    guard span.wasCancelled, let end = span.endedAfter, end >= 1, end <= recording.steps.count
    else { return .cancelled }
    let events = recording.steps[end - 1].effects
    for case .cancelled(let path, let id) in events
    where (id == "removed elements" || id == "all") && isWithin(span.path, path) {
      return .dismissed
    }
    // NB: a recording made before spans named their ids: a cancel at the span's own instance
    // and work started there in the same step.
    let startedThere = (startedAfter[end] ?? []).lazy
      .filter { $0 != index && recording.effectSpans[$0].path == span.path }
      .map { recording.effectSpans[$0] }
    for case .cancelled(let path, let id) in events where path == span.path {
      let replaced =
        span.cancelIDs.isEmpty
        ? !startedThere.isEmpty
        : span.cancelIDs.contains(id) && startedThere.contains { $0.cancelIDs.contains(id) }
      if replaced { return .replaced }
    }
    return .cancelled
  }

  /// The indices of `recording`'s effect spans by the step they started after.
  static func spansByStart(_ recording: Recording) -> [Int: [Int]] {
    Dictionary(grouping: recording.effectSpans.indices) { recording.effectSpans[$0].startedAfter }
  }

  /// Whether the instance at `path` is the one at `ancestor` or inside it (`path[id: 0] → …`
  /// is within `path`; `paths` is not).
  static func isWithin(_ path: String, _ ancestor: String) -> Bool {
    guard path.hasPrefix(ancestor) else { return false }
    guard let next = path.dropFirst(ancestor.count).first else { return true }
    return next == "[" || next == "." || next == " "
  }
}
