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
    let context = ReduceContext(values: values, activity: ReduceContext.current?.activity)
    let effect = context.run { base.reduce(into: &state, action: action) }
    switch effect.operation {
    case .none, .send: return effect
    default: return Effect(.dependencies(values, effect))
    }
  }
}
