/// An alert as data: a title, an optional message and buttons. A feature presents it by
/// setting a `@Presents var alert: AlertState<Action.Alert>?` (or a case of a destination
/// enum), and tests assert it like any state.
///
/// ```swift
/// state.alert = AlertState {
///   TextState("Saving failed")
/// } actions: {
///   ButtonState(action: .retry) { TextState("Try again") }
///   ButtonState(role: .cancel) { TextState("Cancel") }
/// } message: {
///   TextState("The network is unreachable.")
/// }
/// ```
///
/// A tapped button's action comes back as `.presented(action)` and the alert is dismissed. The
/// terminal example app draws alerts itself; on Apple platforms a SwiftUI view shows it with
/// `.alert`, reading ``title``, ``message`` and ``buttons``.
public struct AlertState<Action>: _EphemeralState {
  /// The title.
  public var title: TextState
  /// The message under the title, if any.
  public var message: TextState?
  /// The buttons, in order; an alert with none shows a single OK button that dismisses it.
  public var buttons: [ButtonState<Action>]

  /// Creates an alert.
  /// - Parameters:
  ///   - title: The title.
  ///   - actions: The buttons.
  ///   - message: The message, if any.
  public init(
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.title = title()
    self.buttons = actions()
    self.message = message?()
  }

  /// The same alert, with buttons sending `transform(action)`.
  /// - Parameter transform: Turns each button's action into another.
  /// - Returns: The transformed alert.
  public func map<NewAction>(_ transform: (Action) -> NewAction) -> AlertState<NewAction> {
    var result = AlertState<NewAction> { title }
    result.buttons = buttons.map { $0.map(transform) }
    result.message = message
    return result
  }
}

extension AlertState: Equatable where Action: Equatable {}
extension AlertState: Hashable where Action: Hashable {}
extension AlertState: Sendable where Action: Sendable {}
/// Written field by field, for recordings (`StoreRecorder` (ReducerKitRecording)).
extension AlertState: Codable where Action: Codable {}

/// State that is dismissed as soon as it is answered: ``AlertState`` and
/// ``ConfirmationDialogState``.
public protocol _EphemeralState {
  /// The type of its buttons' actions.
  associatedtype Action
}
