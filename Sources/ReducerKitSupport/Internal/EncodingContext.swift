import Foundation

// What the core tells an encoder, and what an encoder tells back, when a watcher of the store
// (a recording) encodes its state: the core's types encode themselves, and only they know how
// they are kept (`Sensitive`, `Shared`). The encoders live in ReducerKitRecording.

/// Set on an encoder (``CodingUserInfoKey/sharedSighting``) to learn whether what it encoded
/// holds a ``Shared`` value.
package final class SharedSighting: Sendable {
  /// Whether a shared value was encoded.
  package let seen = AtomicCell(false)

  /// A sighting of nothing yet.
  package init() {}
}

extension CodingUserInfoKey {
  /// Set on an encoder to a ``SharedSighting`` that every ``Shared`` value encoded marks.
  package static let sharedSighting: CodingUserInfoKey = {
    guard let key = CodingUserInfoKey(rawValue: "ReducerKit.sharedSighting") else {
      preconditionFailure("a non-empty raw value always makes a key")
    }
    return key
  }()

  /// Set on an encoder to write every ``Sensitive`` value as `█████`.
  package static let redactsSensitiveValues: CodingUserInfoKey = {
    guard let key = CodingUserInfoKey(rawValue: "ReducerKit.redactsSensitiveValues") else {
      preconditionFailure("a non-empty raw value always makes a key")
    }
    return key
  }()
}

/// Set on an encoder (``CodingUserInfoKey/sensitiveValueNumbering``) that redacts, to write each
/// ``Sensitive`` value as `█████ 2`: the number tells values at one place apart (the second
/// value seen there), so that a change is visible, and says nothing else about the value.
package protocol SensitiveValueNumbering: AnyObject, Sendable {
  /// The number of `value` among the values seen at `codingPath` (from 1), or `nil` when it
  /// cannot be told (it does not encode).
  func number(for value: some Encodable, at codingPath: [any CodingKey]) -> Int?
}

extension StateDump {
  /// What a redacting `encoder` writes for the sensitive `value`: `█████ 2` when the encoder
  /// numbers redacted values, `█████` otherwise.
  package static func redactedText(for value: some Encodable, in encoder: any Encoder) -> String {
    guard
      let numbering = encoder.userInfo[.sensitiveValueNumbering] as? any SensitiveValueNumbering,
      let number = numbering.number(for: value, at: encoder.codingPath)
    else { return redactedText }
    return "\(redactedText) \(number)"
  }
}

extension CodingUserInfoKey {
  /// Set on an encoder to a ``SensitiveValueNumbering`` that numbers redacted values.
  package static let sensitiveValueNumbering: CodingUserInfoKey = {
    guard let key = CodingUserInfoKey(rawValue: "ReducerKit.sensitiveValueNumbering") else {
      preconditionFailure("a non-empty raw value always makes a key")
    }
    return key
  }()
}

/// Counts the shared values alive in the process: while there are none, no state holds one.
@usableFromInline
package enum SharedRoots {
  @inlinable package static var alive: ProcessCounter { .sharedRoots }
}
