import ReducerKit
import ReducerKitTesting
import TestSupport
import Testing

/// Presented children: dismissal cancels their effects, a child dismisses itself, alerts are
/// answered and gone, and misuse is a warning.
@MainActor
struct PresentationTests {
  let clock = TestClock()

  func store(_ state: Sheet.State = Sheet.State()) -> TestStore<Sheet.State, Sheet.Action> {
    makeTestStore(state, Sheet(), clock: clock)
  }

  @Test func dismissingASheetCancelsItsLongRunningEffect() async {
    let store = store()
    await store.send(.showStopwatch(id: 1)) { $0.stopwatch = Stopwatch.State(id: 1) }
    await store.send(.stopwatch(.presented(.start)))
    await clock.advance(by: .seconds(1))
    await store.receive(.stopwatch(.presented(.tick))) { $0.stopwatch?.ticks = 1 }
    #expect(store.runningEffectPaths == ["stopwatch"])
    await store.send(.stopwatch(.dismiss)) {
      $0.stopwatch = nil
      $0.log = ["parent saw the dismissal of stopwatch 1"]
    }
    #expect(store.runningEffectPaths.isEmpty)
    await clock.advance(by: .seconds(5))
  }

  @Test func aChildDismissesItselfAndItsEffectsStop() async {
    let store = store()
    await store.send(.showStopwatch(id: 1)) { $0.stopwatch = Stopwatch.State(id: 1) }
    await store.send(.stopwatch(.presented(.start)))
    await store.send(.stopwatch(.presented(.closeTapped)))
    await store.receive(.stopwatch(.dismiss)) {
      $0.stopwatch = nil
      $0.log = ["parent saw the dismissal of stopwatch 1"]
    }
    #expect(store.runningEffectPaths.isEmpty)
    await clock.advance(by: .seconds(5))
  }

  /// A parent that, when its stopwatch is dismissed, presents the next one.
  struct Relay: Reducer {
    struct State: Equatable {
      @Presents var stopwatch: Stopwatch.State?
    }
    enum Action: Equatable {
      case stopwatch(PresentationAction<Stopwatch.Action>)
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if case .stopwatch(.dismiss) = action, let id = state.stopwatch?.id {
          state.stopwatch = Stopwatch.State(id: id + 1)
        }
        return .none
      }
      .ifLet(\.$stopwatch, action: \.stopwatch) { Stopwatch() }
    }
  }

  @Test func aChildTheParentPresentsWhileHandlingADismissalStays() async {
    let store = makeTestStore(
      Relay.State(stopwatch: Stopwatch.State(id: 1)), Relay(), clock: clock)
    await store.send(.stopwatch(.presented(.start)))
    #expect(store.runningEffectPaths == ["stopwatch"])
    // The dismissed child ends (its effect is cancelled); the one presented in its place stays.
    await store.send(.stopwatch(.dismiss)) { $0.stopwatch = Stopwatch.State(id: 2) }
    #expect(store.runningEffectPaths.isEmpty)
    await store.send(.stopwatch(.presented(.start)))
    await store.send(.stopwatch(.dismiss)) { $0.stopwatch = Stopwatch.State(id: 3) }
    #expect(store.runningEffectPaths.isEmpty)
  }

  /// A destination of two plain cases, presented by a parent.
  enum Pane: Equatable, CasePathable {
    case count(Int)
    case note(String)
  }
  struct Panel: Equatable {
    @Presents var pane: Pane?
  }

  @Test func aPresentationIsChangedThroughItsCaseAndDismissedWithNil() {
    var panel = Panel(pane: .count(41))
    panel.$pane[case: \.count]? += 1
    #expect(panel.pane == .count(42))
    #expect(panel.$pane[case: \.note] == nil)
    panel.$pane[case: \.count] = nil
    #expect(panel.pane == nil)
  }

  @Test func changingAPresentationThroughAnotherCaseChangesNothingAndWarns() async {
    var panel = Panel(pane: .count(7))
    await withRecordedIssues { issues in
      panel.$pane[case: \.note]?.append("!")
      panel.$pane[case: \.note] = nil
      #expect(issues.messages.count == 2)
      #expect(
        issues.messages.allSatisfy {
          $0.contains("changed through a case it is not in") && $0.contains("count")
        })
    }
    #expect(panel.pane == .count(7))
  }

  @Test func settingTheChildToNilCancelsItsEffects() async {
    let store = store()
    await store.send(.showStopwatch(id: 1)) { $0.stopwatch = Stopwatch.State(id: 1) }
    await store.send(.stopwatch(.presented(.start)))
    await store.send(.hideStopwatch) { $0.stopwatch = nil }
    #expect(store.runningEffectPaths.isEmpty)
  }

  @Test func replacingThePresentedChildWithAnotherIDCancelsTheOldOnesEffects() async {
    let store = store()
    await store.send(.showStopwatch(id: 1)) { $0.stopwatch = Stopwatch.State(id: 1) }
    await store.send(.stopwatch(.presented(.start)))
    await store.send(.showStopwatch(id: 2)) { $0.stopwatch = Stopwatch.State(id: 2) }
    #expect(store.runningEffectPaths.isEmpty)
    await store.send(.stopwatch(.presented(.start)))
    await clock.advance(by: .seconds(1))
    await store.receive(.stopwatch(.presented(.tick))) { $0.stopwatch?.ticks = 1 }
    await store.send(.stopwatch(.dismiss)) {
      $0.stopwatch = nil
      $0.log = ["parent saw the dismissal of stopwatch 2"]
    }
  }

  @Test func theParentMutatingThePresentedChildKeepsItsEffects() async {
    let store = store()
    await store.send(.showStopwatch(id: 1)) { $0.stopwatch = Stopwatch.State(id: 1) }
    await store.send(.stopwatch(.presented(.start)))
    await store.send(.setTicks) { $0.stopwatch?.ticks = 100 }
    #expect(store.runningEffectPaths == ["stopwatch"])
    await store.send(.stopwatch(.dismiss)) {
      $0.stopwatch = nil
      $0.log = ["parent saw the dismissal of stopwatch 1"]
    }
  }

  @Test func anAlertButtonsActionReachesTheParentAndTheAlertIsGone() async {
    let store = store()
    await store.send(.deleteTapped) { $0.alert = .confirmDeletion }
    await store.send(.alert(.presented(.confirmDeletion))) {
      $0.alert = nil
      $0.log = ["deleted"]
    }
  }

  @Test func anAlertsCancelButtonDismissesIt() async {
    let store = store()
    await store.send(.deleteTapped) { $0.alert = .confirmDeletion }
    await store.send(.alert(.dismiss)) { $0.alert = nil }
  }

  @Test func anActionForAChildThatIsNotPresentedIsOneWarning() async {
    let store = store()
    await withKnownIssue {
      await store.send(.stopwatch(.presented(.start)))
    } matching: { issue in
      issue.description.contains("not presented")
        && issue.sourceLocation?.fileName == "PresentationTests.swift"
    }
    #expect(store.runningEffectPaths.isEmpty)
  }

  @Test func aDismissOverrideIsCalledInsteadInTests() async {
    let dismissed = Locked(0)
    let store = TestStore(initialState: Stopwatch.State(id: 1)) {
      Stopwatch()
    } withDependencies: {
      $0.continuousClock = clock
      $0.dismiss = DismissEffect { dismissed.withLock { $0 += 1 } }
    }
    await store.send(.closeTapped)
    await store.finish()
    #expect(dismissed.withLock { $0 } == 1)
  }

  @Test func aTestStoreFailsWhenTheDismissalIsNotAsserted() async {
    let store = store()
    await store.send(.showStopwatch(id: 1)) { $0.stopwatch = Stopwatch.State(id: 1) }
    await withKnownIssue {
      await store.send(.stopwatch(.dismiss)) { $0.stopwatch = nil }
    } matching: { issue in
      issue.description.contains("log")
    }
  }
}

/// A child with a long-running effect that can dismiss itself.
struct Stopwatch: Reducer {
  struct State: Equatable, Identifiable {
    let id: Int
    var ticks = 0
  }
  enum Action: Equatable {
    case start, tick, closeTapped
    /// Saves for a second (work that does not stop when cancelled), then dismisses.
    case saveTapped
    /// Calls `dismiss()` twice.
    case closeTwiceTapped
    /// Tells the parent it is done (the parent dismisses it on this action).
    case doneTapped
    case delegate(Delegate)
    enum Delegate: Equatable { case done }
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
    case .tick:
      state.ticks += 1
      return .none
    case .closeTapped:
      return .run { _ in await dismiss() }
    case .saveTapped:
      return .run { _ in
        // NB: the save does not stop when cancelled (`try?`): it wakes and calls `dismiss()`.
        try? await clock.sleep(for: .seconds(1))
        await dismiss()
      }
    case .closeTwiceTapped:
      return .run { _ in
        await dismiss()
        await dismiss()
      }
    case .doneTapped:
      return .send(.delegate(.done))
    case .delegate:
      return .none
    }
  }
}

/// A screen that presents a ticker as a sheet and asks before deleting.
struct Sheet: Reducer {
  struct State: Equatable {
    @Presents var stopwatch: Stopwatch.State?
    @Presents var alert: AlertState<Action.Alert>?
    var log: [String] = []
  }
  enum Action: Equatable {
    case stopwatch(PresentationAction<Stopwatch.Action>)
    case alert(PresentationAction<Alert>)
    case showStopwatch(id: Int)
    case hideStopwatch
    case setTicks
    case deleteTapped
    /// A deep link: the whole state rebuilt with stopwatch `id` presented.
    case deepLink(id: Int)
    /// The state reset, then stopwatch `id` presented.
    case resetAndShow(id: Int)

    enum Alert: Equatable { case confirmDeletion }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .stopwatch(.dismiss):
        state.log.append("parent saw the dismissal of stopwatch \(state.stopwatch?.id ?? -1)")
      case .showStopwatch(let id):
        state.stopwatch = Stopwatch.State(id: id)
      case .hideStopwatch:
        state.stopwatch = nil
      case .setTicks:
        state.stopwatch?.ticks = 100
      case .deleteTapped:
        state.alert = .confirmDeletion
      case .alert(.presented(.confirmDeletion)):
        state.log.append("deleted")
      case .deepLink(let id):
        state = State(stopwatch: Stopwatch.State(id: id))
      case .resetAndShow(let id):
        state = State()
        state.stopwatch = Stopwatch.State(id: id)
      case .stopwatch(.presented(.doneTapped)):
        state.stopwatch = nil
      case .stopwatch(.presented(.delegate(.done))):
        state.log.append("stopwatch done")
      case .stopwatch, .alert:
        break
      }
      return .none
    }
    .ifLet(\.$stopwatch, action: .stopwatch) { Stopwatch() }
    .ifLet(\.$alert, action: .alert)
  }
}

extension AlertState where Action == Sheet.Action.Alert {
  static let confirmDeletion = AlertState {
    TextState("Delete?")
  } actions: {
    ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
    ButtonState(role: .cancel) { TextState("Cancel") }
  }
}

extension CasePath<Sheet.Action, PresentationAction<Stopwatch.Action>> {
  static var stopwatch: Self {
    CasePath(Sheet.Action.stopwatch) { if case .stopwatch(let action) = $0 { action } else { nil } }
  }
}

extension CasePath<Sheet.Action, PresentationAction<Sheet.Action.Alert>> {
  static var alert: Self {
    CasePath(Sheet.Action.alert) { if case .alert(let action) = $0 { action } else { nil } }
  }
}

/// A destination enum: one case per place the screen can go, composed without macros.
@MainActor
struct DestinationEnumTests {
  let clock = TestClock()

  @Test func replacingACaseCancelsTheOldCasesEffectsAndAnAlertCaseIsAnswered() async {
    let store = makeTestStore(Editor.State(), Editor(), clock: clock)
    await store.send(.showStopwatch) { $0.destination = .stopwatch(Stopwatch.State(id: 1)) }
    await store.send(.destination(.presented(.stopwatch(.start))))
    #expect(store.runningEffectPaths == ["destination → (case Stopwatch.State)"])
    await store.send(.deleteTapped) { $0.destination = .alert(.confirmDeletion) }
    #expect(store.runningEffectPaths.isEmpty)
    await store.send(.destination(.presented(.alert(.confirmDeletion)))) {
      $0.destination = nil
      $0.deleted = true
    }
  }

  @Test func aLeftoverEffectNamesItsPresentation() async {
    var store: TestStore<Editor.State, Editor.Action>? = makeTestStore(
      Editor.State(), Editor(), clock: clock)
    await withKnownIssue {
      await store?.send(.showStopwatch) { $0.destination = .stopwatch(Stopwatch.State(id: 1)) }
      await store?.send(.destination(.presented(.stopwatch(.start))))
      store = nil
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined(separator: "\n")
      return text.contains("still running at the end of the test")
        && text.contains("destination → (case Stopwatch.State)")
    }
  }

  @Test func aChildInADestinationDismissesItself() async {
    let store = makeTestStore(Editor.State(), Editor(), clock: clock)
    await store.send(.showStopwatch) { $0.destination = .stopwatch(Stopwatch.State(id: 1)) }
    await store.send(.destination(.presented(.stopwatch(.start))))
    await store.send(.destination(.presented(.stopwatch(.closeTapped))))
    await store.receive(.destination(.dismiss)) { $0.destination = nil }
    #expect(store.runningEffectPaths.isEmpty)
  }
}

/// A screen whose destinations are a stopwatch sheet and a deletion alert.
struct Editor: Reducer {
  struct State: Equatable {
    @Presents var destination: Destination.State?
    var deleted = false
  }
  enum Action: Equatable {
    case destination(PresentationAction<Destination.Action>)
    case showStopwatch
    case deleteTapped
  }

  struct Destination: Reducer {
    enum State: Equatable {
      case stopwatch(Stopwatch.State)
      case alert(AlertState<Sheet.Action.Alert>)
    }
    enum Action: Equatable {
      case stopwatch(Stopwatch.Action)
      case alert(Sheet.Action.Alert)
    }

    var body: some ReducerOf<Self> {
      EmptyReducer()
        .ifCaseLet(.stopwatch, action: .stopwatch) { Stopwatch() }
        .ifCaseLet(.alert, action: .alert)
    }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .showStopwatch:
        state.destination = .stopwatch(Stopwatch.State(id: 1))
      case .deleteTapped:
        state.destination = .alert(.confirmDeletion)
      case .destination(.presented(.alert(.confirmDeletion))):
        state.deleted = true
      case .destination:
        break
      }
      return .none
    }
    .ifLet(\.$destination, action: .destination) { Destination() }
  }
}

extension CasePath<Editor.Action, PresentationAction<Editor.Destination.Action>> {
  static var destination: Self {
    CasePath(Editor.Action.destination) {
      if case .destination(let action) = $0 { action } else { nil }
    }
  }
}

extension CasePath<Editor.Destination.State, Stopwatch.State> {
  static var stopwatch: Self {
    CasePath(Editor.Destination.State.stopwatch) {
      if case .stopwatch(let state) = $0 { state } else { nil }
    }
  }
}

extension CasePath<Editor.Destination.Action, Stopwatch.Action> {
  static var stopwatch: Self {
    CasePath(Editor.Destination.Action.stopwatch) {
      if case .stopwatch(let action) = $0 { action } else { nil }
    }
  }
}

extension CasePath<Editor.Destination.State, AlertState<Sheet.Action.Alert>> {
  static var alert: Self {
    CasePath(Editor.Destination.State.alert) {
      if case .alert(let state) = $0 { state } else { nil }
    }
  }
}

extension CasePath<Editor.Destination.Action, Sheet.Action.Alert> {
  static var alert: Self {
    CasePath(Editor.Destination.Action.alert) {
      if case .alert(let action) = $0 { action } else { nil }
    }
  }
}

/// Two copies of a presenting screen side by side: each presented child is its own instance.
@MainActor
struct TwoPresentationsTests {
  let clock = TestClock()

  @Test func dismissingOneCopysChildLeavesTheOtherCopysChildRunning() async {
    let store = makeTestStore(TwoSheets.State(), TwoSheets(), clock: clock)
    await store.send(.left(.showStopwatch(id: 1))) { $0.left.stopwatch = Stopwatch.State(id: 1) }
    await store.send(.right(.showStopwatch(id: 1))) {
      $0.right.stopwatch = Stopwatch.State(id: 1)
    }
    await store.send(.left(.stopwatch(.presented(.start))))
    await store.send(.right(.stopwatch(.presented(.start))))
    #expect(store.runningEffectPaths == ["left → stopwatch", "right → stopwatch"])

    // The left child's own dismiss() reaches only the left copy.
    await store.send(.left(.stopwatch(.presented(.closeTapped))))
    await store.receive(.left(.stopwatch(.dismiss))) {
      $0.left.stopwatch = nil
      $0.left.log = ["parent saw the dismissal of stopwatch 1"]
    }
    #expect(store.runningEffectPaths == ["right → stopwatch"])
    await clock.advance(by: .seconds(1))
    await store.receive(.right(.stopwatch(.presented(.tick)))) { $0.right.stopwatch?.ticks = 1 }
    await store.send(.right(.stopwatch(.dismiss))) {
      $0.right.stopwatch = nil
      $0.right.log = ["parent saw the dismissal of stopwatch 1"]
    }
  }
}

/// Two copies of `Sheet`.
struct TwoSheets: Reducer {
  struct State: Equatable {
    var left = Sheet.State()
    var right = Sheet.State()
  }
  enum Action: Equatable {
    case left(Sheet.Action)
    case right(Sheet.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(
      state: \.left, action: CasePath(Action.left) { if case .left(let a) = $0 { a } else { nil } }
    ) {
      Sheet()
    }
    Scope(
      state: \.right,
      action: CasePath(Action.right) { if case .right(let a) = $0 { a } else { nil } }
    ) { Sheet() }
  }
}
