/// The actions of a presented child, as its parent sees them: the child's own, or a dismissal.
///
/// ```swift
/// enum Action {
///   case destination(PresentationAction<Destination.Action>)
/// }
/// ```
///
/// `ifLet(_:action:destination:)` handles both: it runs
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
/// Written with its case as the key (`{"dismiss": {}}`), for recordings (`StoreRecorder` (ReducerKitRecording)).
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

extension PresentationAction: CasePathable {
  /// The cases: `\.destination.presented`, `\.destination.dismiss`, and each case of the
  /// presented feature's action directly, `\.destination.alert`.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }

  /// The case paths of ``PresentationAction``; a case of the presented action steps over
  /// `presented` by itself.
  @dynamicMemberLookup
  public struct AllCasePaths: Sendable {
    /// The `presented` case.
    public var presented: CasePath<PresentationAction, Action> { .presented }

    /// The `dismiss` case.
    public var dismiss: CasePath<PresentationAction, Void> {
      CasePath({ .dismiss }, extract: { if case .dismiss = $0 { () } else { nil } })
    }

    /// A case of the presented feature's action, through `presented`: `\.destination.alert`.
    /// - Parameter keyPath: The case, in the presented action.
    public subscript<Member>(
      dynamicMember keyPath: CaseKeyPath<Action, Member>
    ) -> CasePath<PresentationAction, Member> where Action: CasePathable {
      CasePath<PresentationAction, Action>.presented.appending(
        path: CasePath<Action, Member>(keyPath))
    }

    /// A case of the presented feature's action as a presentation action of its own, for
    /// `ifLet(\.$destination, action: \.destination.edit)`: `dismiss` maps to `dismiss`.
    /// - Parameter keyPath: The case, in the presented action.
    @_disfavoredOverload
    public subscript<Member>(
      dynamicMember keyPath: CaseKeyPath<Action, Member>
    ) -> CasePath<PresentationAction, PresentationAction<Member>> where Action: CasePathable {
      let path = CasePath<Action, Member>(keyPath)
      return CasePath(
        {
          switch $0 {
          case .dismiss: .dismiss
          case .presented(let member): .presented(path.embed(member))
          }
        },
        extract: {
          switch $0 {
          case .dismiss: .dismiss
          case .presented(let action): path.extract(action).map { .presented($0) }
          }
        })
    }
  }
}
