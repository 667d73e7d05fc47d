extension IdentifiedArray: Equatable where Element: Equatable {
  /// Two collections are equal when they hold equal elements in the same order.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs._elements == rhs._elements
  }
}

extension IdentifiedArray: Hashable where Element: Hashable {
  /// Hashes the elements in order.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(_elements)
  }
}
