extension Reducer {
  /// Overrides one dependency for this reducer and the effects it starts.
  ///
  /// ```swift
  /// Onboarding()
  ///   .dependency(\.articlesClient, .sample)
  /// ```
  /// - Parameters:
  ///   - keyPath: The dependency.
  ///   - value: The value to use.
  /// - Returns: The reducer with the dependency overridden.
  public func dependency<Value: Sendable>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    _ value: Value
  ) -> _DependencyOverride<Self> {
    _DependencyOverride(base: self) { $0[keyPath: keyPath] = value }
  }

  /// Changes one dependency in place for this reducer and the effects it returns.
  ///
  /// ```swift
  /// Child()
  ///   .transformDependency(\.analytics) { $0.screen = "child" }
  /// ```
  /// - Parameters:
  ///   - keyPath: The dependency.
  ///   - transform: Changes its current value.
  /// - Returns: The reducer with the dependency changed.
  public func transformDependency<Value: Sendable>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    transform: @escaping @Sendable (inout Value) -> Void
  ) -> _DependencyOverride<Self> {
    _DependencyOverride(base: self) { transform(&$0[keyPath: keyPath]) }
  }

  /// Overrides dependencies for this reducer and the effects it starts.
  /// - Parameter update: Changes the dependencies.
  /// - Returns: The reducer with the dependencies overridden.
  public func transformDependencies(
    _ update: @escaping @Sendable (inout DependencyValues) -> Void
  ) -> _DependencyOverride<Self> {
    _DependencyOverride(base: self, update: update)
  }
}

/// The reducer returned by ``Reducer/dependency(_:_:)``.
public struct _DependencyOverride<Base: Reducer>: Reducer {
  let base: Base
  let update: @Sendable (inout DependencyValues) -> Void

  /// Runs the base reducer with the overridden dependencies, and makes its effects see them.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    var values = DependencyValues.current
    DependencyValues.setting { update(&values) }
    let context = ReduceContext(values: values)
    let effect = context.runKeepingIdleBit { base.reduce(into: &state, action: action) }
    switch effect.operation {
    case .none, .send: return effect
    default: return Effect(.dependencies(values, effect))
    }
  }
}

/// The best-known library's name for ``_DependencyOverride``, so that a ported test's
/// `let reducer: _DependencyKeyWritingReducer<Feature> = …` compiles.
public typealias _DependencyKeyWritingReducer<Base: Reducer> = _DependencyOverride<Base>

// NB: an override of an override is fused into one, so a chain of `.dependency` calls is one
// reducer that copies the dependency values once, not one nested override per call. The new
// (outer) change is applied first, so the one nearest the reducer still wins.
extension _DependencyOverride {
  /// Overrides one more dependency, fused into this override.
  ///
  /// The override already here — nearer the reducer — wins where both write the same value.
  /// - Parameters:
  ///   - keyPath: The dependency.
  ///   - value: The value to use.
  /// - Returns: One override that makes both changes.
  public func dependency<Value: Sendable>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    _ value: Value
  ) -> Self {
    fused { $0[keyPath: keyPath] = value }
  }

  /// Changes one more dependency in place, fused into this override.
  /// - Parameters:
  ///   - keyPath: The dependency.
  ///   - transform: Changes its current value.
  /// - Returns: One override that makes both changes.
  public func transformDependency<Value: Sendable>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    transform: @escaping @Sendable (inout Value) -> Void
  ) -> Self {
    fused { transform(&$0[keyPath: keyPath]) }
  }

  /// Changes more dependencies, fused into this override.
  /// - Parameter update: Changes the dependencies.
  /// - Returns: One override that makes both changes.
  public func transformDependencies(
    _ update: @escaping @Sendable (inout DependencyValues) -> Void
  ) -> Self {
    fused(update)
  }

  private func fused(_ outer: @escaping @Sendable (inout DependencyValues) -> Void) -> Self {
    let inner = update
    return Self(base: base) {
      outer(&$0)
      inner(&$0)
    }
  }
}
