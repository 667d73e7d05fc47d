extension Optional {
  /// The wrapped enum's `path` case, to read or change in place: `nil` when the value is `nil`
  /// or in another case. Setting changes the value only while it is in that case.
  ///
  /// ```swift
  /// await store.send(.titleChanged("Draft")) {
  ///   $0.destination[case: .edit]?.title = "Draft"
  /// }
  /// ```
  /// - Parameter path: The case.
  public subscript<Case>(case path: CasePath<Wrapped, Case>) -> Case? {
    get { flatMap(path.extract) }
    set {
      guard let newValue, flatMap(path.extract) != nil else { return }
      self = path.embed(newValue)
    }
  }
}
