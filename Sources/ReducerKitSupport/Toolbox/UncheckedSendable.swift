/// A value its owner vouches is safe to send across concurrency domains, though its type does not
/// say so — a platform object handed to one effect and used only there.
///
/// ```swift
/// let request = UncheckedSendable(SFSpeechAudioBufferRecognitionRequest())
/// return .run { send in
///   for try await result in await speechClient.startTask(request) { … }
/// }
/// ```
///
/// Nothing is checked: the value must not be used from two domains at once. Prefer a `Sendable`
/// type; this is for types you do not own.
@dynamicMemberLookup
public struct UncheckedSendable<Value>: @unchecked Sendable {
  // NB: `@unchecked Sendable` by the caller's word: the type exists to carry a value whose owner
  // guarantees it is not used from two domains at once.
  /// The value.
  public var value: Value

  /// Wraps a value.
  /// - Parameter value: The value.
  public init(_ value: Value) { self.value = value }

  /// Reads (and writes) a property of the value: `request.shouldReportPartialResults`.
  /// - Parameter keyPath: The property.
  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Subject {
    get { value[keyPath: keyPath] }
    set { value[keyPath: keyPath] = newValue }
  }

  /// Reads a property of the value.
  /// - Parameter keyPath: The property.
  public subscript<Subject>(dynamicMember keyPath: KeyPath<Value, Subject>) -> Subject {
    value[keyPath: keyPath]
  }
}

extension UncheckedSendable: Equatable where Value: Equatable {}
extension UncheckedSendable: Hashable where Value: Hashable {}
