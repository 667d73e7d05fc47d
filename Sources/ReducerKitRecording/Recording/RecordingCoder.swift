import Foundation
import ReducerKit

/// Turns states and actions into what a recording keeps: canonical JSON (``CanonicalEncoder``)
/// with `Sensitive` values written as `█████` (unless allowed), and digests. A replay encodes its states the same way, so that a
/// redacted or digested state compares equal exactly when the real one would.
package struct RecordingCoder: Sendable {
  /// How states are kept.
  package let states: StateRecording
  /// Whether `Sensitive` values are written as they are.
  package let allowsSensitiveValues: Bool

  /// A coder for a recording made with these options.
  package init(states: StateRecording, allowsSensitiveValues: Bool) {
    self.states = states
    self.allowsSensitiveValues = allowsSensitiveValues
  }

  /// `value`'s canonical JSON.
  package func json(_ value: some Encodable) throws -> JSONValue {
    try encoder(nil).encode(value)
  }

  /// `state` as the recording keeps it: its JSON, or the digest of it.
  package func record(state: some Encodable) throws -> RecordedValue {
    let json = try encoder(nil).encode(state)
    switch states {
    case .full: return .full(json)
    case .digest: return .digest(Self.digest(json))
    }
  }

  /// Reads `json` as a `T`.
  package func decode<T: Decodable>(_ json: JSONValue, as _: T.Type) throws -> T {
    var writer = JSONWriter(indented: false)
    writer.write(json)
    return try JSONDecoder().decode(T.self, from: Data(writer.utf8))
  }

  /// An encoder that redacts as this coder does, and marks `sighting` for shared values.
  func encoder(_ sighting: SharedSighting?) -> CanonicalEncoder {
    var encoder = CanonicalEncoder()
    if !allowsSensitiveValues { encoder.userInfo[.redactsSensitiveValues] = true }
    if let sighting { encoder.userInfo[.sharedSighting] = sighting }
    return encoder
  }

  /// The digest of `json`'s canonical text.
  package static func digest(_ json: JSONValue) -> String {
    var writer = JSONWriter(indented: false)
    writer.write(json)
    return digest(writer.utf8)
  }

  /// 64-bit FNV-1a, in hex: stable across runs and platforms (unlike `Hasher`).
  static func digest(_ data: some Sequence<UInt8>) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in data {
      hash ^= UInt64(byte)
      hash &*= 0x100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}
