extension Effect {
  /// Makes this effect cancellable with `id`.
  ///
  /// ```swift
  /// return .run { send in … }
  ///   .cancellable(id: CancelID.search, cancelInFlight: true)
  /// ```
  ///
  /// Ids belong to the feature instance that returns the effect: the same id in two rows of a
  /// list, or in two sibling copies of a feature, names two different effects. ``cancel(id:)``
  /// returned by a reducer reaches only its own instance, and two stores never cancel each
  /// other's effects.
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

  /// An effect that cancels every running effect made cancellable with `id` by the same feature
  /// instance (the same row, the same child), including the work of that instance's children
  /// that the id wraps.
  /// - Parameter id: The id passed to ``cancellable(id:cancelInFlight:)``.
  /// - Returns: The effect.
  @inlinable
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(.cancel(.id(CancelID(id))))
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

/// What a cancellation effect cancels, relative to the instance that returned it.
@usableFromInline
enum Cancellation: Sendable {
  /// The effects made cancellable with this id by the same instance.
  case id(CancelID)
  /// Every effect of the child at `component`, and of its children.
  case child(ScopeComponent)
  /// Every effect of the elements of the collection at `component` whose id fails `keeping`.
  case elements(of: ScopeComponent, keeping: ElementFilter)
}

extension Effect {
  /// Cancels the effects of the elements of the collection at `collection` for which `isPresent`
  /// is `false` (those a reducer removed). The runtime asks only about elements with effects
  /// running.
  @inlinable
  static func _cancelElements<ID: Hashable>(
    of collection: ScopeComponent, keeping isPresent: @escaping (ID) -> Bool
  ) -> Self {
    Self(
      .cancel(
        .elements(
          of: collection,
          keeping: ElementFilter { id in (id.base as? ID).map(isPresent) ?? true })))
  }
}

/// Which elements of a collection are still present, for ``Cancellation/elements(key:keeping:)``.
///
/// NB: `@unchecked Sendable`: the filter captures the collection as it was when the reducer
/// returned (a value), and the runtime calls it once, on the main actor, when it interprets the
/// cancellation.
@usableFromInline
struct ElementFilter: @unchecked Sendable {
  @usableFromInline let contains: (AnyHashable) -> Bool

  @usableFromInline
  init(_ contains: @escaping (AnyHashable) -> Bool) { self.contains = contains }
}
