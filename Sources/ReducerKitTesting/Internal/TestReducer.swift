import ReducerKit

/// An action as the test store sees it: sent by the test, or received from an effect.
enum TestAction<Action> {
  case send(Action)
  case receive(Action)
}

/// What the test reducer saw: the state right after the last sent action, and each received
/// action with the state right after it and the line of the step whose effect sent it.
final class TestRecorder<State, Action> {
  var stateAfterSend: State?
  var received: [(action: Action, state: State, origin: SourceLocation?)] = []
}

/// Runs the feature's reducer and records each step for the test store to assert on. The
/// feature's body is built once, as a store builds it, so that the test runs the same reducer
/// values from step to step.
struct TestReducer<Base: Reducer>: Reducer {
  typealias State = Base.State
  typealias Action = TestAction<Base.Action>

  let base: BuiltOnce<Base>
  let recorder: TestRecorder<Base.State, Base.Action>

  func reduce(into state: inout Base.State, action: Action) -> Effect<Action> {
    let effect: Effect<Base.Action>
    switch action {
    case .send(let action):
      effect = base.reduce(into: &state, action: action)
      recorder.stateAfterSend = state
    case .receive(let action):
      effect = base.reduce(into: &state, action: action)
      // NB: the effect that sent it inherited the step's line (a task-local the test store
      // sets around each step), so an unasserted action is reported where it came from.
      recorder.received.append((action, state, IssueReporters.userLocation))
    }
    return effect.map { .receive($0) }
  }
}
