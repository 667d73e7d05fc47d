/// Who sent an action a store reduced: what a ``StoreHook`` is told with each action.
public enum ActionOrigin: Equatable, Sendable, CustomStringConvertible {
  /// Sent from outside the store: a view, the user, the app.
  case outside
  /// Delivered by an effect of the feature instance at `path` (`rows[id: 3] → detail`, or
  /// `the root feature`).
  case effect(path: String)
  /// No action: the state changed outside the store's reducers — a shared value written by an
  /// effect, another store or another process. The step's action is `null`; its state is the
  /// state the next action found.
  case changedOutside

  /// `outside`, or `an effect of rows[id: 3]`.
  public var description: String {
    switch self {
    case .outside: "outside"
    case .changedOutside: "a change outside the store's reducers"
    case .effect(let path): "an effect of \(path)"
    }
  }
}
