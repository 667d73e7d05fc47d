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
