import Foundation

/// Reads a value a recording holds, written as the JSON the recording keeps: how a test that the
/// inspector writes ("Write a test") spells the states and actions of the steps it checks.
///
/// ```swift
/// await store.send(try recorded(#"{"favoriteTapped":{}}"#)) {
///   $0.isFavorite = try recorded("true")
/// }
/// ```
///
/// The type is inferred from where the value is used: the store's state or action, or the field
/// assigned. A `Sensitive` value reads as its redaction (`█████ 1`), which the real state never
/// equals: a test of a recording made without `allowsSensitiveValues` fails at a step that
/// changed a secret, naming it.
/// - Parameter json: The value's JSON.
/// - Returns: The value.
/// - Throws: `DecodingError` when the JSON is not a `T`: the type changed since the recording.
public func recorded<T: Decodable>(_ json: String) throws -> T {
  try JSONDecoder().decode(T.self, from: Data(json.utf8))
}
