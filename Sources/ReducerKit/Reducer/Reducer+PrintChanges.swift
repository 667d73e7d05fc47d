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
    _PrintChanges(base: self, printer: .customDump(to: printer))
  }

  /// Hands every action, with the state before and after it, to `printer`: the best-known
  /// library's spelling of ``printChanges(to:)``, for a printer of your own.
  ///
  /// ```swift
  /// Feature()._printChanges(.actionLabels)
  /// Feature()._printChanges(_ReducerPrinter { action, old, new in log(action, old, new) })
  /// ```
  ///
  /// The printer runs synchronously, after the reducer and before the action's effects start,
  /// so entries come in the order the store reduced the actions. `nil` prints nothing.
  /// - Parameter printer: What to do with each action; the readable diff by default.
  /// - Returns: The logging reducer.
  public func _printChanges(
    _ printer: _ReducerPrinter<State, Action>? = .customDump
  ) -> _PrintChanges<Self> {
    _PrintChanges(base: self, printer: printer)
  }
}

/// What ``Reducer/_printChanges(_:)`` does with each action and the state around it.
public struct _ReducerPrinter<State, Action>: Sendable {
  private let print: @Sendable (_ action: Action, _ oldState: State, _ newState: State) -> Void
  /// The readable diff's printer, given the old state frozen (``StateDump/frozen(_:)``) before
  /// the reducer ran, so that a shared value's change shows; `nil` for a printer of the app's.
  let printFrozen: (@Sendable (_ action: Action, _ oldState: Any, _ newState: State) -> Void)?

  /// A printer that calls `printChange` with each action, the state before it and after it.
  /// - Parameter printChange: Receives the action, the old state and the new state.
  public init(
    printChange:
      @escaping @Sendable (
        _ receivedAction: Action, _ oldState: State, _ newState: State
      ) -> Void
  ) {
    self.print = printChange
    self.printFrozen = nil
  }

  private init(
    printingFrozen printFrozen: @escaping @Sendable (Action, Any, State) -> Void
  ) {
    self.print = { action, before, after in printFrozen(action, StateDump.frozen(before), after) }
    self.printFrozen = printFrozen
  }

  /// Hands one action and the state around it to the printer.
  /// - Parameters:
  ///   - receivedAction: The action the reducer ran.
  ///   - oldState: The state before it.
  ///   - newState: The state after it.
  public func printChange(receivedAction: Action, oldState: State, newState: State) {
    print(receivedAction, oldState, newState)
  }

  /// Prints the action and a readable diff of the state to standard output, as
  /// ``Reducer/printChanges(to:)`` does.
  public static var customDump: Self { customDump(to: { Swift.print($0) }) }

  /// Prints only each action's case, its values left out (`Feature.Action.row(id:, action:
  /// .toggled)`), to standard output.
  public static var actionLabels: Self {
    Self { action, _, _ in Swift.print("received action: \(caseLabel(of: action))") }
  }

  package static func customDump(to output: @escaping @Sendable (String) -> Void) -> Self {
    Self(printingFrozen: { action, before, after in
      var entry = "received action:\n" + indented(StateDump.dump(action))
      entry += "\n" + (StateDump.diff(before, after) ?? "  (No state changes)")
      output(entry)
    })
  }

  private static func indented(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
      .joined(separator: "\n")
  }
}

/// The reducer returned by ``Reducer/printChanges(to:)`` and ``Reducer/_printChanges(_:)``.
public struct _PrintChanges<Base: Reducer>: Reducer {
  let base: Base
  let printer: _ReducerPrinter<Base.State, Base.Action>?

  /// Runs the base reducer and hands the action and the change to the printer.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    guard let printer else { return base.reduce(into: &state, action: action) }
    if let printFrozen = printer.printFrozen {
      // NB: frozen before the reducer runs: a shared value in the state is a reference, which a
      // copy of the state would show with its new value.
      let before = StateDump.frozen(state)
      let effect = base.reduce(into: &state, action: action)
      printFrozen(action, before, state)
      return effect
    }
    let before = state
    let effect = base.reduce(into: &state, action: action)
    printer.printChange(receivedAction: action, oldState: before, newState: state)
    return effect
  }
}

/// An enum value's case with its values left out, as `Action.row(id:, action: .toggled)`: the
/// labels of its payload, and the case of a payload that is itself an enum.
package func caseLabel(of value: Any) -> String {
  // NB: an action that is not an enum (a `Bool`, `Void`) is shown as it is.
  guard Mirror(reflecting: value).displayStyle == .enum else { return "\(value)" }
  return StateDump.typeName(type(of: value)) + "." + caseOnly(value)
}

private func caseOnly(_ value: Any) -> String {
  let mirror = Mirror(reflecting: value)
  guard mirror.displayStyle == .enum, let payload = mirror.children.first else {
    return "\(value)"
  }
  let name = payload.label ?? "\(value)"
  let inner = Mirror(reflecting: payload.value)
  let parts: [String]
  if inner.displayStyle == .tuple {
    parts = inner.children.map { child in
      let label = child.label.flatMap { $0.hasPrefix(".") ? nil : $0 } ?? "_"
      return label + ":" + nestedCase(child.value)
    }
  } else {
    let isEnum = inner.displayStyle == .enum
    parts = [isEnum ? "." + caseOnly(payload.value) : "_:"]
  }
  return name + "(" + parts.joined(separator: ", ") + ")"
}

/// ` .case(…)` for a value that is an enum, empty otherwise.
private func nestedCase(_ value: Any) -> String {
  Mirror(reflecting: value).displayStyle == .enum ? " ." + caseOnly(value) : ""
}
