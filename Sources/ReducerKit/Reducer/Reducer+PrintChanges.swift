extension Reducer {
  /// Logs every action and the state change it caused, as a readable diff.
  ///
  /// ```swift
  /// Store(initialState: Feature.State()) {
  ///   Feature().printChanges()
  /// }
  /// ```
  ///
  /// ```
  /// received action:
  ///   Feature.Action.incrementTapped
  ///   Feature.State(
  /// −   count: 0
  /// +   count: 1
  ///   )
  /// ```
  ///
  /// Sensitive values print as `█████`. Use it while debugging; it formats the state on every
  /// action.
  /// - Parameter printer: Receives each log entry; prints to standard output by default.
  /// - Returns: The logging reducer.
  public func printChanges(
    to printer: @escaping @Sendable (String) -> Void = { print($0) }
  ) -> _PrintChanges<Self> {
    _PrintChanges(base: self, printer: printer)
  }
}

/// The reducer returned by ``Reducer/printChanges(to:)``.
public struct _PrintChanges<Base: Reducer>: Reducer {
  let base: Base
  let printer: @Sendable (String) -> Void

  /// Runs the base reducer and logs the action and the change.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let before = state
    let effect = base.reduce(into: &state, action: action)
    var entry = "received action:\n" + indent(StateDump.dump(action))
    if let diff = StateDump.diff(before, state) {
      entry += "\n" + diff
    } else {
      entry += "\n  (No state changes)"
    }
    printer(entry)
    return effect
  }

  private func indent(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
      .joined(separator: "\n")
  }
}
