import Foundation

/// Turns states and actions into what a recording keeps: JSON with ``Sensitive`` values written
/// as `█████` (unless allowed), and digests. A replay encodes its states the same way, so that a
/// redacted or digested state compares equal exactly when the real one would.
package struct RecordingCoder: Sendable {
  /// How states are kept.
  package let states: StateRecording
  /// Whether ``Sensitive`` values are written as they are.
  package let allowsSensitiveValues: Bool

  /// A coder for a recording made with these options.
  package init(states: StateRecording, allowsSensitiveValues: Bool) {
    self.states = states
    self.allowsSensitiveValues = allowsSensitiveValues
  }

  /// `value`'s JSON, keys sorted.
  package func json(_ value: some Encodable) throws -> JSONValue {
    try JSONDecoder().decode(JSONValue.self, from: data(value))
  }

  /// `state` as the recording keeps it: its JSON, or the digest of it.
  package func record(state: some Encodable) throws -> RecordedValue {
    switch states {
    case .full: .full(try json(state))
    case .digest: .digest(Self.digest(try data(state)))
    }
  }

  /// Reads `json` as a `T`.
  package func decode<T: Decodable>(_ json: JSONValue, as _: T.Type) throws -> T {
    let data = try JSONEncoder().encode(json)
    return try JSONDecoder().decode(T.self, from: data)
  }

  private func data(_ value: some Encodable) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    if !allowsSensitiveValues { encoder.userInfo[.redactsSensitiveValues] = true }
    return try encoder.encode(value)
  }

  /// 64-bit FNV-1a, in hex: stable across runs and platforms (unlike `Hasher`).
  static func digest(_ data: Data) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in data {
      hash ^= UInt64(byte)
      hash &*= 0x100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}

extension CodingUserInfoKey {
  /// Set on an encoder to write every ``Sensitive`` value as `█████`.
  package static let redactsSensitiveValues: CodingUserInfoKey = {
    guard let key = CodingUserInfoKey(rawValue: "ReducerKit.redactsSensitiveValues") else {
      preconditionFailure("a non-empty raw value always makes a key")
    }
    return key
  }()
}
