/// The actions of a navigation stack, as its parent sees them.
///
/// ```swift
/// enum Action {
///   case path(StackAction<Path.State, Path.Action>)
/// }
/// ```
public enum StackAction<State, Action> {
  /// An action of the screen with `id`.
  case element(id: StackElementID, action: Action)
  /// Pops the screen with `id` and every screen above it (a back button, a swipe, or
  /// `@Dependency(\.dismiss)` in the screen).
  case popFrom(id: StackElementID)
  /// Pushes `state` with `id` (a navigation link in the view).
  case push(id: StackElementID, state: State)
}

extension StackAction: Equatable where State: Equatable, Action: Equatable {}
extension StackAction: Hashable where State: Hashable, Action: Hashable {}
extension StackAction: Sendable where State: Sendable, Action: Sendable {}
/// Written with its case as the key (`{"element": {"id": 0, "action": …}}`), for recordings
/// (``StoreRecorder``).
extension StackAction: Codable where State: Codable, Action: Codable {}

extension CasePath {
  /// The actions of the stack screen with `id`: `.path.element(id: 0)`.
  /// - Parameter id: The screen's id.
  /// - Returns: A case path to that screen's actions.
  public func element<ElementState, ElementAction>(
    id: StackElementID
  ) -> CasePath<EnumRoot, ElementAction>
  where CaseValue == StackAction<ElementState, ElementAction> {
    appending(
      path: CasePath<StackAction<ElementState, ElementAction>, ElementAction>({
        .element(id: id, action: $0)
      }) {
        if case .element(id, let action) = $0 { action } else { nil }
      })
  }
}

/// The stack action of a path reducer: `StackActionOf<Path>` is
/// `StackAction<Path.State, Path.Action>`.
public typealias StackActionOf<R: Reducer> = StackAction<R.State, R.Action>
