extension Store where Action: BindableAction, Action.State == State {
  /// A field of a form's state, readable as any member and settable: setting it sends
  /// `.binding(.set(keyPath, newValue))`.
  ///
  /// ```swift
  /// store.name = "Blob"            // sends .binding(.set(\.name, "Blob"))
  /// TextField("Name", text: $store.name)   // SwiftUI, with `@Bindable var store`
  /// ```
  ///
  /// Reading it observes the field as reading any `Equatable` member does: its observers are
  /// told when it changes.
  /// - Parameter keyPath: The field.
  public subscript<Value: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<State, Value>
  ) -> Value {
    get {
      let readOnly: KeyPath<State, Value> = keyPath
      return self[dynamicMember: readOnly]
    }
    set { _ = send(.binding(.set(keyPath, newValue))) }
  }
}
