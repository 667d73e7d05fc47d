/// A value that must never be printed: it shows as `█████` in every printed form.
///
/// ```swift
/// struct State: Equatable {
///   var name: String
///   @Sensitive var email: String
/// }
/// print(state)   // State(name: "Ada", _email: █████)
/// ```
///
/// State dumps, test store diffs, `printChanges` logs, `description`, `debugDescription`,
/// `dump` and string interpolation all print `█████`, and so does a `Recording` (ReducerKitRecording) unless its
/// recorder allows sensitive values. Equality, hashing and coding use the real value, so tests
/// still compare it.
@propertyWrapper
public struct Sensitive<Value> {
  /// The real value.
  public var wrappedValue: Value

  /// Marks `wrappedValue` sensitive.
  public init(wrappedValue: Value) {
    self.wrappedValue = wrappedValue
  }

  /// The wrapper itself, to pass the value on still marked sensitive.
  public var projectedValue: Sensitive<Value> {
    get { self }
    set { self = newValue }
  }
}

extension Sensitive: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable,
  DumpRedacted
{
  /// `█████`.
  public var description: String { StateDump.redactedText }
  /// `█████`.
  public var debugDescription: String { StateDump.redactedText }
  /// A mirror with no children, so that reflection shows nothing of the value.
  public var customMirror: Mirror {
    Mirror(self, children: [(label: String?, value: Any)](), displayStyle: .struct)
  }
}

extension Sensitive: Equatable where Value: Equatable {}
extension Sensitive: Hashable where Value: Hashable {}
extension Sensitive: Sendable where Value: Sendable {}

extension Sensitive: Encodable where Value: Encodable {
  /// Encodes the real value; in a recording (`StoreRecorder` (ReducerKitRecording)) that does not allow sensitive
  /// values, `█████ 1` instead: the number tells the values recorded at one place apart (`█████
  /// 2` is another value than `█████ 1`), so that a change shows and a replay sees it, and it
  /// says nothing else about the value.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    if encoder.userInfo[.redactsSensitiveValues] as? Bool == true {
      try container.encode(StateDump.redactedText(for: wrappedValue, in: encoder))
      return
    }
    try container.encode(wrappedValue)
  }
}

extension Sensitive: Decodable where Value: Decodable {
  /// Decodes the real value.
  public init(from decoder: any Decoder) throws {
    self.init(wrappedValue: try decoder.singleValueContainer().decode(Value.self))
  }
}
