import ReducerKit

/// Tells whether a replay's states are a recording's, step by step, at the cost of what each
/// step changed rather than of the whole state: the replayed state is encoded reusing the
/// unchanged parts of the one before (``EncodedValue``), and when the state before matched,
/// the step's changes are compared instead of the states — equal states before and equal
/// changes make equal states after, since a state's changes are a function of the two values
/// (``StateChange/changes(from:to:)``).
package final class StateMatcher {
  private let coder: RecordingCoder
  private let encoder: CanonicalEncoder
  private let sighting: SharedSighting
  private let hints = SpliceHints()
  private var kept: EncodedValue?
  /// The replayed state last found to be the recorded one, as JSON.
  private var lastMatched: JSONValue?

  /// A matcher for a recording made with `coder`'s options.
  package init(coder: RecordingCoder) {
    self.coder = coder
    let sighting = SharedSighting()
    self.sighting = sighting
    self.encoder = coder.encoder(sighting, hints: hints)
  }

  /// Whether `state` is the state the recording kept after a step: `step` is what the step
  /// kept, `rebuilt` the state rebuilt from the recording up to it.
  /// - Throws: What encoding `state` throws.
  package func matches(
    _ state: some Encodable, step: RecordedValue, rebuilt: RecordedValue
  ) throws -> Bool {
    hints.removeAll()
    let json = try encoder.encode(state, keeping: &kept, sighting: sighting)
    defer { hints.removeAll() }
    let matched: Bool
    switch (coder.states, step, lastMatched) {
    case (.digest, _, _): matched = rebuilt == .digest(RecordingCoder.digest(json))
    case (.full, .changes(let changes), let last?):
      matched = StateChange.changes(from: last, to: json, hints: hints) == changes
    case (.full, _, _): matched = rebuilt == .full(json)
    }
    lastMatched = matched && coder.states == .full ? json : nil
    return matched
  }

  /// Notes a step whose state is not compared: the next comparison is of whole states.
  package func skip() { lastMatched = nil }
}
