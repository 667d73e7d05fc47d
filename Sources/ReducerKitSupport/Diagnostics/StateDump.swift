import Foundation

/// Prints any value as an indented structure, and diffs two values, showing only what changed.
///
/// It powers TestStore failure messages and the `printChanges` debug log. It reads values with
/// `Mirror`, which is fine off the hot path: a dump or diff is only made when a message needs it.
package enum StateDump {
  /// The text shown in place of a sensitive value.
  package static let redactedText = "█████"

  /// The structure of `value`, one element per line.
  package static func dump(_ value: Any) -> String {
    var printer = Printer()
    printer.write(value, label: nil, indent: 0, marker: " ")
    return printer.lines.map { String($0.dropFirst(2)) }.joined(separator: "\n")
  }

  /// A line diff of `expected` against `actual`: lines only in `expected` start with `−`, lines
  /// only in `actual` with `+`, and runs of unchanged elements are folded into a count.
  /// Returns `nil` when the two dump the same.
  package static func diff(_ expected: Any, _ actual: Any) -> String? {
    if isEqual(expected, actual) == true { return nil }
    var printer = Printer()
    printer.diff(expected, actual, label: nil, indent: 0)
    let text = printer.lines.joined(separator: "\n")
    return printer.lines.contains(where: { $0.first != " " }) ? text : nil
  }

  /// `value` as it dumps now, kept: a later ``diff(_:_:)`` against it shows the value of each
  /// shared (reference) part as it was when frozen, not as it is when the diff is made.
  package static func frozen(_ value: Any) -> Any {
    Printer().frozen(value)
  }

  /// `List.State` rather than `MyModule.List.State`.
  package static func typeName(_ type: Any.Type) -> String { Printer.typeName(type) }

  /// `text` without the runtime's `(unknown context at $…).` (see `typeName`).
  static func withoutUnknownContexts(_ text: String) -> String {
    Printer.withoutUnknownContexts(text)
  }

  /// Whether two values are equal, if their type is `Equatable`; `nil` if it is not.
  package static func isEqual(_ lhs: Any, _ rhs: Any) -> Bool? {
    guard let lhs = lhs as? any Equatable else { return nil }
    return lhs.isEqual(to: rhs)
  }
}

/// A type whose values print as `█████` in dumps and diffs.
package protocol DumpRedacted {}

/// A wrapper that dumps as the value it wraps (a presented child's `PresentationState` dumps as
/// the optional child; its backing `_destination` shows as `destination`).
package protocol DumpTransparent {
  var dumpedValue: Any { get }
}

/// A type that dumps as a list of keyed children (an identified collection prints its elements
/// keyed by id, so that a diff aligns them by id rather than by position).
package protocol DumpKeyedCollection {
  var dumpEntries: [(key: AnyHashable, keyText: String, value: Any)] { get }
}

extension Equatable {
  fileprivate func isEqual(to other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}

/// A value's shape as it was when ``StateDump/frozen(_:)`` took it.
private struct FrozenShape {
  let shape: Shape
}

private struct Shape {
  enum Kind: Equatable {
    case leaf, structure, collection, keyed, set
    case enumCase(String)
    case optional
  }
  var kind: Kind
  var open: String
  var close: String
  var leafText: String
  var children: [(label: String?, key: AnyHashable?, value: Any)]
}

private struct Printer {
  var lines: [String] = []
  var visited: Set<ObjectIdentifier> = []

  mutating func emit(_ marker: Character, _ indent: Int, _ text: String) {
    lines.append("\(marker) " + String(repeating: "  ", count: indent) + text)
  }

  // NB: built unoptimized (CONTRIBUTING, "Compile-cost notes").
  @_optimize(none)
  mutating func write(
    _ value: Any, label: String?, indent: Int, marker: Character, comma: Bool = false
  ) {
    let prefix = label.map { "\($0): " } ?? ""
    let suffix = comma ? "," : ""
    let shape = shape(of: value)
    if shape.kind == .leaf || shape.children.isEmpty {
      let text = shape.kind == .leaf ? shape.leafText : shape.open + shape.close
      emit(marker, indent, prefix + text + suffix)
      return
    }
    if case .optional = shape.kind, let wrapped = shape.children.first {
      write(wrapped.value, label: label, indent: indent, marker: marker, comma: comma)
      return
    }
    let object = (value as AnyObject?).flatMap {
      Mirror(reflecting: value).displayStyle == .class ? ObjectIdentifier($0) : nil
    }
    if let object {
      guard visited.insert(object).inserted else {
        emit(marker, indent, prefix + shape.open + "↩︎" + shape.close + suffix)
        return
      }
    }
    defer { if let object { visited.remove(object) } }
    emit(marker, indent, prefix + shape.open)
    for (offset, child) in shape.children.enumerated() {
      write(
        child.value, label: child.label, indent: indent + 1, marker: marker,
        comma: offset < shape.children.count - 1)
    }
    emit(marker, indent, shape.close + suffix)
  }

  // NB: built unoptimized (CONTRIBUTING, "Compile-cost notes").
  @_optimize(none)
  mutating func diff(
    _ expected: Any, _ actual: Any, label: String?, indent: Int, comma: Bool = false
  ) {
    let old = shape(of: expected)
    let new = shape(of: actual)
    let prefix = label.map { "\($0): " } ?? ""
    let suffix = comma ? "," : ""
    guard old.kind != .leaf, old.kind == new.kind, old.open == new.open else {
      write(expected, label: label, indent: indent, marker: "−", comma: comma)
      write(actual, label: label, indent: indent, marker: "+", comma: comma)
      return
    }
    if case .optional = old.kind, let a = old.children.first, let b = new.children.first {
      diff(a.value, b.value, label: label, indent: indent, comma: comma)
      return
    }
    emit(" ", indent, prefix + old.open)
    let pairs = align(old, new)
    var unchanged = 0
    func flushUnchanged() {
      if unchanged > 0 {
        emit(" ", indent + 1, "… (\(unchanged) unchanged)")
        unchanged = 0
      }
    }
    for (offset, pair) in pairs.enumerated() {
      let isLast = offset == pairs.count - 1
      switch (pair.old, pair.new) {
      case (let a?, let b?):
        if same(a.value, b.value) {
          unchanged += 1
        } else {
          flushUnchanged()
          diff(a.value, b.value, label: a.label, indent: indent + 1, comma: !isLast)
        }
      case (let a?, nil):
        flushUnchanged()
        write(a.value, label: a.label, indent: indent + 1, marker: "−", comma: !isLast)
      case (nil, let b?):
        flushUnchanged()
        write(b.value, label: b.label, indent: indent + 1, marker: "+", comma: !isLast)
      case (nil, nil):
        break
      }
    }
    flushUnchanged()
    emit(" ", indent, old.close + suffix)
  }

  typealias Child = (label: String?, key: AnyHashable?, value: Any)

  // NB: built unoptimized (CONTRIBUTING, "Compile-cost notes").
  @_optimize(none)
  func align(_ old: Shape, _ new: Shape) -> [(old: Child?, new: Child?)] {
    switch old.kind {
    case .keyed, .set:
      var result: [(old: Child?, new: Child?)] = []
      var newByKey: [AnyHashable: Child] = [:]
      for child in new.children { if let key = child.key { newByKey[key] = child } }
      var seen: Set<AnyHashable> = []
      for child in old.children {
        guard let key = child.key else { continue }
        seen.insert(key)
        result.append((child, newByKey[key]))
      }
      for child in new.children where child.key.map({ !seen.contains($0) }) ?? false {
        result.append((nil, child))
      }
      return result
    default:
      let count = max(old.children.count, new.children.count)
      return (0..<count).map { index in
        (
          index < old.children.count ? old.children[index] : nil,
          index < new.children.count ? new.children[index] : nil
        )
      }
    }
  }

  // NB: built unoptimized (CONTRIBUTING, "Compile-cost notes").
  @_optimize(none)
  func same(_ a: Any, _ b: Any) -> Bool {
    if let equal = StateDump.isEqual(a, b) { return equal }
    return StateDump.dump(a) == StateDump.dump(b)
  }

  /// `value`'s shape, with its children's shapes, taken now (see ``StateDump/frozen(_:)``).
  // NB: built unoptimized (CONTRIBUTING, "Compile-cost notes").
  @_optimize(none)
  func frozen(_ value: Any) -> FrozenShape {
    var shape = shape(of: value)
    shape.children = shape.children.map { ($0.label, $0.key, frozen($0.value)) }
    return FrozenShape(shape: shape)
  }

  // NB: built unoptimized (CONTRIBUTING, "Compile-cost notes").
  @_optimize(none)
  func shape(of value: Any) -> Shape {
    if let frozen = value as? FrozenShape { return frozen.shape }
    if let transparent = value as? any DumpTransparent {
      return shape(of: transparent.dumpedValue)
    }
    if value is any DumpRedacted {
      return Shape(kind: .leaf, open: "", close: "", leafText: StateDump.redactedText, children: [])
    }
    if let keyed = value as? any DumpKeyedCollection {
      return Shape(
        kind: .keyed, open: "[", close: "]", leafText: "",
        children: keyed.dumpEntries.map { ("[\($0.keyText)]", $0.key, $0.value) })
    }
    switch value {
    case let string as String:
      return leaf(string.debugDescription)
    case let character as Character:
      return leaf(String(character).debugDescription)
    // NB: values a user reads as one thing, whose mirrors show their storage (a `URL` on Linux
    // shows about 600 characters of it): printed as the best-known library's dump prints them.
    case let url as URL:
      return leaf("URL(\(url.absoluteString))")
    case let date as Date:
      return leaf(
        "Date(\(date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))))")
    case let text as any CustomStringConvertible
    where value is any Numeric || value is Bool || value is any StringProtocol:
      return leaf(text.description)
    default:
      break
    }
    let mirror = Mirror(reflecting: value)
    let typeName = Self.typeName(type(of: value))
    switch mirror.displayStyle {
    case .optional:
      guard let wrapped = mirror.children.first else { return leaf("nil") }
      return Shape(
        kind: .optional, open: "", close: "", leafText: "", children: [(nil, nil, wrapped.value)])
    case .collection:
      return Shape(
        kind: .collection, open: "[", close: "]", leafText: "",
        children: mirror.children.enumerated().map { ("[\($0.offset)]", nil, $0.element.value) })
    case .dictionary:
      let entries = mirror.children.compactMap { child -> (String, AnyHashable, Any)? in
        let pair = Mirror(reflecting: child.value).children.map(\.value)
        guard pair.count == 2 else { return nil }
        let keyText = StateDump.dump(pair[0])
        return (keyText, (pair[0] as? AnyHashable) ?? AnyHashable(keyText), pair[1])
      }
      .sorted { $0.0 < $1.0 }
      return Shape(
        kind: .keyed, open: "[", close: "]", leafText: entries.isEmpty ? "[:]" : "",
        children: entries.map { ("[\($0.0)]", $0.1, $0.2) })
    case .set:
      let elements = mirror.children.map { (StateDump.dump($0.value), $0.value) }
        .sorted { $0.0 < $1.0 }
      return Shape(
        kind: .set, open: "Set([", close: "])", leafText: "",
        children: elements.map { (nil, AnyHashable($0.0), $0.1) })
    case .enum:
      guard let payload = mirror.children.first else {
        return leaf("\(typeName).\(String(describing: value))")
      }
      let caseName = payload.label ?? "?"
      let payloadMirror = Mirror(reflecting: payload.value)
      let fields: [Child] =
        payloadMirror.displayStyle == .tuple
        ? payloadMirror.children.map { (Self.tupleLabel($0.label), nil, $0.value) }
        : [(nil, nil, payload.value)]
      return Shape(
        kind: .enumCase(caseName), open: "\(typeName).\(caseName)(", close: ")", leafText: "",
        children: fields)
    case .tuple:
      return Shape(
        kind: .structure, open: "(", close: ")", leafText: "",
        children: mirror.children.map { (Self.tupleLabel($0.label), nil, $0.value) })
    case .struct, .class:
      if mirror.children.isEmpty, let text = value as? any CustomStringConvertible {
        return leaf(text.description)
      }
      return Shape(
        kind: .structure, open: "\(typeName)(", close: ")", leafText: "",
        children: mirror.children.map { (Self.fieldLabel($0.label, $0.value), nil, $0.value) })
    default:
      return leaf(String(describing: value))
    }
  }

  func leaf(_ text: String) -> Shape {
    Shape(kind: .leaf, open: "", close: "", leafText: text, children: [])
  }

  /// `email` rather than the backing storage name `_email` of a `@Sensitive var email` (or of
  /// a `@Presents var destination`).
  static func fieldLabel(_ label: String?, _ value: Any) -> String? {
    guard let label, label.hasPrefix("_"),
      value is any DumpRedacted || value is any DumpTransparent
    else { return label }
    return String(label.dropFirst())
  }

  static func tupleLabel(_ label: String?) -> String? {
    guard let label, !label.hasPrefix(".") else { return nil }
    return label
  }

  /// `List.State` rather than `MyModule.List.State`, and `Int` rather than `Swift.Int`; a
  /// private type without the runtime's `(unknown context at $…)`, an address that differs from
  /// process to process (it made recordings and messages differ between runs).
  // NB: built unoptimized (CONTRIBUTING, "Compile-cost notes").
  @_optimize(none)
  static func typeName(_ type: Any.Type) -> String {
    let full = withoutUnknownContexts(String(reflecting: type))
    var result = ""
    var token = ""
    for character in full {
      if character.isLetter || character.isNumber || character == "_" || character == "." {
        token.append(character)
      } else {
        result += stripModule(token)
        token = ""
        result.append(character)
      }
    }
    result += stripModule(token)
    return result
  }

  /// `text` without each `(unknown context at $…).`.
  static func withoutUnknownContexts(_ text: String) -> String {
    let marker = "(unknown context at $"
    guard text.contains(marker) else { return text }
    var result = ""
    var rest = text[...]
    while let start = rest.range(of: marker) {
      result += rest[..<start.lowerBound]
      guard let close = rest[start.upperBound...].firstIndex(of: ")") else {
        rest = rest[start.lowerBound...]
        break
      }
      rest = rest[rest.index(after: close)...]
      if rest.first == "." { rest = rest.dropFirst() }
    }
    return result + rest
  }

  static func stripModule(_ qualified: String) -> String {
    let parts = qualified.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count > 1 else { return qualified }
    return parts.dropFirst().joined(separator: ".")
  }
}

/// A value on one line, as messages show it: the state dump's form (so `@Sensitive` values stay
/// hidden), folded. The one description every ReducerKit message uses.
@usableFromInline
package func describe(_ value: Any) -> String {
  StateDump.dump(value).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    .joined(separator: " ")
    .replacingOccurrences(of: "( ", with: "(").replacingOccurrences(of: " )", with: ")")
    .replacingOccurrences(of: "[ ", with: "[").replacingOccurrences(of: " ]", with: "]")
}
