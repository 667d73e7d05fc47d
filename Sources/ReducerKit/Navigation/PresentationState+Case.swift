extension PresentationState {
  /// The presented child as one case of a destination enum, to read or change in place: `nil`
  /// when nothing is presented or another case is. Setting changes the child only while it is
  /// in that case; setting `nil` dismisses it. Changing a child that is in another case changes
  /// nothing and raises a runtime warning (a test failure under a test store).
  ///
  /// ```swift
  /// await store.send(.destination(.presented(.editor(.titleChanged("Draft"))))) {
  ///   $0.$destination[case: .editor]?.title = "Draft"
  /// }
  /// ```
  /// - Parameter path: The case.
  public subscript<Case>(case path: CasePath<State, Case>) -> Case? {
    get { wrappedValue.flatMap(path.extract) }
    _modify {
      var payload = wrappedValue.flatMap(path.extract)
      let isInCase = payload != nil
      yield &payload
      write(payload, case: path, isInCase: isInCase)
    }
    set {
      write(newValue, case: path, isInCase: wrappedValue.flatMap(path.extract) != nil)
    }
  }

  /// The presented child in one case, named by a case key path: `$0.$destination[case:
  /// \.editor]?.title = "Draft"`. Reading and writing behave as `subscript(case:)`'s.
  /// - Parameter path: The case.
  public subscript<Case>(case path: CaseKeyPath<State, Case>) -> Case? {
    get { self[case: CasePath(path)] }
    set { self[case: CasePath(path)] = newValue }
  }

  /// Writes the child through its case: changes it, dismisses it (`nil`), or — when it is in
  /// another case — changes nothing and warns.
  private mutating func write<Case>(
    _ payload: Case?, case path: CasePath<State, Case>, isInCase: Bool
  ) {
    guard isInCase else {
      guard let current = wrappedValue else { return }
      reportIssueInUserCode(
        """
        A presented child was changed through a case it is not in: it is \
        \(describe(current)). Nothing changed.

        Change it through the case it is in, or present that case first.
        """)
      return
    }
    // NB: through `value`, not `wrappedValue`: changing the child in its case keeps its
    // identity (its effects), as a change made by its own reducer does; `nil` dismisses it.
    value = payload.map(path.embed)
  }
}
