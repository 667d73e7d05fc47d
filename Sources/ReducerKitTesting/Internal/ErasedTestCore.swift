import ReducerKit

/// A type-erased root core whose actions are ``TestAction``s.
@MainActor
final class ErasedTestCore<State, Action> {
  let stateGetter: () -> State
  let sender: (TestAction<Action>, ReducerKit.SourceLocation) -> StoreTask
  let runtime: EffectRuntime
  let getDependencies: () -> DependencyValues
  let setDependencies: (DependencyValues) -> Void

  init<R: Reducer, Hook>(_ core: RootCore<R, Hook>)
  where R.State == State, R.Action == TestAction<Action> {
    self.stateGetter = { core.state }
    self.sender = { core.sendReturningTask($0, origin: $1) }
    self.runtime = core.runtime
    self.getDependencies = { core.dependencies }
    self.setDependencies = { core.dependencies = $0 }
  }

  var state: State { stateGetter() }
  var dependencies: DependencyValues {
    get { getDependencies() }
    set { setDependencies(newValue) }
  }

  func send(_ action: TestAction<Action>, origin: ReducerKit.SourceLocation) -> StoreTask {
    sender(action, origin)
  }
}

/// A test store of a reducer's state and action: `TestStoreOf<Feature>`.
public typealias TestStoreOf<R: Reducer> = TestStore<R.State, R.Action> where R.State: Equatable
