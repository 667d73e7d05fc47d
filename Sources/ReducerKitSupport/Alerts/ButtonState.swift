/// A button of an alert or a confirmation dialog, as data: its label, its role, and the action
/// it sends.
///
/// ```swift
/// ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
/// ButtonState(role: .cancel) { TextState("Cancel") }
/// ```
///
/// Tapping it sends its action as `.presented(action)` through the presentation, which then
/// dismisses the alert; a button with no action (such as Cancel) just dismisses it.
public struct ButtonState<Action> {
  /// What the button does.
  public var role: ButtonStateRole?
  /// What it sends when tapped; `nil` dismisses without an action.
  public var action: ButtonStateAction<Action>?
  /// Its label.
  public var label: TextState

  /// Creates a button that sends `action`.
  /// - Parameters:
  ///   - role: The button's role, if any.
  ///   - action: The action it sends, or `nil` to only dismiss.
  ///   - label: Its label.
  public init(
    role: ButtonStateRole? = nil, action: ButtonStateAction<Action>?,
    label: () -> TextState
  ) {
    self.role = role
    self.action = action
    self.label = label()
  }

  /// Creates a button that sends `action`.
  /// - Parameters:
  ///   - role: The button's role, if any.
  ///   - action: The action it sends.
  ///   - label: Its label.
  public init(role: ButtonStateRole? = nil, action: Action, label: () -> TextState) {
    self.init(role: role, action: .send(action), label: label)
  }

  /// Creates a button that only dismisses (a Cancel or OK button).
  /// - Parameters:
  ///   - role: The button's role, if any.
  ///   - label: Its label.
  public init(role: ButtonStateRole? = nil, label: () -> TextState) {
    self.init(role: role, action: nil, label: label)
  }

  /// The same button, sending `transform(action)` instead.
  /// - Parameter transform: Turns the button's action into another.
  /// - Returns: The transformed button.
  public func map<NewAction>(_ transform: (Action) -> NewAction) -> ButtonState<NewAction> {
    ButtonState<NewAction>(role: role, action: action.map { $0.map(transform) }) { label }
  }
}

/// What a button is for, which decides how it is drawn.
public enum ButtonStateRole: Equatable, Hashable, Sendable {
  /// Dismisses without doing anything.
  case cancel
  /// Deletes or discards something.
  case destructive
}

/// The action a button sends, and whether the change it causes is animated.
public struct ButtonStateAction<Action> {
  /// The action, or `nil` to only dismiss.
  public let action: Action?
  /// Whether the view animates the change (on Apple platforms; ignored elsewhere).
  public let isAnimated: Bool

  /// Sends `action`, animated or not.
  /// - Parameters:
  ///   - action: The action, or `nil` to only dismiss.
  ///   - animated: Whether the view animates the change it causes.
  /// - Returns: The button action.
  public static func send(_ action: Action?, animated: Bool = false) -> Self {
    Self(action: action, isAnimated: animated)
  }

  /// The same, sending `transform(action)`.
  /// - Parameter transform: Turns the action into another.
  /// - Returns: The transformed button action.
  public func map<NewAction>(_ transform: (Action) -> NewAction) -> ButtonStateAction<NewAction> {
    ButtonStateAction<NewAction>(action: action.map(transform), isAnimated: isAnimated)
  }
}

extension ButtonState: Equatable where Action: Equatable {}
extension ButtonState: Hashable where Action: Hashable {}
extension ButtonState: Sendable where Action: Sendable {}
extension ButtonStateAction: Equatable where Action: Equatable {}
extension ButtonStateAction: Hashable where Action: Hashable {}
extension ButtonStateAction: Sendable where Action: Sendable {}
/// Written field by field, for recordings (`StoreRecorder` (ReducerKitRecording)).
extension ButtonState: Codable where Action: Codable {}
/// Written field by field, for recordings (`StoreRecorder` (ReducerKitRecording)).
extension ButtonStateAction: Codable where Action: Codable {}
/// Written as its name, for recordings (`StoreRecorder` (ReducerKitRecording)).
extension ButtonStateRole: Codable {}

/// Builds the buttons of an alert or a dialog.
@resultBuilder
public enum ButtonStateBuilder<Action> {
  /// Collects the buttons.
  public static func buildBlock(_ buttons: [ButtonState<Action>]...) -> [ButtonState<Action>] {
    buttons.flatMap { $0 }
  }
  /// One button.
  public static func buildExpression(_ button: ButtonState<Action>) -> [ButtonState<Action>] {
    [button]
  }
  /// Buttons from an `if` without `else`.
  public static func buildOptional(_ buttons: [ButtonState<Action>]?) -> [ButtonState<Action>] {
    buttons ?? []
  }
  /// Buttons from the first branch of an `if`/`else`.
  public static func buildEither(first buttons: [ButtonState<Action>]) -> [ButtonState<Action>] {
    buttons
  }
  /// Buttons from the second branch of an `if`/`else`.
  public static func buildEither(second buttons: [ButtonState<Action>]) -> [ButtonState<Action>] {
    buttons
  }
  /// Buttons from a `for` loop.
  public static func buildArray(_ buttons: [[ButtonState<Action>]]) -> [ButtonState<Action>] {
    buttons.flatMap { $0 }
  }
}
