import ReducerKit

/// Decides which steps keep their whole state among steps that keep changes: a step does once
/// the changes since the last whole state weigh as much as that state (in JSON values), so
/// that whole states take no more room, and no more time to write or read, than the changes —
/// whatever the state's size, a file grows linearly with its steps. (Every 100 steps, as
/// before, made a state that grows a post a step write a file quadratic in its steps.)
package struct CheckpointSpacing {
  /// The least weight between two whole states: a small state is not kept whole every step.
  package static let minimumWeight = 64

  private var stateWeight: Int
  private var changedWeight = 0

  /// Spacing after a whole state of `stateWeight` JSON values.
  package init(stateWeight: Int) {
    self.stateWeight = stateWeight
  }

  /// At most how many JSON values the state after the last step holds: the last whole state's,
  /// and at most what the changes since then hold.
  package var weightEstimate: Int { stateWeight + changedWeight }

  /// Whether the step whose changes are `changes`, which lead to `state`, keeps `state` whole.
  package mutating func keepsWhole(after changes: [StateChange], state: JSONValue) -> Bool {
    for change in changes { changedWeight += change.weight }
    guard changedWeight >= max(stateWeight, Self.minimumWeight) else { return false }
    stateWeight = state.weight
    changedWeight = 0
    return true
  }
}

extension StateChange {
  /// How many JSON values the change holds, its path counted as one.
  package var weight: Int {
    switch operation {
    case .set(let value): 1 + value.weight
    case .remove: 1
    case .splice(_, _, let elements): elements.reduce(1) { $0 + $1.weight }
    case .spliceText(_, _, let text): 1 + JSONValue.string(text).weight
    }
  }
}

extension JSONValue {
  /// How many JSON values this one is made of, itself included, a string counting one more for
  /// each 16 bytes of its text.
  // NB: a string counted one whatever its length: a note typed into, one text splice a step,
  // kept itself whole every 32 steps, and its recording grew with the square of the steps
  // (10,000 keystrokes: 4.9 MB).
  package var weight: Int {
    switch self {
    case .null, .bool, .number: 1
    case .string(let text): 1 + text.utf8.count / 16
    case .array(let elements): elements.reduce(1) { $0 + $1.weight }
    case .object(let fields): fields.values.reduce(1) { $0 + $1.weight }
    }
  }
}
