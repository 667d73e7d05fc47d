extension Store where State: Encodable, Action: Encodable {
  /// Creates a store that records what happens to it into `recorder` (see ``StoreRecorder``).
  ///
  /// ```swift
  /// let recorder = StoreRecorder()
  /// let store = Store(initialState: Articles.State(), recordingTo: recorder) { Articles() }
  /// ```
  ///
  /// It behaves as the store's other initializers, and also writes down every
  /// action that reaches it, with its origin, the effects it started and cancelled, and the
  /// state after it.
  /// - Parameters:
  ///   - initialState: The feature's first state.
  ///   - recorder: Where to record; one recorder records one store.
  ///   - reducer: Builds the feature's reducer.
  ///   - prepareDependencies: Overrides dependencies for this store and all its effects.
  @inlinable
  public convenience init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> State,
    recordingTo recorder: StoreRecorder,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) {
    // NB: the store makes its stacks' ids with a counter of its own, from where the process's
    // was, so that the recording says where they start and a replay makes the same ones.
    let core = Self.makeCore(
      initialState: initialState, reducer: reducer,
      { dependencies in
        dependencies.stackElementID = dependencies.stackElementID.copy()
        prepareDependencies?(&dependencies)
      },
      hook: { state, dependencies in
        RecordingHook(
          recorder, initialState: state,
          nextStackElementID: dependencies.stackElementID.nextID.rawValue)
      })
    self.init(core: core)
  }
}
