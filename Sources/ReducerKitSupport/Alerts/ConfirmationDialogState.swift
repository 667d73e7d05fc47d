/// A confirmation dialog (an action sheet) as data: a title, an optional message and buttons.
///
/// ```swift
/// state.destination = .confirmHide(
///   ConfirmationDialogState(titleVisibility: .visible) {
///     TextState("Hide this article?")
///   } actions: {
///     ButtonState(role: .destructive, action: .hide(id)) { TextState("Hide") }
///     ButtonState(role: .cancel) { TextState("Cancel") }
///   })
/// ```
///
/// Like ``AlertState``, a tapped button's action comes back as `.presented(action)` and the
/// dialog is dismissed.
public struct ConfirmationDialogState<Action>: _EphemeralState {
  /// Whether the title is shown.
  public var titleVisibility: ConfirmationDialogStateTitleVisibility
  /// The title.
  public var title: TextState
  /// The message under the title, if any.
  public var message: TextState?
  /// The buttons, in order.
  public var buttons: [ButtonState<Action>]

  /// Creates a dialog.
  /// - Parameters:
  ///   - titleVisibility: Whether the title is shown.
  ///   - title: The title.
  ///   - actions: The buttons.
  ///   - message: The message, if any.
  public init(
    titleVisibility: ConfirmationDialogStateTitleVisibility = .automatic,
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.titleVisibility = titleVisibility
    self.title = title()
    self.buttons = actions()
    self.message = message?()
  }

  /// The same dialog, with buttons sending `transform(action)`.
  /// - Parameter transform: Turns each button's action into another.
  /// - Returns: The transformed dialog.
  public func map<NewAction>(
    _ transform: (Action) -> NewAction
  ) -> ConfirmationDialogState<NewAction> {
    let buttons = self.buttons.map { $0.map(transform) }
    var result = ConfirmationDialogState<NewAction>(titleVisibility: titleVisibility) {
      title
    }
    result.buttons = buttons
    result.message = message
    return result
  }
}

extension ConfirmationDialogState: Equatable where Action: Equatable {}
extension ConfirmationDialogState: Hashable where Action: Hashable {}
extension ConfirmationDialogState: Sendable where Action: Sendable {}
/// Written field by field, for recordings (`StoreRecorder` (ReducerKitRecording)).
extension ConfirmationDialogState: Codable where Action: Codable {}

/// Whether a confirmation dialog's title is shown.
public enum ConfirmationDialogStateTitleVisibility: Equatable, Hashable, Sendable, Codable {
  /// As the platform decides.
  case automatic
  /// Always.
  case visible
  /// Never.
  case hidden
}
