extension Reducer {
  /// Runs `reducer` after this reducer whenever the value it reads changed.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .onChange(of: \.filter) { oldFilter, newFilter in
  ///     Reduce { state, _ in
  ///       state.visible = state.items.filter(newFilter.matches)
  ///       return .none
  ///     }
  ///   }
  /// ```
  /// - Parameters:
  ///   - value: Reads the value to watch.
  ///   - reducer: Builds the reducer to run, given the old and new values.
  /// - Returns: The combined reducer.
  public func onChange<Value: Equatable, Change: Reducer<State, Action>>(
    of value: @escaping (State) -> Value,
    @ReducerBuilder<State, Action> _ reducer:
      @escaping (
        _ oldValue: Value, _ newValue: Value
      ) -> Change
  ) -> _OnChange<Self, Value, Change> {
    _OnChange(base: self, value: value, isDuplicate: ==, change: reducer)
  }

  /// Runs `reducer` after this reducer whenever the value it reads changed, as `isDuplicate`
  /// tells: for a value that is not `Equatable`, or one compared in part.
  ///
  /// ```swift
  /// .onChange(of: \.query, removeDuplicates: { $0.text == $1.text }) { _, query in
  ///   Reduce { state, _ in .send(.search(query.text)) }
  /// }
  /// ```
  /// - Parameters:
  ///   - value: Reads the value to watch.
  ///   - isDuplicate: Whether two values count as the same (no change).
  ///   - reducer: Builds the reducer to run, given the old and new values.
  /// - Returns: The combined reducer.
  public func onChange<Value, Change: Reducer<State, Action>>(
    of value: @escaping (State) -> Value,
    removeDuplicates isDuplicate: @escaping (Value, Value) -> Bool,
    @ReducerBuilder<State, Action> _ reducer:
      @escaping (
        _ oldValue: Value, _ newValue: Value
      ) -> Change
  ) -> _OnChange<Self, Value, Change> {
    _OnChange(base: self, value: value, isDuplicate: isDuplicate, change: reducer)
  }
}

/// The reducer returned by ``Reducer/onChange(of:_:)`` and
/// ``Reducer/onChange(of:removeDuplicates:_:)``.
public struct _OnChange<Base: Reducer, Value, Change: Reducer<Base.State, Base.Action>>: Reducer {
  let base: Base
  let value: (Base.State) -> Value
  let isDuplicate: (Value, Value) -> Bool
  let change: (Value, Value) -> Change

  /// Runs the base reducer, then the change reducer if the watched value changed.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let old = value(state)
    let effect = base.reduce(into: &state, action: action)
    let new = value(state)
    guard !isDuplicate(old, new) else { return effect }
    return effect.merge(with: change(old, new).reduce(into: &state, action: action))
  }
}
