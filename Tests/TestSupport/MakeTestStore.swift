import ReducerKit
import ReducerKitTesting

/// A test store for `reducer` whose continuous clock is `clock`.
@MainActor
public func makeTestStore<R: Reducer>(
  _ state: R.State, _ reducer: R, clock: TestClock
) -> TestStore<R.State, R.Action> where R.State: Equatable {
  TestStore(initialState: state) {
    reducer
  } withDependencies: {
    $0.continuousClock = clock
  }
}
