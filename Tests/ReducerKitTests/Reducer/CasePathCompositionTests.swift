import ReducerKit
import ReducerKitTesting
import TestSupport
import Testing

/// Case paths compose at the call site through the kit's own enums.
@MainActor
struct CasePathCompositionTests {
  let clock = TestClock()

  typealias ResponsePath = CasePath<Fetcher.Action, Result<Int, Fetcher.Failure>>

  @Test func receiveByAComposedResultPath() async {
    let store = makeTestStore(Fetcher.State(), Fetcher(), clock: clock)
    await store.send(.fetch)
    await store.receive(ResponsePath.response.success) { $0.value = 42 }
    await store.send(.fail)
    await store.receive(ResponsePath.response.failure)
  }

  @Test func receiveByATwoStepPathWithLeadingDots() async {
    let store = makeTestStore(Fetcher.State(), Fetcher(), clock: clock)
    await store.send(.fetch)
    await store.receive(.response, .success) { $0.value = 42 }
    await store.send(.fail)
    await store.receive(.response, .failure)
  }

  @Test func aTwoStepPathThroughAPresentation() {
    let presented: CasePath<Sheet.Action, Stopwatch.Action> = CasePath.stopwatch.appending(
      path: .presented)
    #expect(presented.extract(.stopwatch(.presented(.tick))) == .tick)
    #expect(presented.extract(.stopwatch(.dismiss)) == nil)
  }

  @Test func aTwoStepPathOfTheWrongCaseFailsTheReceive() async {
    let store = makeTestStore(Fetcher.State(), Fetcher(), clock: clock)
    await store.send(.fail)
    await withKnownIssue {
      await store.receive(.response, .success, timeout: .milliseconds(50))
    }
    await store.skipReceivedActions(strict: false)
  }

  @Test func composedPathsEmbedAndExtract() {
    let success = ResponsePath.response.success
    #expect(success.embed(7) == .response(.success(7)))
    #expect(success.extract(.response(.success(7))) == 7)
    #expect(success.extract(.response(.failure(Fetcher.Failure()))) == nil)
    #expect(success.extract(.fetch) == nil)

    let presented = CasePath<Sheet.Action, PresentationAction<Stopwatch.Action>>.stopwatch.presented
    #expect(presented.embed(.start) == .stopwatch(.presented(.start)))
    #expect(presented.extract(.stopwatch(.dismiss)) == nil)

    let screen = CasePath<
      Navigator.Action, StackAction<Navigator.Path.State, Navigator.Path.Action>
    >.path.element(id: 1)
    #expect(screen.embed(.stopwatch(.tick)) == .path(.element(id: 1, action: .stopwatch(.tick))))
    #expect(screen.extract(.path(.element(id: 2, action: .stopwatch(.tick)))) == nil)
    let tick = screen.appending(path: .stopwatch)
    #expect(tick.extract(.path(.element(id: 1, action: .stopwatch(.tick)))) == .tick)
  }

  @Test func aPresentedChildsActionIsReceivedByItsComposedPath() async {
    let store = makeTestStore(Sheet.State(), Sheet(), clock: clock)
    await store.send(.showStopwatch(id: 1)) { $0.stopwatch = Stopwatch.State(id: 1) }
    await store.send(.stopwatch(.presented(.start)))
    await clock.advance(by: .seconds(1))
    let tick = CasePath<Sheet.Action, PresentationAction<Stopwatch.Action>>.stopwatch.presented
    await store.receive(tick) { $0.stopwatch?.ticks = 1 }
    await store.send(.stopwatch(.dismiss)) {
      $0.stopwatch = nil
      $0.log = ["parent saw the dismissal of stopwatch 1"]
    }
  }
}

/// A feature whose effect answers with a `Result`.
struct Fetcher: Reducer {
  struct Failure: Error, Equatable {}
  struct State: Equatable { var value = 0 }
  enum Action: Equatable {
    case fetch
    case fail
    case response(Result<Int, Failure>)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .fetch:
      return .send(.response(.success(42)))
    case .fail:
      return .send(.response(.failure(Failure())))
    case .response(.success(let value)):
      state.value = value
      return .none
    case .response(.failure):
      return .none
    }
  }
}

extension CasePath<Fetcher.Action, Result<Int, Fetcher.Failure>> {
  static var response: Self {
    CasePath(Fetcher.Action.response) { if case .response(let r) = $0 { r } else { nil } }
  }
}

/// A feature named `Root`: inside `extension CasePath`, `Root` still names it (the case path's
/// own generic parameters are named so as not to shadow it).
struct Root: Reducer {
  struct State: Equatable { var child = Counter.State() }
  enum Action: Equatable { case child(Counter.Action) }

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: .child) { Counter() }
  }
}

extension CasePath<Root.Action, Counter.Action> {
  static var child: Self {
    CasePath(Root.Action.child) { if case .child(let action) = $0 { action } else { nil } }
  }
}

@MainActor
struct RootNamedFeatureTests {
  @Test func aFeatureNamedRootEmbedsItsChild() {
    let store = Store(initialState: Root.State()) { Root() }
    store.send(.child(.increment))
    #expect(store.child.count == 1)
  }
}
