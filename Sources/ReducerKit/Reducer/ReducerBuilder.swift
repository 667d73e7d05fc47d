/// Builds a reducer from a list of reducers that run in order on the same state and action.
///
/// It is the attribute on ``Reducer/body``: each line is a reducer; `if`, `if`/`else`, `switch`
/// and `for` choose or repeat reducers.
@resultBuilder
public enum ReducerBuilder<State, Action> {
  /// The empty body: a reducer that does nothing.
  @inlinable
  public static func buildBlock() -> EmptyReducer<State, Action> { EmptyReducer() }

  /// A single reducer.
  @inlinable
  public static func buildExpression<R: Reducer<State, Action>>(_ expression: R) -> R {
    expression
  }

  /// The first reducer of a block.
  @inlinable
  public static func buildPartialBlock<R: Reducer<State, Action>>(first: R) -> R { first }

  /// The reducers so far, followed by `next`.
  @inlinable
  public static func buildPartialBlock<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    accumulated: R0, next: R1
  ) -> _Sequence<R0, R1> {
    _Sequence(accumulated, next)
  }

  /// A reducer that only runs when an `if` holds.
  @inlinable
  public static func buildOptional<R: Reducer<State, Action>>(_ wrapped: R?) -> _Optional<R> {
    _Optional(wrapped: wrapped)
  }

  /// The first branch of an `if`/`else` or `switch`.
  @inlinable
  public static func buildEither<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    first reducer: R0
  ) -> _Conditional<R0, R1> {
    .first(reducer)
  }

  /// The second branch of an `if`/`else` or `switch`.
  @inlinable
  public static func buildEither<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    second reducer: R1
  ) -> _Conditional<R0, R1> {
    .second(reducer)
  }

  /// The reducers of a `for` loop, run in order.
  @inlinable
  public static func buildArray<R: Reducer<State, Action>>(_ reducers: [R]) -> _Array<R> {
    _Array(reducers: reducers)
  }

  /// A reducer under `if #available`.
  @inlinable
  public static func buildLimitedAvailability<R: Reducer<State, Action>>(
    _ wrapped: R
  ) -> R {
    wrapped
  }

  /// Two reducers run in order; their effects are merged.
  public struct _Sequence<R0: Reducer, R1: Reducer<R0.State, R0.Action>>: Reducer {
    @usableFromInline let r0: R0
    @usableFromInline let r1: R1

    @inlinable
    init(_ r0: R0, _ r1: R1) {
      self.r0 = r0
      self.r1 = r1
    }

    /// Runs the first reducer, then the second.
    @inlinable
    public func reduce(into state: inout R0.State, action: R0.Action) -> Effect<R0.Action> {
      let first = r0.reduce(into: &state, action: action)
      let second = r1.reduce(into: &state, action: action)
      return first.merge(with: second)
    }
  }

  /// A reducer that may be absent.
  public struct _Optional<Wrapped: Reducer>: Reducer {
    @usableFromInline let wrapped: Wrapped?

    @inlinable
    init(wrapped: Wrapped?) { self.wrapped = wrapped }

    /// Runs the wrapped reducer if present.
    @inlinable
    public func reduce(into state: inout Wrapped.State, action: Wrapped.Action)
      -> Effect<Wrapped.Action>
    {
      wrapped?.reduce(into: &state, action: action) ?? .none
    }
  }

  /// One of two reducers.
  public enum _Conditional<First: Reducer, Second: Reducer<First.State, First.Action>>: Reducer {
    case first(First)
    case second(Second)

    /// Runs the chosen reducer.
    @inlinable
    public func reduce(into state: inout First.State, action: First.Action)
      -> Effect<First.Action>
    {
      switch self {
      case .first(let first): first.reduce(into: &state, action: action)
      case .second(let second): second.reduce(into: &state, action: action)
      }
    }
  }

  /// Reducers from a `for` loop.
  public struct _Array<Element: Reducer>: Reducer {
    @usableFromInline let reducers: [Element]

    @inlinable
    init(reducers: [Element]) { self.reducers = reducers }

    /// Runs every reducer in order.
    @inlinable
    public func reduce(into state: inout Element.State, action: Element.Action)
      -> Effect<Element.Action>
    {
      .merge(reducers.map { $0.reduce(into: &state, action: action) })
    }
  }
}
