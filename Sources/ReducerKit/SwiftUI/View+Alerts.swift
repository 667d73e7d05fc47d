// NB: SwiftUI exists on Apple platforms only; CI type-checks this file on Linux against a
// declaration-only stand-in of the SwiftUI API it uses (`.ci/swiftui-typecheck`).
#if canImport(SwiftUI)
  import SwiftUI

  extension View {
    /// Shows the alert a store presents, and sends its answer back.
    ///
    /// ```swift
    /// .alert(store: store, state: \.alert, action: .alert)
    /// ```
    ///
    /// A tapped button sends `.presented(action)` (animated if the button asks for it), or
    /// `.dismiss` if it has no action; dismissing the alert otherwise sends `.dismiss`.
    /// - Parameters:
    ///   - store: The store that presents the alert.
    ///   - toAlert: The alert's state: `\.alert`.
    ///   - toAction: The case that embeds the alert's presentation actions.
    /// - Returns: The view, presenting the alert while its state is set.
    @MainActor
    public func alert<State, Action, AlertAction>(
      store: Store<State, Action>,
      state toAlert: KeyPath<State, AlertState<AlertAction>?>,
      action toAction: CasePath<Action, PresentationAction<AlertAction>>
    ) -> some View {
      alert(
        AnsweredPresentation(
          store: store, state: toAlert, action: toAction, case: CasePath({ $0 }, extract: { $0 }),
          CasePath({ $0 }, extract: { $0 })))
    }

    /// Shows the alert of a destination enum's case, and sends its answer back.
    ///
    /// ```swift
    /// .alert(store: store, state: \.destination, action: .destination, case: .alert, .alert)
    /// ```
    ///
    /// As ``SwiftUI/View/alert(store:state:action:)``; the answer reaches the parent as
    /// `.presented(.alert(answer))`.
    /// - Parameters:
    ///   - store: The store that presents the destination.
    ///   - toDestination: The destination's state: `\.destination`.
    ///   - toAction: The case that embeds the destination's presentation actions.
    ///   - toAlert: The alert's case of the destination's state.
    ///   - toAlertAction: The alert's case of the destination's action.
    /// - Returns: The view, presenting the alert while that case is presented.
    @MainActor
    public func alert<State, Action, DestinationState, DestinationAction, AlertAction>(
      store: Store<State, Action>,
      state toDestination: KeyPath<State, DestinationState?>,
      action toAction: CasePath<Action, PresentationAction<DestinationAction>>,
      case toAlert: CasePath<DestinationState, AlertState<AlertAction>>,
      _ toAlertAction: CasePath<DestinationAction, AlertAction>
    ) -> some View {
      alert(
        AnsweredPresentation(
          store: store, state: toDestination, action: toAction, case: toAlert, toAlertAction))
    }

    /// Shows the confirmation dialog a store presents, and sends its answer back.
    ///
    /// ```swift
    /// .confirmationDialog(store: store, state: \.dialog, action: .dialog)
    /// ```
    ///
    /// Like ``SwiftUI/View/alert(store:state:action:)``.
    /// - Parameters:
    ///   - store: The store that presents the dialog.
    ///   - toDialog: The dialog's state: `\.dialog`.
    ///   - toAction: The case that embeds the dialog's presentation actions.
    /// - Returns: The view, presenting the dialog while its state is set.
    @MainActor
    public func confirmationDialog<State, Action, DialogAction>(
      store: Store<State, Action>,
      state toDialog: KeyPath<State, ConfirmationDialogState<DialogAction>?>,
      action toAction: CasePath<Action, PresentationAction<DialogAction>>
    ) -> some View {
      confirmationDialog(
        AnsweredPresentation(
          store: store, state: toDialog, action: toAction, case: CasePath({ $0 }, extract: { $0 }),
          CasePath({ $0 }, extract: { $0 })))
    }

    /// Shows the confirmation dialog of a destination enum's case, and sends its answer back.
    ///
    /// ```swift
    /// .confirmationDialog(
    ///   store: store, state: \.destination, action: .destination, case: .confirm, .confirm)
    /// ```
    ///
    /// Like ``SwiftUI/View/alert(store:state:action:case:_:)``.
    /// - Parameters:
    ///   - store: The store that presents the destination.
    ///   - toDestination: The destination's state: `\.destination`.
    ///   - toAction: The case that embeds the destination's presentation actions.
    ///   - toDialog: The dialog's case of the destination's state.
    ///   - toDialogAction: The dialog's case of the destination's action.
    /// - Returns: The view, presenting the dialog while that case is presented.
    @MainActor
    public func confirmationDialog<
      State, Action, DestinationState, DestinationAction, DialogAction
    >(
      store: Store<State, Action>,
      state toDestination: KeyPath<State, DestinationState?>,
      action toAction: CasePath<Action, PresentationAction<DestinationAction>>,
      case toDialog: CasePath<DestinationState, ConfirmationDialogState<DialogAction>>,
      _ toDialogAction: CasePath<DestinationAction, DialogAction>
    ) -> some View {
      confirmationDialog(
        AnsweredPresentation(
          store: store, state: toDestination, action: toAction, case: toDialog, toDialogAction))
    }

    @MainActor
    fileprivate func alert<AlertAction>(
      _ presentation: AnsweredPresentation<AlertState<AlertAction>, AlertAction>
    ) -> some View {
      let alert = presentation.value()
      return self.alert(
        Text(verbatim: alert?.title.string ?? ""),
        isPresented: presentation.isPresented,
        presenting: alert,
        actions: { alert in
          ForEach(alert.buttons.indices, id: \.self) { index in
            presentation.button(alert.buttons[index])
          }
        },
        message: { alert in
          if let message = alert.message { Text(verbatim: message.string) }
        }
      )
    }

    @MainActor
    fileprivate func confirmationDialog<DialogAction>(
      _ presentation: AnsweredPresentation<ConfirmationDialogState<DialogAction>, DialogAction>
    ) -> some View {
      let dialog = presentation.value()
      let visibility: Visibility =
        switch dialog?.titleVisibility ?? .automatic {
        case .automatic: .automatic
        case .visible: .visible
        case .hidden: .hidden
        }
      return self.confirmationDialog(
        Text(verbatim: dialog?.title.string ?? ""),
        isPresented: presentation.isPresented,
        titleVisibility: visibility,
        presenting: dialog,
        actions: { dialog in
          ForEach(dialog.buttons.indices, id: \.self) { index in
            presentation.button(dialog.buttons[index])
          }
        },
        message: { dialog in
          if let message = dialog.message { Text(verbatim: message.string) }
        }
      )
    }
  }

  /// An alert or a dialog a store presents, directly or as a case of a destination: its value,
  /// whether it is shown, and its buttons' answers.
  @MainActor
  private struct AnsweredPresentation<Value, Answer> {
    let value: @MainActor () -> Value?
    let isShown: @MainActor () -> Bool
    let dismiss: @MainActor () -> Void
    let answer: @MainActor (Answer) -> Void

    init<State, Action, DestinationState, DestinationAction>(
      store: Store<State, Action>,
      state: KeyPath<State, DestinationState?>,
      action: CasePath<Action, PresentationAction<DestinationAction>>,
      case toValue: CasePath<DestinationState, Value>,
      _ toAnswer: CasePath<DestinationAction, Answer>
    ) {
      value = { store.state[keyPath: state].flatMap(toValue.extract) }
      isShown = { store.state[keyPath: state].flatMap(toValue.extract) != nil }
      dismiss = {
        store.dismissPresented(state: state, action: action) { toValue.extract($0) != nil }
      }
      answer = { store.send(action.embed(.presented(toAnswer.embed($0)))) }
    }

    /// Shown while the value is set; setting `false` sends `.dismiss` if it still is (a tapped
    /// button may already have dismissed it).
    var isPresented: Binding<Bool> {
      let isShown = isShown
      let dismiss = dismiss
      return Binding(
        get: { MainActor.assumeIsolated { isShown() } },
        set: { isPresented in
          if !isPresented { MainActor.assumeIsolated { dismiss() } }
        }
      )
    }

    /// A SwiftUI button for `button`, sending its answer (or `.dismiss`).
    func button(_ button: ButtonState<Answer>) -> Button<Text> {
      // NB: `nonisolated(unsafe)`: the button's action runs on the main actor (it assumes it).
      nonisolated(unsafe) let button = button
      let role: ButtonRole? =
        switch button.role {
        case .cancel: .cancel
        case .destructive: .destructive
        case nil: nil
        }
      let answer = answer
      let dismiss = dismiss
      return Button(role: role) {
        MainActor.assumeIsolated {
          guard let action = button.action, let reply = action.action else {
            dismiss()
            return
          }
          if action.isAnimated {
            withAnimation { answer(reply) }
          } else {
            answer(reply)
          }
        }
      } label: {
        Text(verbatim: button.label.string)
      }
    }
  }
#endif
