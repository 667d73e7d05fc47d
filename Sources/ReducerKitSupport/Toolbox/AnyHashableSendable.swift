/// A type-erased hashable and sendable value: an id whose type a reusable feature does not know,
/// such as a cancellation id built from an element's id.
///
/// ```swift
/// struct CancelID: Hashable, Sendable { let id: AnyHashableSendable }
/// return .run { … }.cancellable(id: CancelID(id: AnyHashableSendable(state.id)))
/// ```
///
/// Two are equal when they wrap equal values of the same type.
public struct AnyHashableSendable: Hashable, Sendable {
  /// The wrapped value.
  public let base: any Hashable & Sendable

  /// Wraps a value.
  /// - Parameter base: The value.
  public init(_ base: some Hashable & Sendable) {
    if let already = base as? AnyHashableSendable {
      self = already
    } else {
      self.base = base
    }
  }

  /// Whether both wrap equal values of the same type.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    AnyHashable(lhs.base) == AnyHashable(rhs.base)
  }

  /// Hashes the wrapped value.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(AnyHashable(base))
  }
}

extension AnyHashableSendable: CustomStringConvertible {
  /// The wrapped value's description.
  public var description: String { String(describing: base) }
}

extension AnyHashableSendable: ExpressibleByStringLiteral {
  /// Wraps a string.
  /// - Parameter value: The string.
  public init(stringLiteral value: String) { self.init(value) }
}

extension AnyHashableSendable: ExpressibleByIntegerLiteral {
  /// Wraps an integer.
  /// - Parameter value: The integer.
  public init(integerLiteral value: Int) { self.init(value) }
}
