extension Effect {
  /// Makes this effect cancellable with `id`.
  ///
  /// ```swift
  /// return .run { send in … }
  ///   .cancellable(id: CancelID.search, cancelInFlight: true)
  /// ```
  ///
  /// Ids are scoped to the store that runs the effect: two stores never cancel each other's
  /// effects.
  /// - Parameters:
  ///   - id: Any hashable value; an enum case per kind of work reads best.
  ///   - cancelInFlight: Cancel the effects already running with `id` before this one starts,
  ///     so that at most one runs at a time.
  /// - Returns: The cancellable effect.
  @inlinable
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    switch operation {
    case .none:
      if cancelInFlight { return .cancel(id: id) }
      return self
    default:
      return Self(.cancellable(self, id: CancelID(id), cancelInFlight: cancelInFlight))
    }
  }

  /// An effect that cancels every running effect made cancellable with `id`.
  /// - Parameter id: The id passed to ``cancellable(id:cancelInFlight:)``.
  /// - Returns: The effect.
  @inlinable
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(.cancel(id: CancelID(id)))
  }
}

/// A type-erased cancellation id.
///
/// NB: `@unchecked Sendable` is sound because the only initializer takes a `Sendable` value; the
/// `AnyHashable` box is never exposed.
@usableFromInline
struct CancelID: Hashable, @unchecked Sendable {
  @usableFromInline let base: AnyHashable

  @usableFromInline
  init(_ base: some Hashable & Sendable) {
    if let id = base as? CancelID {
      self = id
    } else {
      self.base = AnyHashable(base)
    }
  }
}
