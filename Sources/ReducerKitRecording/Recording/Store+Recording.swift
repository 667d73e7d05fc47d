import ReducerKit

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
      initialState: initialState, reducer: reducer,
      prepareDependencies: Self.recordingDependencies(prepareDependencies),
      hook: Self.recordingHook(recorder, { $0 }))
  }

  /// The store's dependencies as a recording store makes them: its stacks' ids from a counter
  /// of its own, from where the process's was, so that the recording says where they start and
  /// a replay makes the same ones.
  @inlinable
  static func recordingDependencies(
    _ prepareDependencies: ((inout DependencyValues) -> Void)?
  ) -> (inout DependencyValues) -> Void {
    { dependencies in
      dependencies.stackElementID = dependencies.stackElementID.copy()
      prepareDependencies?(&dependencies)
    }
  }

  /// What makes the hook of a store recorded into `recorder`: the recording hook, or what `hook`
  /// makes of it (it paired with a tracer's).
  @inlinable
  static func recordingHook<Hook: StoreHook<State, Action>>(
    _ recorder: StoreRecorder, _ hook: @escaping (RecordingHook<State, Action>) -> Hook
  ) -> (State, DependencyValues) -> Hook {
    { state, dependencies in
      hook(
        RecordingHook(
          recorder, initialState: state,
          nextStackElementID: dependencies.stackElementID.nextID.rawValue))
    }
  }
}

extension Store where State: Encodable & Sendable, Action: Encodable & Sendable {
  /// Creates a store that records what happens to it into `recorder`, encoding the steps it
  /// keeps off the main actor (see ``StoreRecorder/Encoding/deferred``): a feature whose state
  /// and actions are `Sendable` values, which any thread may read.
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
      initialState: initialState, reducer: reducer,
      prepareDependencies: Self.recordingDependencies(prepareDependencies),
      hook: Self.recordingHook(recorder) { $0.encodesOffMainActor() })
  }
}
