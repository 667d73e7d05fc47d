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
/// Written as `{"element": {"id": …, "action": …}}`, for recordings (`StoreRecorder` (ReducerKitRecording)).
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

extension IdentifiedAction: CasePathable {
  /// The cases: `\.rows.element`, and one element's actions by id, `\.rows[id: row.id]`.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }

  /// The case paths of ``IdentifiedAction``.
  public struct AllCasePaths: Sendable {
    /// The `element(id:action:)` case.
    public var element: CasePath<IdentifiedAction, (id: ID, action: Action)> {
      CasePath(
        { .element(id: $0.id, action: $0.action) },
        extract: {
          if case .element(let id, let action) = $0 { (id: id, action: action) } else { nil }
        })
    }

    /// The actions of the element with `id`: `\.rows[id: 3].toggled`.
    /// - Parameter id: The element's id.
    public subscript(id id: ID) -> CasePath<IdentifiedAction, Action> {
      CasePath(
        { .element(id: id, action: $0) },
        extract: { if case .element(id, let action) = $0 { action } else { nil } })
    }
  }
}
