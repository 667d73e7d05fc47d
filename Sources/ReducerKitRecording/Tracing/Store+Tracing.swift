import ReducerKit

extension Store {
  /// Creates a store that writes a trace of what happens to it into `tracer` (see
  /// ``StoreTracer``): how long each action's reduce took, and when its effects started,
  /// delivered actions, finished and were cancelled.
  ///
  /// ```swift
  /// let tracer = StoreTracer()
  /// let store = Store(initialState: Articles.State(), tracingTo: tracer) { Articles() }
  /// ```
  /// - Parameters:
  ///   - initialState: The feature's first state.
  ///   - tracer: Where to trace; one tracer traces one store.
  ///   - reducer: Builds the feature's reducer.
  ///   - prepareDependencies: Overrides dependencies for this store and all its effects.
  @inlinable
  public convenience init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> State,
    tracingTo tracer: StoreTracer,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) {
    self.init(
      initialState: initialState, reducer: reducer, prepareDependencies: prepareDependencies,
      hook: { _, _ in TracingHook<State, Action>(tracer) })
  }
}

extension Store where State: Encodable, Action: Encodable {
  /// Creates a store that both records what happens to it (see ``StoreRecorder``) and traces
  /// it (see ``StoreTracer``).
  /// - Parameters:
  ///   - initialState: The feature's first state.
  ///   - recorder: Where to record.
  ///   - tracer: Where to trace.
  ///   - reducer: Builds the feature's reducer.
  ///   - prepareDependencies: Overrides dependencies for this store and all its effects.
  @inlinable
  public convenience init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> State,
    recordingTo recorder: StoreRecorder,
    tracingTo tracer: StoreTracer,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) {
    self.init(
      initialState: initialState, reducer: reducer,
      prepareDependencies: Self.recordingDependencies(prepareDependencies),
      hook: Self.recordingHook(recorder) { HookPair($0, TracingHook<State, Action>(tracer)) })
  }
}

extension Store where State: Encodable & Sendable, Action: Encodable & Sendable {
  /// Creates a store that both records what happens to it (see ``StoreRecorder``), encoding the
  /// steps it keeps off the main actor, and traces it (see ``StoreTracer``): a feature whose
  /// state and actions are `Sendable` values.
  /// - Parameters:
  ///   - initialState: The feature's first state.
  ///   - recorder: Where to record.
  ///   - tracer: Where to trace.
  ///   - reducer: Builds the feature's reducer.
  ///   - prepareDependencies: Overrides dependencies for this store and all its effects.
  @inlinable
  public convenience init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> State,
    recordingTo recorder: StoreRecorder,
    tracingTo tracer: StoreTracer,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) {
    self.init(
      initialState: initialState, reducer: reducer,
      prepareDependencies: Self.recordingDependencies(prepareDependencies),
      hook: Self.recordingHook(recorder) {
        HookPair($0.encodesOffMainActor(), TracingHook<State, Action>(tracer))
      })
  }
}
