import Observation

/// The machinery behind a ``Store``: the root holds the state and runs the reducer; scoped cores
/// read a slice of their parent and send through it.
@MainActor
package protocol StoreCore<State, Action>: AnyObject {
  associatedtype State
  associatedtype Action
  var state: State { get }
  var runtime: EffectRuntime { get }
  func send(_ action: Action, origin: SourceLocation?) -> StoreTask
}

/// The root of a tree of stores: owns the state, the reducer and the effect runtime.
@MainActor
package final class RootCore<R: Reducer>: StoreCore, Observable {
  private var _state: R.State
  private let reducer: R
  package let runtime: EffectRuntime
  private var context: ReduceContext
  private let registrar = ObservationRegistrar()
  private var queue: [R.Action] = []
  private var isSending = false
  private var reentrantWarningLocation: SourceLocation?

  package init(initialState: R.State, reducer: R, dependencies: DependencyValues) {
    self._state = initialState
    self.reducer = reducer
    self.runtime = EffectRuntime(dependencies: dependencies)
    self.context = ReduceContext(values: dependencies, runtime: runtime)
  }

  /// The dependencies the reducer and effects see; test stores change them between steps.
  package var dependencies: DependencyValues {
    get { context.values }
    set {
      context = ReduceContext(values: newValue, runtime: runtime)
      runtime.dependencies = newValue
    }
  }

  package var state: R.State {
    registrar.access(self, keyPath: \.state)
    return _state
  }

  /// Replaces the state from outside the reducer (test stores use it to skip state).
  package func withMutableState<T>(_ body: (inout R.State) -> T) -> T {
    registrar.withMutation(of: self, keyPath: \.state) { body(&_state) }
  }

  package func send(_ action: R.Action, origin: SourceLocation?) -> StoreTask {
    guard !isSending else {
      queue.append(action)
      reportReentrantSend(action, origin: origin)
      return StoreTask(tasks: [])
    }
    isSending = true
    defer { isSending = false }

    var tasks: [Task<Void, Never>] = []
    var current = action
    var next = 0
    while true {
      let effect = reduce(current)
      if !effect.isNone {
        runtime.start(
          effect, origin: origin, enqueue: { queue.append($0) },
          deliver: { [weak self] in self?.receive($0, origin: origin) }, tasks: &tasks)
      }
      guard next < queue.count else { break }
      current = queue[next]
      next += 1
    }
    if !queue.isEmpty { queue.removeAll(keepingCapacity: true) }
    return StoreTask(tasks: tasks)
  }

  @inline(__always)
  private func reduce(_ action: R.Action) -> Effect<R.Action> {
    registrar.withMutation(of: self, keyPath: \.state) {
      ReduceContext.with(context) {
        reducer.reduce(into: &_state, action: action)
      }
    }
  }

  private func receive(_ action: R.Action, origin: SourceLocation?) {
    _ = send(action, origin: origin)
  }

  private func reportReentrantSend(_ action: R.Action, origin: SourceLocation?) {
    reportIssue(
      """
      An action was sent while the store was still processing another action:
        \(describe(action))

      It was queued and runs after the current action, in order. Sending from inside a \
      reducer, an observation callback or a view update is usually a mistake: return \
      `.send(action)` from the reducer instead.
      """,
      at: origin ?? SourceLocation()
    )
  }
}

/// A child core: reads its state from the parent and sends through it.
@MainActor
final class ScopedCore<ParentState, ParentAction, State, Action>: StoreCore {
  let parent: any StoreCore<ParentState, ParentAction>
  let toState: (ParentState) -> State
  let embed: (Action) -> ParentAction

  init(
    parent: any StoreCore<ParentState, ParentAction>,
    toState: @escaping (ParentState) -> State,
    embed: @escaping (Action) -> ParentAction
  ) {
    self.parent = parent
    self.toState = toState
    self.embed = embed
  }

  var state: State { toState(parent.state) }
  var runtime: EffectRuntime { parent.runtime }

  func send(_ action: Action, origin: SourceLocation?) -> StoreTask {
    parent.send(embed(action), origin: origin)
  }
}
