// NB: SwiftUI exists on Apple platforms only. This file is not compiled on Linux, where the kit
// is built and tested; it uses only long-standing SwiftUI API (iOS 15, macOS 12).
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
    /// `.dismiss` if it has no action; dismissing the alert otherwise sends `.dismiss`. Only on
    /// Apple platforms: it is not built on Linux.
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
      let alert = store.state[keyPath: toAlert]
      return self.alert(
        Text(verbatim: alert?.title.string ?? ""),
        isPresented: store._presentationBinding(toAlert, toAction),
        presenting: alert,
        actions: { alert in
          ForEach(alert.buttons.indices, id: \.self) { index in
            store._button(alert.buttons[index], toAction)
          }
        },
        message: { alert in
          if let message = alert.message { Text(verbatim: message.string) }
        }
      )
    }

    /// Shows the confirmation dialog a store presents, and sends its answer back.
    ///
    /// ```swift
    /// .confirmationDialog(store: store, state: \.dialog, action: .dialog)
    /// ```
    ///
    /// Like `alert(store:state:action:)`. Only on Apple platforms: it is not built on Linux.
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
      let dialog = store.state[keyPath: toDialog]
      let visibility: Visibility =
        switch dialog?.titleVisibility ?? .automatic {
        case .automatic: .automatic
        case .visible: .visible
        case .hidden: .hidden
        }
      return self.confirmationDialog(
        Text(verbatim: dialog?.title.string ?? ""),
        isPresented: store._presentationBinding(toDialog, toAction),
        titleVisibility: visibility,
        presenting: dialog,
        actions: { dialog in
          ForEach(dialog.buttons.indices, id: \.self) { index in
            store._button(dialog.buttons[index], toAction)
          }
        },
        message: { dialog in
          if let message = dialog.message { Text(verbatim: message.string) }
        }
      )
    }
  }

  extension Store {
    /// Whether the state at `toValue` is presented; setting `false` sends `.dismiss` if it
    /// still is (a tapped button may already have dismissed it).
    @MainActor
    fileprivate func _presentationBinding<Value, ChildAction>(
      _ toValue: KeyPath<State, Value?>,
      _ toAction: CasePath<Action, PresentationAction<ChildAction>>
    ) -> Binding<Bool> {
      // NB: `nonisolated(unsafe)`: the binding's closures run on the main actor (they assume
      // it), where the key path is only read.
      nonisolated(unsafe) let toValue = toValue
      return Binding(
        get: { MainActor.assumeIsolated { self.state[keyPath: toValue] != nil } },
        set: { isPresented in
          MainActor.assumeIsolated {
            if !isPresented, self.state[keyPath: toValue] != nil {
              self.send(toAction.embed(.dismiss))
            }
          }
        }
      )
    }

    /// A SwiftUI button for `button`, sending its action through `toAction`.
    @MainActor
    fileprivate func _button<ChildAction>(
      _ button: ButtonState<ChildAction>,
      _ toAction: CasePath<Action, PresentationAction<ChildAction>>
    ) -> Button<Text> {
      // NB: `nonisolated(unsafe)`: the button's action runs on the main actor (it assumes it).
      nonisolated(unsafe) let button = button
      let role: ButtonRole? =
        switch button.role {
        case .cancel: .cancel
        case .destructive: .destructive
        case nil: nil
        }
      return Button(role: role) {
        MainActor.assumeIsolated {
          guard let action = button.action, let answer = action.action else {
            self.send(toAction.embed(.dismiss))
            return
          }
          if action.isAnimated {
            withAnimation { _ = self.send(toAction.embed(.presented(answer))) }
          } else {
            self.send(toAction.embed(.presented(answer)))
          }
        }
      } label: {
        Text(verbatim: button.label.string)
      }
    }
  }
#endif
