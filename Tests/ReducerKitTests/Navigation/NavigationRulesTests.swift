import Observation
import ReducerKit
import ReducerKitTesting
import TestSupport
import Testing

private func text(_ issue: Issue) -> String {
  issue.comments.map(\.rawValue).joined(separator: "\n")
}

/// The navigation rules (the Navigation article's "Rules"), each tried the way apps break
/// them: a late tap on a dismissed alert, a cancelled effect's `dismiss()`, a deep link that
/// rebuilds the state, a delegate sent as the parent dismisses, a root `dismiss()`.
@MainActor
struct NavigationRulesTests {
  let clock = TestClock()

  // MARK: - Rule 1: an action for a child that is not there reaches nothing

  @Test func aLateAnswerToADismissedAlertDeletesNothing() async {
    let store = makeTestStore(TwoSheets.State(), TwoSheets(), clock: clock)
    await store.send(.left(.deleteTapped)) { $0.left.alert = .confirmDeletion }
    await store.send(.left(.alert(.dismiss))) { $0.left.alert = nil }
    await store.send(.right(.deleteTapped)) { $0.right.alert = .confirmDeletion }
    // The left alert's button, tapped late: neither the alert nor the parent runs.
    await withKnownIssue {
      await store.send(.left(.alert(.presented(.confirmDeletion))))
    } matching: { issue in
      text(issue).contains("not presented") && text(issue).contains("reached nothing")
        && issue.sourceLocation?.fileName == "NavigationRulesTests.swift"
    }
    #expect(store.state.left.log.isEmpty)
    #expect(store.state.right.alert == .confirmDeletion)
    await store.send(.right(.alert(.presented(.confirmDeletion)))) {
      $0.right.alert = nil
      $0.right.log = ["deleted"]
    }
  }

  @Test func aLateAnswerToAnAlertCaseASheetReplacedDeletesNothing() async {
    let store = makeTestStore(Editor.State(), Editor(), clock: clock)
    await store.send(.deleteTapped) { $0.destination = .alert(.confirmDeletion) }
    await store.send(.showStopwatch) { $0.destination = .stopwatch(Stopwatch.State(id: 1)) }
    await withKnownIssue {
      await store.send(.destination(.presented(.alert(.confirmDeletion))))
    } matching: { issue in
      text(issue).contains("not the one presented")
    }
    #expect(store.state.deleted == false)
    #expect(store.state.destination == .stopwatch(Stopwatch.State(id: 1)))
  }

  @Test func anActionForAPoppedScreenReachesNeitherAScreenNorTheParent() async {
    let store = makeTestStore(Navigator.State(), Navigator(), clock: clock)
    await store.send(.open(1)) { $0.path[id: 0] = .stopwatch(Stopwatch.State(id: 1)) }
    await store.send(.open(2)) { $0.path[id: 1] = .stopwatch(Stopwatch.State(id: 2)) }
    await store.send(.path(.popFrom(id: 1))) { $0.path[id: 1] = nil }
    // The parent counts `.delegate(.done)` from any screen: a popped screen's must not count.
    await withKnownIssue {
      await store.send(.path(.element(id: 1, action: .stopwatch(.delegate(.done)))))
    } matching: { issue in
      text(issue).contains("No screen with id 1")
    }
    #expect(store.state.finished == 0)
    await store.send(.path(.element(id: 0, action: .stopwatch(.delegate(.done))))) {
      $0.finished = 1
    }
  }

  // MARK: - Rule 2: a dismissal is addressed to the presentation that asked for it

  @Test func aCancelledEffectsDismissLeavesTheNextSheetOpenAndRunning() async {
    let store = makeTestStore(TwoSheets.State(), TwoSheets(), clock: clock)
    await store.send(.left(.showStopwatch(id: 1))) { $0.left.stopwatch = Stopwatch.State(id: 1) }
    await store.send(.right(.showStopwatch(id: 9))) {
      $0.right.stopwatch = Stopwatch.State(id: 9)
    }
    await store.send(.right(.stopwatch(.presented(.start))))
    // The left sheet starts saving (dismisses itself in a second)…
    await store.send(.left(.stopwatch(.presented(.saveTapped))))
    // …but the user swipes it away first, and opens another sheet in its place.
    await store.send(.left(.stopwatch(.dismiss))) {
      $0.left.stopwatch = nil
      $0.left.log = ["parent saw the dismissal of stopwatch 1"]
    }
    await store.send(.left(.showStopwatch(id: 2))) { $0.left.stopwatch = Stopwatch.State(id: 2) }
    await store.send(.left(.stopwatch(.presented(.start))))
    await clock.advance(by: .seconds(1))
    // The cancelled save dismisses nothing: both sheets stay open, their timers tick.
    await store.receive(.right(.stopwatch(.presented(.tick)))) { $0.right.stopwatch?.ticks = 1 }
    await store.receive(.left(.stopwatch(.presented(.tick)))) { $0.left.stopwatch?.ticks = 1 }
    #expect(store.runningEffectPaths == ["right → stopwatch", "left → stopwatch"])
    await store.send(.left(.stopwatch(.dismiss))) {
      $0.left.stopwatch = nil
      $0.left.log.append("parent saw the dismissal of stopwatch 2")
    }
    await store.send(.right(.stopwatch(.dismiss))) {
      $0.right.stopwatch = nil
      $0.right.log = ["parent saw the dismissal of stopwatch 9"]
    }
  }

  @Test func callingDismissTwiceDismissesOnce() async {
    let store = makeTestStore(Sheet.State(), Sheet(), clock: clock)
    await store.send(.showStopwatch(id: 1)) { $0.stopwatch = Stopwatch.State(id: 1) }
    await store.send(.stopwatch(.presented(.closeTwiceTapped)))
    // One `.dismiss`: an exhaustive store fails on a second one it was not told about.
    await store.receive(.stopwatch(.dismiss)) {
      $0.stopwatch = nil
      $0.log = ["parent saw the dismissal of stopwatch 1"]
    }
    await store.finish()
  }

  @Test func aPoppedScreensCancelledEffectDoesNotPopAgain() async {
    let store = makeTestStore(Navigator.State(), Navigator(), clock: clock)
    await store.send(.open(1)) { $0.path[id: 0] = .stopwatch(Stopwatch.State(id: 1)) }
    await store.send(.open(2)) { $0.path[id: 1] = .stopwatch(Stopwatch.State(id: 2)) }
    await store.send(.path(.element(id: 1, action: .stopwatch(.saveTapped))))
    await store.send(.path(.popFrom(id: 1))) { $0.path[id: 1] = nil }
    await store.send(.open(3)) { $0.path[id: 2] = .stopwatch(Stopwatch.State(id: 3)) }
    await clock.advance(by: .seconds(1))
    #expect(store.state.path.ids == [0, 2])
  }

  // MARK: - Rule 3: a presentation ends whenever the child's identity changes

  @Test func aDeepLinkThatRebuildsTheStateCancelsTheOldChildsTimer() async {
    let store = makeTestStore(
      Sheet.State(stopwatch: Stopwatch.State(id: 1)), Sheet(), clock: clock)
    await store.send(.stopwatch(.presented(.start)))
    await store.send(.deepLink(id: 2)) { $0.stopwatch = Stopwatch.State(id: 2) }
    #expect(store.runningEffectPaths.isEmpty)
    await clock.advance(by: .seconds(3))
  }

  @Test func resettingTheStateThenPresentingCancelsTheOldChildsTimer() async {
    let store = makeTestStore(TwoSheets.State(), TwoSheets(), clock: clock)
    await store.send(.left(.showStopwatch(id: 1))) { $0.left.stopwatch = Stopwatch.State(id: 1) }
    await store.send(.right(.showStopwatch(id: 1))) {
      $0.right.stopwatch = Stopwatch.State(id: 1)
    }
    await store.send(.left(.stopwatch(.presented(.start))))
    await store.send(.right(.stopwatch(.presented(.start))))
    await store.send(.left(.resetAndShow(id: 2))) { $0.left.stopwatch = Stopwatch.State(id: 2) }
    // Only the left copy's old timer stopped.
    #expect(store.runningEffectPaths == ["right → stopwatch"])
    await clock.advance(by: .seconds(1))
    await store.receive(.right(.stopwatch(.presented(.tick)))) { $0.right.stopwatch?.ticks = 1 }
    await store.send(.right(.stopwatch(.dismiss))) {
      $0.right.stopwatch = nil
      $0.right.log = ["parent saw the dismissal of stopwatch 1"]
    }
  }

  // MARK: - A child's farewell

  @Test func aDelegateTheChildSendsAsTheParentDismissesItReachesTheParentQuietly() async {
    let store = makeTestStore(Sheet.State(), Sheet(), clock: clock)
    await store.send(.showStopwatch(id: 1)) { $0.stopwatch = Stopwatch.State(id: 1) }
    await store.send(.stopwatch(.presented(.doneTapped))) { $0.stopwatch = nil }
    // No warning (a test store fails on one): the delegate reaches the parent.
    await store.receive(.stopwatch(.presented(.delegate(.done)))) { $0.log = ["stopwatch done"] }
    // A second, late one is not a farewell: it reaches nothing.
    await withKnownIssue {
      await store.send(.stopwatch(.presented(.delegate(.done))))
    } matching: { issue in
      text(issue).contains("not presented")
    }
    #expect(store.state.log == ["stopwatch done"])
  }

  @Test func aDelegateTheScreenSendsAsTheParentPopsItReachesTheParentQuietly() async {
    let store = makeTestStore(Navigator.State(), Navigator(), clock: clock)
    await store.send(.open(1)) { $0.path[id: 0] = .stopwatch(Stopwatch.State(id: 1)) }
    await store.send(.path(.element(id: 0, action: .stopwatch(.doneTapped)))) {
      $0.path[id: 0] = nil
    }
    await store.receive(.path(.element(id: 0, action: .stopwatch(.delegate(.done))))) {
      $0.finished = 1
    }
  }

  // MARK: - Rule 4: a forgotten ifLet or forEach is a warning

  // NB: an advisory (printed, never a test failure): the best-known library has no such check,
  // so a port of its passing tests must not fail on it (a test store prints it). A recorder
  // around a plain store sees it like any warning.
  @Test func aForgottenIfLetIsAWarningNamingTheMissingCall() async {
    let store = Store(initialState: Forgetful.State(stopwatch: Stopwatch.State(id: 1))) {
      Forgetful()
    }
    await withRecordedIssues { recorder in
      store.send(.stopwatch(.presented(.start)))
      store.send(.stopwatch(.dismiss))
      #expect(recorder.messages.count == 2)
      #expect(
        recorder.messages.first?.contains(
          "presentation action that no \"ifLet\" or \"forEach\" handled") == true)
      // The call as the best-known library spells it, for the case that carries the action.
      #expect(
        recorder.messages.first?.contains(#".ifLet(\.$stopwatch, action: \.stopwatch) { … }"#)
          == true)
      #expect(recorder.messages.last?.contains("no \"ifLet\" or \"forEach\" handled") == true)
    }
  }

  @Test func aForgottenStackForEachIsAWarningNamingTheMissingCall() async {
    let store = Store(initialState: Forgetful.State()) { Forgetful() }
    await withRecordedIssues { recorder in
      store.send(.path(.push(id: 0, state: .stopwatch(Stopwatch.State(id: 1)))))
      #expect(recorder.messages.count == 1)
      #expect(recorder.messages.first?.contains("stack action that no") == true)
      #expect(recorder.messages.first?.contains(#".forEach(\.path, action: \.path) { … }"#) == true)
    }
  }

  @Test func aForgottenIfLetInsideAPushedScreenIsAWarning() {
    let store = withDependencies {
      $0.continuousClock = clock
    } operation: {
      Store(initialState: ForgetfulHost.State()) { ForgetfulHost() }
    }
    let screen = Forgetful.State(stopwatch: Stopwatch.State(id: 1))
    let issues = collectIssues {
      store.send(.path(.push(id: 0, state: .forgetful(screen))))
      store.send(.path(.element(id: 0, action: .forgetful(.stopwatch(.presented(.start))))))
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("presentation action that no") == true)
    #expect(store.state.path[id: 0] == .forgetful(screen))
  }

  // MARK: - Rule 5: root dismissal

  @Test func aRootDismissalMarksTheTestStoreDismissedAndCancelsItsEffects() async {
    let store = makeTestStore(Stopwatch.State(id: 1), Stopwatch(), clock: clock)
    await store.send(.start)
    #expect(!store.isDismissed)
    await store.send(.closeTapped)
    await store.finish()
    #expect(store.isDismissed)
    #expect(store.runningEffectPaths.isEmpty)
    await clock.advance(by: .seconds(3))
    await withKnownIssue {
      await store.send(.start)
    } matching: { issue in
      text(issue).contains("dismissed itself")
    }
  }

  @Test func dismissOutsideAnyEffectIsAWarningAtTheCall() async {
    let dismiss = DependencyValues(context: .live).dismiss
    let issues = await collectIssues { await dismiss() }
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("called outside any effect") == true)
    #expect(issues.first?.location.fileID.hasSuffix("NavigationRulesTests.swift") == true)
  }

  @Test func aStoresRootDismissalIsObservable() async {
    let store = withDependencies {
      $0.continuousClock = clock
    } operation: {
      Store(initialState: Stopwatch.State(id: 1)) { Stopwatch() }
    }
    let told = Locked(false)
    withObservationTracking {
      _ = store.isDismissed
    } onChange: {
      told.withLock { $0 = true }
    }
    store.send(.start)
    store.send(.closeTapped)
    for _ in 0..<100 where !store.isDismissed { await Task.yield() }
    #expect(store.isDismissed)
    #expect(told.withLock { $0 })
  }
}

/// A screen that presents a stopwatch and pushes screens, but forgot to embed either.
struct Forgetful: Reducer {
  struct State: Equatable {
    @Presents var stopwatch: Stopwatch.State?
    var path = StackState<Navigator.Path.State>()
  }
  enum Action: Equatable {
    case stopwatch(PresentationAction<Stopwatch.Action>)
    case path(StackAction<Navigator.Path.State, Navigator.Path.Action>)
  }
  // NB: no `.ifLet(\.$stopwatch, …)`, no `.forEach(\.path, …)`.
  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

/// A stack whose screens are `Forgetful` screens: the outer `forEach` is there, the screen's
/// own `ifLet` is not.
struct ForgetfulHost: Reducer {
  struct State: Equatable {
    var path = StackState<Screen.State>()
  }
  enum Action: Equatable {
    case path(StackAction<Screen.State, Screen.Action>)
  }

  struct Screen: Reducer {
    enum State: Equatable { case forgetful(Forgetful.State) }
    enum Action: Equatable { case forgetful(Forgetful.Action) }
    var body: some ReducerOf<Self> {
      EmptyReducer()
        .ifCaseLet(
          CasePath(State.forgetful) { if case .forgetful(let s) = $0 { s } else { nil } },
          action: CasePath(Action.forgetful) { if case .forgetful(let a) = $0 { a } else { nil } }
        ) { Forgetful() }
    }
  }

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(
        \.path, action: CasePath(Action.path) { if case .path(let a) = $0 { a } else { nil } }
      ) {
        Screen()
      }
  }
}

/// Reaching a pushed screen or a presented destination by case, in tests and reducers.
@MainActor
struct CaseAccessTests {
  @Test func aPushedScreenIsChangedInPlaceByIDAndCase() {
    var path = StackState<Navigator.Path.State>()
    path[id: 0] = .stopwatch(Stopwatch.State(id: 1))
    path[id: 0, case: .stopwatch]?.ticks = 5
    #expect(path[id: 0, case: .stopwatch]?.ticks == 5)
    #expect(path[id: 1, case: .stopwatch] == nil)
    // A missing screen stays missing.
    path[id: 1, case: .stopwatch] = Stopwatch.State(id: 2)
    #expect(path.ids == [0])
  }

  @Test func aPresentedDestinationIsChangedInPlaceByCase() {
    var state = Editor.State()
    state.destination = .stopwatch(Stopwatch.State(id: 1))
    state.destination[case: .stopwatch]?.ticks = 3
    #expect(state.destination == .stopwatch(Stopwatch.State(id: 1, ticks: 3)))
    // Another case is left alone.
    state.destination[case: .alert] = .confirmDeletion
    #expect(state.destination == .stopwatch(Stopwatch.State(id: 1, ticks: 3)))
    #expect(state.destination[case: .alert] == nil)
  }
}
