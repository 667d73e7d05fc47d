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

  /// The numbers of the redacted values this coder has written.
  let sensitiveNumbers = SensitiveValueNumbers()

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

  /// An encoder that redacts as this coder does, marks `sighting` for shared values, notes
  /// the sets and dictionaries it meets in `collections` and where its arrays kept runs of the
  /// JSON before in `hints`.
  func encoder(
    _ sighting: SharedSighting?, collections: UnorderedCollections? = nil,
    hints: SpliceHints? = nil
  ) -> CanonicalEncoder {
    var encoder = CanonicalEncoder()
    if let collections { encoder.userInfo[.unorderedCollections] = collections }
    if let hints { encoder.userInfo[.spliceHints] = hints }
    if !allowsSensitiveValues {
      encoder.userInfo[.redactsSensitiveValues] = true
      encoder.userInfo[.sensitiveValueNumbering] = sensitiveNumbers
    }
    if let sighting {
      encoder.userInfo[.sharedSighting] = sighting
      encoder.sighting = sighting
    }
    return encoder
  }

  /// The digest of `json`'s canonical text.
  package static func digest(_ json: JSONValue) -> String {
    JSONWriter.digest(of: json)
  }

  /// 64-bit FNV-1a, in hex: stable across runs and platforms (unlike `Hasher`).
  static func digest(_ data: some Sequence<UInt8>) -> String {
    JSONWriter.hex(JSONWriter.fnv1a(data, into: JSONWriter.fnvBasis))
  }
}

/// Numbers the sensitive values a coder redacts, in the order it first sees them: `█████ 1` for
/// the first value, `█████ 2` for another, the same number wherever the same value is.
///
/// A replay decodes the recording's `█████ 2` as the value itself; numbering it again gives 2,
/// so a replayed state holds the number of the recorded value it was given: a reducer that
/// stops writing a sensitive value, or writes another one, fails at that step. The values are
/// kept only as digests salted at random per coder: the table holds no secret, and its
/// digests cannot be compared across coders.
final class SensitiveValueNumbers: SensitiveValueNumbering {
  private let salt = Array("\(UInt64.random(in: .min ... .max)):".utf8)
  private let numbers = LockedValue<(byDigest: [String: Int], highest: Int)>(([:], 0))

  func number(for value: some Encodable, at codingPath: [any CodingKey]) -> Int? {
    guard let json = try? CanonicalEncoder().encode(value) else { return nil }
    let marker = StateDump.redactedText + " "
    if case .string(let text) = json, text.hasPrefix(marker),
      let number = Int(text.dropFirst(marker.count)), number > 0
    {
      // A recorded value, read back in a replay: it is that value.
      numbers.withLock { $0.highest = max($0.highest, number) }
      return number
    }
    var writer = JSONWriter(indented: false)
    writer.write(json)
    let digest = RecordingCoder.digest(salt + writer.utf8)
    return numbers.withLock { numbers in
      if let number = numbers.byDigest[digest] { return number }
      numbers.highest += 1
      numbers.byDigest[digest] = numbers.highest
      return numbers.highest
    }
  }
}
