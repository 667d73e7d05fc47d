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
    self.init(
      core: Self.makeRecordingCore(
        initialState: initialState, reducer: reducer, recordingTo: recorder,
        prepareDependencies, hook: { $0 }))
  }

  /// A root for `reducer` recorded into `recorder`, watched by the hook `hook` makes of the
  /// recording hook (itself, or it paired with a tracer's).
  @inlinable
  static func makeRecordingCore<R: Reducer<State, Action>, Hook: StoreHook<State, Action>>(
    initialState: () -> State, reducer: () -> R, recordingTo recorder: StoreRecorder,
    _ prepareDependencies: ((inout DependencyValues) -> Void)?,
    hook: (RecordingHook<State, Action>) -> Hook
  ) -> RootCore<_EmbeddedChild<R>, Hook> {
    // NB: the store makes its stacks' ids with a counter of its own, from where the process's
    // was, so that the recording says where they start and a replay makes the same ones.
    makeCore(
      initialState: initialState, reducer: reducer,
      { dependencies in
        dependencies.stackElementID = dependencies.stackElementID.copy()
        prepareDependencies?(&dependencies)
      },
      hook: { state, dependencies in
        hook(
          RecordingHook(
            recorder, initialState: state,
            nextStackElementID: dependencies.stackElementID.nextID.rawValue))
      })
  }
}
