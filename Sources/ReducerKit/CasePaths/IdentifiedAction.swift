/// An action for one element of an identified collection, addressed by its id.
///
/// A list feature embeds its rows' actions in one case:
///
/// ```swift
/// enum Action {
///   case rows(IdentifiedAction<Row.State.ID, Row.Action>)
/// }
/// ```
///
/// and `forEach(_:action:element:)` runs the row reducer
/// on the element with that id, in place inside the parent's collection.
public enum IdentifiedAction<ID: Hashable & Sendable, Action> {
  /// The action `action` for the element whose id is `id`.
  case element(id: ID, action: Action)

  /// The element's id.
  public var id: ID {
    switch self {
    case .element(let id, _): id
    }
  }

  /// The element's action.
  public var action: Action {
    switch self {
    case .element(_, let action): action
    }
  }
}

extension IdentifiedAction: Equatable where Action: Equatable {}
extension IdentifiedAction: Hashable where Action: Hashable {}
extension IdentifiedAction: Sendable where Action: Sendable {}
/// Written as `{"element": {"id": …, "action": …}}`, for recordings (``StoreRecorder``).
extension IdentifiedAction: Codable where ID: Codable, Action: Codable {}

/// The ``IdentifiedAction`` of a reducer's element type: `IdentifiedActionOf<Row>`.
public typealias IdentifiedActionOf<R: Reducer> = IdentifiedAction<R.State.ID, R.Action>
where R.State: Identifiable, R.State.ID: Sendable

extension CasePath {
  /// The actions of the element with `id`: `.rows.element(id: 3)`.
  /// - Parameter id: The element's id.
  /// - Returns: A case path to that element's actions.
  public func element<ID: Hashable & Sendable, ElementAction>(
    id: ID
  ) -> CasePath<EnumRoot, ElementAction>
  where CaseValue == IdentifiedAction<ID, ElementAction> {
    appending(
      path: CasePath<IdentifiedAction<ID, ElementAction>, ElementAction>({
        .element(id: id, action: $0)
      }) {
        if case .element(id, let action) = $0 { action } else { nil }
      })
  }
}
