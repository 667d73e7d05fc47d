import ReducerKit

/// One change between two encoded states: what a recording keeps of a step's state, so that a
/// file grows with what changed rather than with steps × state.
///
/// A change sets the value at a path, removes an object's field, or replaces a run of an array's
/// elements (an element appended, removed or inserted is one small change).
public struct StateChange: Hashable, Sendable, CustomStringConvertible {
  /// The path from the state's root to the value changed.
  public var path: [JSONPathComponent]
  /// What changed there.
  public var operation: Operation

  /// What a change does at its path.
  public enum Operation: Hashable, Sendable {
    /// The value at the path is now this one.
    case set(JSONValue)
    /// The object field at the path is gone.
    case remove
    /// In the array at the path, `count` elements from `offset` are replaced by `elements`.
    case splice(offset: Int, count: Int, elements: [JSONValue])
    /// In the string at the path, `count` UTF-16 code units from `offset` are replaced by
    /// `text` (a long string edited where it changed: a keystroke in a note is one character
    /// written, not the note). Both ends fall between characters' Unicode scalars.
    case spliceText(offset: Int, count: Int, text: String)
  }

  /// Creates a change.
  /// - Parameters:
  ///   - path: The path of the value changed.
  ///   - operation: What changed there.
  public init(path: [JSONPathComponent], operation: Operation) {
    self.path = path
    self.operation = operation
  }

  /// `items[3].name = "Blob"`, `removed draft`, `items[2..<3] = [ … ]`, `body[5..<5] = "x"`.
  public var description: String {
    let at = JSONPathComponent.describe(path)
    switch operation {
    case .set(let value): return "\(at) = \(value.canonicalText)"
    case .remove: return "removed \(at)"
    case .splice(let offset, let count, let elements):
      // NB: a change made in code may hold any integers; their sum is not formed if it overflows.
      let (end, overflows) = offset.addingReportingOverflow(count)
      let range = overflows ? "\(offset)..<(\(offset) + \(count))" : "\(offset)..<\(end)"
      return "\(at)[\(range)] = \(JSONValue.array(elements).canonicalText)"
    case .spliceText(let offset, let count, let text):
      let (end, overflows) = offset.addingReportingOverflow(count)
      let range = overflows ? "\(offset)..<(\(offset) + \(count))" : "\(offset)..<\(end)"
      return "\(at)[\(range)] = \(JSONValue.string(text).canonicalText)"
    }
  }

  /// The changes that turn `old` into `new`: none when they are equal. Objects are compared
  /// field by field (one whose only field is replaced by another — an enum that changed case —
  /// is set whole); arrays keep their common start and end, and a middle of the same length
  /// is compared element by element, another is spliced. A long string that kept most of its
  /// text is spliced too (see ``Operation/spliceText(offset:count:text:)``).
  public static func changes(from old: JSONValue, to new: JSONValue) -> [StateChange] {
    changes(from: old, to: new, hints: nil)
  }

  /// The changes that turn `old` into `new`, where `hints` says which arrays of `new` kept runs
  /// of `old`'s identical (the changes found are the same; the runs are not compared again).
  static func changes(from old: JSONValue, to new: JSONValue, hints: SpliceHints?) -> [StateChange]
  {
    var changes: [StateChange] = []
    collect(from: old, to: new, at: [], hints: hints, into: &changes)
    return changes
  }

  private static func collect(
    from old: JSONValue, to new: JSONValue, at path: [JSONPathComponent], hints: SpliceHints?,
    into changes: inout [StateChange]
  ) {
    // NB: objects and arrays are compared as they are walked, not first as wholes: a whole
    // comparison walked every unchanged element of a growing array once more each step.
    guard !old.isIdentical(to: new) else { return }
    switch (old, new) {
    // NB: an enum that changed case (an object of one field for another): the value is set
    // whole, as it reads (`phase = {"loaded": …}`), not as one case removed and another added.
    case (.object(let before), .object(let after))
    where before.count == 1 && after.count == 1 && before.keys.first != after.keys.first:
      changes.append(StateChange(path: path, operation: .set(new)))
    case (.object(let before), .object(let after)):
      // NB: each new field looked up in the old object, and only the fields that differ sorted
      // by key (the order the changes come in): sorting every field of the new object, and
      // the union of both objects' keys when a field came or went, made a dictionary growing
      // an entry a step cost n log n a step to compare (`benchmarks --session-only growing`
      // with posts also kept by id: half of a 1,000-step session's 3.4 G instructions).
      var differing: [(key: String, was: JSONValue?, now: JSONValue?)] = []
      // NB: a dictionary's object patched by its encoding differs only in the fields it
      // changed: a timeline's reactions by post id were looked up field by field each step,
      // about 360 thousand instructions a step at 1,300 reactions (`benchmarks --session-only
      // timeline:4000`).
      if let changed = hints?.changedFields(of: before, after) {
        for key in changed {
          let (was, now) = (before[key], after[key])
          if let was, let now, was.isIdentical(to: now) { continue }
          if was != nil || now != nil { differing.append((key, was, now)) }
        }
      } else {
        var kept = 0
        for (key, now) in after {
          guard let was = before[key] else {
            differing.append((key, nil, now))
            continue
          }
          kept += 1
          if !was.isIdentical(to: now) { differing.append((key, was, now)) }
        }
        if kept < before.count {
          for (key, was) in before where after[key] == nil { differing.append((key, was, nil)) }
        }
      }
      differing.sort { $0.key.utf8Precedes($1.key) }
      for field in differing {
        switch (field.was, field.now) {
        case (let was?, let now?):
          collect(from: was, to: now, at: path + [.key(field.key)], hints: hints, into: &changes)
        case (nil, let now?):
          changes.append(StateChange(path: path + [.key(field.key)], operation: .set(now)))
        case (.some, nil):
          changes.append(StateChange(path: path + [.key(field.key)], operation: .remove))
        case (nil, nil): break
        }
      }
    case (.array(let before), .array(let after)):
      // NB: the longest equal start, then the longest equal end of the rest, as if compared
      // element by element (the changes are a function of the two values alone, which a
      // replay relies on to compare changes), found a run of identical elements at a time (an
      // element the recorder reused is identical to the one before).
      let common = min(before.count, after.count)
      // NB: runs an encoding copied from `before` into `after` are known identical: a growing
      // feed's array was compared element by element each step, about 24 instructions an
      // element (`benchmarks --session-only growing:4000`).
      let known = hints?.identicalEnds(of: before, after)
      var start = min(known?.prefix ?? 0, common)
      before.withUnsafeBufferPointer { old in
        after.withUnsafeBufferPointer { new in
          while start < common {
            start += commonPrefix(old, new, from: start)
            guard start < common, before[start] == after[start] else { break }
            start += 1
          }
        }
      }
      var end = min(known?.suffix ?? 0, common - start)
      before.withUnsafeBufferPointer { old in
        after.withUnsafeBufferPointer { new in
          while end < common - start {
            end += commonSuffix(
              UnsafeBufferPointer(rebasing: old[..<(old.count - end)]),
              UnsafeBufferPointer(rebasing: new[..<(new.count - end)]),
              upTo: common - start - end)
            guard end < common - start,
              before[before.count - 1 - end] == after[after.count - 1 - end]
            else { break }
            end += 1
          }
        }
      }
      let removed = before[start..<(before.count - end)]
      let inserted = after[start..<(after.count - end)]
      if removed.count == inserted.count {
        for (offset, (was, now)) in zip(removed, inserted).enumerated() {
          collect(
            from: was, to: now, at: path + [.index(start + offset)], hints: hints, into: &changes)
        }
      } else {
        changes.append(
          StateChange(
            path: path,
            operation: .splice(offset: start, count: removed.count, elements: Array(inserted))))
      }
    case (.string(let before), .string(let after)) where before != after:
      changes.append(StateChange(path: path, operation: textChange(from: before, to: after)))
    default:
      if old != new { changes.append(StateChange(path: path, operation: .set(new))) }
    }
  }

  /// The length in UTF-16 code units from which a string edited where it changed is spliced
  /// rather than set whole.
  static var textSpliceLength: Int { 64 }

  /// `new` as a splice of `old` — its common start and end kept, both ends between Unicode
  /// scalars — when both are long and the splice writes less than half of `new`; `new` whole
  /// otherwise.
  // NB: each keystroke in a long field had written the field whole: 4,000 keystrokes wrote a
  // 9.4 MB recording, its size the square of the steps (a note typed one character a step).
  static func textChange(from old: String, to new: String) -> Operation {
    guard old.utf16.count >= textSpliceLength, new.utf16.count >= textSpliceLength else {
      return .set(.string(new))
    }
    let (before, after) = (Array(old.utf16), Array(new.utf16))
    let common = min(before.count, after.count)
    var start = 0
    while start < common, before[start] == after[start] { start += 1 }
    var end = 0
    while end < common - start, before[before.count - 1 - end] == after[after.count - 1 - end] {
      end += 1
    }
    // NB: an end inside a surrogate pair moves out of it: what is kept is the same in both.
    if start > 0, UTF16.isLeadSurrogate(after[start - 1]) { start -= 1 }
    if end > 0, UTF16.isTrailSurrogate(after[after.count - end]) { end -= 1 }
    let inserted = after[start..<(after.count - end)]
    guard inserted.count * 2 < after.count else { return .set(.string(new)) }
    return .spliceText(
      offset: start, count: before.count - start - end,
      text: String(decoding: inserted, as: UTF16.self))
  }

  /// Applies the change to `value`.
  /// - Throws: ``StateChangeError`` if the path does not lead to a value the change can apply
  ///   to (a hand-edited or corrupted recording).
  public func apply(to value: inout JSONValue) throws {
    try Self.apply(operation, at: path[...], to: &value, whole: path)
  }

  private static func apply(
    _ operation: Operation, at path: ArraySlice<JSONPathComponent>, to value: inout JSONValue,
    whole: [JSONPathComponent]
  ) throws {
    guard let first = path.first else {
      switch operation {
      case .set(let new):
        value = new
        return
      case .remove:
        throw StateChangeError(path: whole, problem: "a removal needs a field name")
      case .splice(let offset, let count, let elements):
        guard case .array(var array) = value else {
          throw StateChangeError(path: whole, problem: "a splice needs an array")
        }
        guard offset >= 0, count >= 0, offset <= array.count, count <= array.count - offset else {
          throw StateChangeError(
            path: whole,
            problem: "\(count) elements from \(offset) are outside its \(array.count)")
        }
        // NB: the array taken out of the value first, so that it is spliced in place.
        value = .null
        array.replaceSubrange(offset..<(offset + count), with: elements)
        value = .array(array)
        return
      case .spliceText(let offset, let count, let text):
        guard case .string(let string) = value else {
          throw StateChangeError(path: whole, problem: "a text splice needs a string")
        }
        var units = Array(string.utf16)
        guard offset >= 0, count >= 0, offset <= units.count, count <= units.count - offset else {
          throw StateChangeError(
            path: whole,
            problem: "\(count) UTF-16 code units from \(offset) are outside its \(units.count)")
        }
        // NB: an end inside a character's surrogate pair would leave half of it: refused.
        guard offset == 0 || !UTF16.isLeadSurrogate(units[offset - 1]),
          offset + count == units.count || !UTF16.isTrailSurrogate(units[offset + count])
        else {
          throw StateChangeError(
            path: whole, problem: "\(offset)..<\(offset + count) splits a character's UTF-16 pair")
        }
        units.replaceSubrange(offset..<(offset + count), with: text.utf16)
        value = .string(String(decoding: units, as: UTF16.self))
        return
      }
    }
    let rest = path.dropFirst()
    // NB: the object (or array) is taken out of the value while it changes, and the field out
    // of the object, so that each is changed in place and put back after, thrown or not: a
    // growing array appended to through a field was copied whole at every step of a replay
    // (`benchmarks --sessions`, replayed). Not a `switch` over `(first, value)`: the tuple
    // held the value for the whole switch.
    switch first {
    case .key(let key):
      guard case .object(var fields) = value else {
        throw StateChangeError(path: whole, problem: "a field is read from what is not an object")
      }
      value = .null
      defer { value = .object(fields) }
      if rest.isEmpty, case .remove = operation {
        guard fields.removeValue(forKey: key) != nil else {
          throw StateChangeError(path: whole, problem: "there is no field \"\(key)\" to remove")
        }
      } else if rest.isEmpty, case .set(let new) = operation {
        fields[key] = new
      } else {
        guard var child = fields.removeValue(forKey: key) else {
          throw StateChangeError(path: whole, problem: "there is no field \"\(key)\"")
        }
        defer { fields[key] = child }
        try apply(operation, at: rest, to: &child, whole: whole)
      }
    case .index(let index):
      guard case .array(var elements) = value else {
        throw StateChangeError(path: whole, problem: "an element is read from what is not an array")
      }
      guard elements.indices.contains(index) else {
        throw StateChangeError(path: whole, problem: "index \(index) is outside \(elements.count)")
      }
      value = .null
      defer { value = .array(elements) }
      try apply(operation, at: rest, to: &elements[index], whole: whole)
    }
  }
}

/// One step of a path into a JSON value: an object's field or an array's element.
public enum JSONPathComponent: Hashable, Sendable {
  /// An object's field.
  case key(String)
  /// An array's element.
  case index(Int)

  /// `items[3].name`, or `the state` for the root.
  public static func describe(_ path: [JSONPathComponent]) -> String {
    guard !path.isEmpty else { return "the state" }
    var text = ""
    for component in path {
      switch component {
      case .key(let key): text += text.isEmpty ? key : "." + key
      case .index(let index): text += "[\(index)]"
      }
    }
    return text
  }
}

/// A change that does not apply to the state it was recorded against: the recording was edited
/// or damaged.
public struct StateChangeError: Error, CustomStringConvertible {
  /// The change's path.
  public var path: [JSONPathComponent]
  /// What is wrong there.
  public var problem: String

  /// `The change at items[3] does not apply: index 3 is outside 2.`
  public var description: String {
    "The change at \(JSONPathComponent.describe(path)) does not apply: \(problem)."
  }
}
