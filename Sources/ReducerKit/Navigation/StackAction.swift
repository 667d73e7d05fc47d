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
/// (`StoreRecorder` (ReducerKitRecording)).
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

extension StackAction: CasePathable {
  /// The cases: `\.path.push`, `\.path.popFrom`, `\.path.element`, and one element's actions by
  /// id, `\.path[id: 0]`.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }

  /// The case paths of ``StackAction``.
  public struct AllCasePaths: Sendable {
    /// The `element(id:action:)` case.
    public var element: CasePath<StackAction, (id: StackElementID, action: Action)> {
      CasePath(
        { .element(id: $0.id, action: $0.action) },
        extract: {
          if case .element(let id, let action) = $0 { (id: id, action: action) } else { nil }
        })
    }

    /// The `popFrom(id:)` case.
    public var popFrom: CasePath<StackAction, StackElementID> {
      CasePath({ .popFrom(id: $0) }, extract: { if case .popFrom(let id) = $0 { id } else { nil } })
    }

    /// The `push(id:state:)` case.
    public var push: CasePath<StackAction, (id: StackElementID, state: State)> {
      CasePath(
        { .push(id: $0.id, state: $0.state) },
        extract: { if case .push(let id, let state) = $0 { (id: id, state: state) } else { nil } })
    }

    /// The actions of the element with `id`: `\.path[id: 0].detail`.
    /// - Parameter id: The element's id.
    public subscript(id id: StackElementID) -> CasePath<StackAction, Action> {
      CasePath(
        { .element(id: id, action: $0) },
        extract: { if case .element(id, let action) = $0 { action } else { nil } })
    }
  }
}
