/// The actions of a presented child, as its parent sees them: the child's own, or a dismissal.
///
/// ```swift
/// enum Action {
///   case destination(PresentationAction<Destination.Action>)
/// }
/// ```
///
/// ``Reducer/ifLet(_:action:destination:fileID:filePath:line:column:)`` handles both: it runs
/// the child for `.presented`, and for `.dismiss` sets the child to `nil` and cancels its
/// effects (after the parent has seen the action).
public enum PresentationAction<Action> {
  /// An action of the presented child.
  case presented(Action)
  /// Dismisses the child: sent by the view (a sheet swiped away), by the child through
  /// `@Dependency(\.dismiss)`, or by the parent.
  case dismiss
}

extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Hashable where Action: Hashable {}
extension PresentationAction: Sendable where Action: Sendable {}
/// Written with its case as the key (`{"dismiss": {}}`), for recordings (``StoreRecorder``).
extension PresentationAction: Codable where Action: Codable {}

/// ``PresentationAction``, for composing case paths through its cases
/// (`.destination.presented`).
public protocol _PresentationActionCases: SendableMetatype {
  /// The presented child's action.
  associatedtype ChildAction
  /// The child's action, if this is `.presented`.
  var _presented: ChildAction? { get }
  /// Wraps a child action.
  static func _presented(_ action: ChildAction) -> Self
}

extension PresentationAction: _PresentationActionCases {
  /// The child's action, if this is `.presented`.
  public var _presented: Action? { if case .presented(let action) = self { action } else { nil } }
  /// Wraps a child action.
  public static func _presented(_ action: Action) -> Self { .presented(action) }
}

extension CasePath where EnumRoot: _PresentationActionCases, CaseValue == EnumRoot.ChildAction {
  /// A presentation's child actions, as the second step of a two-step path:
  /// `store.receive(.destination, .presented)`.
  public static var presented: Self {
    CasePath(EnumRoot._presented, extract: { $0._presented })
  }
}

extension CasePath where CaseValue: _PresentationActionCases {
  /// The presented child's actions: `.destination.presented`. Chain the child's own cases with
  /// ``CasePath/appending(path:)``.
  public var presented: CasePath<EnumRoot, CaseValue.ChildAction> {
    appending(path: .presented)
  }
}
