/// Text that state holds for a view to draw — an alert's title, a button's label — as a plain,
/// comparable value.
///
/// ```swift
/// TextState("Delete this article?")
/// ```
public struct TextState: Equatable, Hashable, Sendable {
  /// The text.
  public var string: String

  /// Creates text from a string.
  /// - Parameter string: The text.
  public init(_ string: String) {
    self.string = string
  }

  /// Creates text from a string, as written.
  /// - Parameter string: The text.
  public init(verbatim string: String) {
    self.string = string
  }
}

extension TextState: ExpressibleByStringInterpolation {
  /// Creates text from a literal: `"Saved"`.
  public init(stringLiteral value: String) {
    self.init(value)
  }
}

extension TextState: CustomStringConvertible {
  /// The text.
  public var description: String { string }
}

extension TextState: Codable {
  /// Writes the text as a string, for recordings (`StoreRecorder` (ReducerKitRecording)).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(string)
  }

  /// Reads the text from a string.
  public init(from decoder: any Decoder) throws {
    self.init(try decoder.singleValueContainer().decode(String.self))
  }
}

extension TextState: DumpTransparent {
  package var dumpedValue: Any { string }
}
