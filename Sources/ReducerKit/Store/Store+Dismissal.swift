extension Store {
  /// Whether the root feature dismissed itself: an effect of the root feature called
  /// `@Dependency(\.dismiss)`. Its effects were cancelled then. Observable: an app's window or
  /// scene code can close when it becomes `true`.
  ///
  /// ```swift
  /// if store.isDismissed { window.close() }
  /// ```
  public var isDismissed: Bool { root.runtime.dismissal.isDismissed }
}
