import ReducerKit

/// Where one-time preparation is: not started, running, or done for good.
public enum Preparation: Hashable, Sendable {
  /// Not started (or cancelled by a disappearance: the next appearance starts it again).
  case notStarted
  /// Running.
  case running
  /// Done; appearing again does nothing.
  case finished
}

extension Reducer where Action: Equatable & Sendable {
  /// Runs asynchronous work once per feature lifetime, on its first appearance.
  ///
  /// The first `appear` starts the work; a `disappear` before it finishes cancels it, and the next
  /// `appear` starts it again; once it has finished, `appear` does nothing.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .preparingOnce(\.preparation, appear: .onAppear, disappear: .onDisappear,
  ///                  finished: .prepared) {
  ///     try await cache.warmUp()
  ///   }
  /// ```
  /// - Parameters:
  ///   - preparation: Where the progress is kept.
  ///   - appear: The action that means the feature appeared.
  ///   - disappear: The action that means it disappeared.
  ///   - finished: An action of this feature (that it may handle) sent when the work is done.
  ///   - work: The work.
  /// - Returns: The reducer.
  public func preparingOnce(
    _ preparation: WritableKeyPath<State, Preparation>,
    appear: Action,
    disappear: Action,
    finished: Action,
    work: @escaping @Sendable () async throws -> Void
  ) -> _PrepareOnce<Self> {
    _PrepareOnce(
      base: self, preparation: preparation, appear: appear, disappear: disappear,
      finished: finished, work: .async(work))
  }

  /// Runs synchronous work on the state once per feature lifetime, on its first appearance.
  /// - Parameters:
  ///   - preparation: Where the progress is kept.
  ///   - appear: The action that means the feature appeared.
  ///   - work: Mutates the state, once.
  /// - Returns: The reducer.
  public func preparingOnce(
    _ preparation: WritableKeyPath<State, Preparation>,
    appear: Action,
    work: @escaping (inout State) -> Void
  ) -> _PrepareOnce<Self> {
    _PrepareOnce(
      base: self, preparation: preparation, appear: appear, disappear: nil, finished: nil,
      work: .sync(work))
  }
}

/// The reducer returned by `preparingOnce`.
public struct _PrepareOnce<Base: Reducer>: Reducer where Base.Action: Equatable & Sendable {
  enum Work {
    case async(@Sendable () async throws -> Void)
    case sync((inout Base.State) -> Void)
  }

  let base: Base
  let preparation: WritableKeyPath<Base.State, Preparation>
  let appear: Base.Action
  let disappear: Base.Action?
  let finished: Base.Action?
  let work: Work

  /// Runs the base reducer, then starts, cancels or completes the preparation.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let effect = base.reduce(into: &state, action: action)
    let id = PrepareOnceID(preparation: preparation)
    if action == appear, state[keyPath: preparation] == .notStarted {
      switch work {
      case .sync(let work):
        work(&state)
        state[keyPath: preparation] = .finished
        return effect
      case .async(let work):
        state[keyPath: preparation] = .running
        let finished = self.finished
        return effect.merge(
          with: .run { send in
            try await work()
            if let finished { await send(finished) }
          }
          .cancellable(id: id, cancelInFlight: true))
      }
    }
    if let disappear, action == disappear, state[keyPath: preparation] == .running {
      state[keyPath: preparation] = .notStarted
      return effect.merge(with: .cancel(id: id))
    }
    if let finished, action == finished, state[keyPath: preparation] == .running {
      state[keyPath: preparation] = .finished
    }
    return effect
  }
}

/// The cancellation id of a preparation. Like every id it is per feature instance; the key path
/// tells apart two preparations of one instance.
///
/// NB: `@unchecked Sendable`: key paths are immutable.
struct PrepareOnceID: Hashable, @unchecked Sendable {
  let preparation: AnyKeyPath
}
