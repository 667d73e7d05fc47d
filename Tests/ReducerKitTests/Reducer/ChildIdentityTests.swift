import ReducerKit
import ReducerKitTesting
import TestSupport
import Testing

/// A child replaced by one with another id is a new child: the old one's late answer never
/// reaches it. Answered alerts are gone before the parent handles their action.
@MainActor
struct ChildIdentityTests {
  @Test func replacingAnOptionalChildWithAnotherIDCancelsTheOldOnesWork() async {
    let clock = TestClock()
    let store = makeTestStore(Numbered.State(child: Badge.State(id: 1)), Numbered(), clock: clock)
    await store.send(.child(.tap))
    await store.send(.replace) { $0.child = Badge.State(id: 2) }
    await store.send(.child(.tap))
    await clock.advance(by: .seconds(1))
    // Only the new child's answer arrives; the old one's was cancelled with it.
    await store.receive(.child(.answer(2))) { $0.child?.value = 2 }
  }

  @Test func replacingOneOfTwoSiblingChildrenCancelsOnlyItsWork() async {
    let clock = TestClock()
    let store = makeTestStore(
      Twins.State(left: Badge.State(id: 1), right: Badge.State(id: 1)), Twins(), clock: clock)
    await store.send(.left(.tap))
    await store.send(.right(.tap))
    await store.send(.replaceLeft) { $0.left = Badge.State(id: 2) }
    await clock.advance(by: .seconds(1))
    // The right child, same feature and same id, keeps its work; the replaced left one's is gone.
    await store.receive(.right(.answer(1))) { $0.right?.value = 1 }
  }

  @Test func mutatingAnOptionalChildInPlaceKeepsItsWork() async {
    let clock = TestClock()
    let store = makeTestStore(Numbered.State(child: Badge.State(id: 1)), Numbered(), clock: clock)
    await store.send(.child(.tap))
    await store.send(.bump) { $0.child?.value = 100 }
    await clock.advance(by: .seconds(1))
    await store.receive(.child(.answer(1))) { $0.child?.value = 1 }
  }

  @Test func replacingAnEnumCaseWithAnotherIDCancelsTheOldCasesWork() async {
    let clock = TestClock()
    let store = makeTestStore(
      BadgeSwitcher.State.badge(Badge.State(id: 1)), BadgeSwitcher(), clock: clock)
    await store.send(.badge(.tap))
    await store.send(.replace) { $0 = .badge(Badge.State(id: 2)) }
    await store.send(.badge(.tap))
    await clock.advance(by: .seconds(1))
    await store.receive(.badge(.answer(2))) { $0 = .badge(Badge.State(id: 2, value: 2)) }
  }

  @Test func anOptionalAlertIsGoneBeforeTheParentHandlesItsButton() async {
    let store = TestStore(initialState: Asker.State()) { Asker() }
    await store.send(.ask) { $0.alert = Asker.hello }
    // The parent presents it again from its button: answered, then presented anew.
    await store.send(.alert(.again))
    await store.send(.alert(.ok)) { $0.alert = nil }
  }

  @Test func aPresentedAlertWithAnEmptyReducerIsDismissedWhenAnswered() async {
    let store = TestStore(initialState: PresentingAsker.State()) { PresentingAsker() }
    await store.send(.ask) { $0.alert = PresentingAsker.question }
    await store.send(.alert(.presented(.delete))) {
      $0.alert = nil
      $0.isDeleted = true
    }
  }
}

struct Badge: Reducer {
  struct State: Equatable, Identifiable {
    let id: Int
    var value = 0
  }
  enum Action: Equatable, CasePathable {
    case tap
    case answer(Int)
  }
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .tap:
      return .run { [id = state.id, clock] send in
        try await clock.sleep(for: .seconds(1))
        await send(.answer(id))
      }
    case .answer(let value):
      state.value = value
      return .none
    }
  }
}

struct Numbered: Reducer {
  struct State: Equatable { var child: Badge.State? }
  enum Action: Equatable, CasePathable {
    case child(Badge.Action)
    case replace
    case bump
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .child: break
      case .replace: state.child = state.child.map { Badge.State(id: $0.id + 1) }
      case .bump: state.child?.value = 100
      }
      return .none
    }
    .ifLet(\.child, action: .child) { Badge() }
  }
}

struct Twins: Reducer {
  struct State: Equatable {
    var left: Badge.State?
    var right: Badge.State?
  }
  enum Action: Equatable, CasePathable {
    case left(Badge.Action)
    case right(Badge.Action)
    case replaceLeft
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .replaceLeft = action { state.left = state.left.map { Badge.State(id: $0.id + 1) } }
      return .none
    }
    .ifLet(\.left, action: .left) { Badge() }
    .ifLet(\.right, action: .right) { Badge() }
  }
}

struct BadgeSwitcher: Reducer {
  enum State: Equatable, CasePathable {
    case badge(Badge.State)
    case empty
  }
  enum Action: Equatable, CasePathable {
    case badge(Badge.Action)
    case replace
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .replace = action, case .badge(let badge) = state {
        state = .badge(Badge.State(id: badge.id + 1))
      }
      return .none
    }
    .ifCaseLet(.badge, action: .badge) { Badge() }
  }
}

struct Asker: Reducer {
  struct State: Equatable { var alert: AlertState<AlertAction>? }
  enum AlertAction: Equatable { case again, ok }
  enum Action: Equatable, CasePathable {
    case alert(AlertAction)
    case ask
  }
  static let hello = AlertState<AlertAction> { TextState("Hello") }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .alert(.ok): break
      case .alert(.again), .ask: state.alert = Self.hello
      }
      return .none
    }
    .ifLet(\.alert, action: .alert)
  }
}

struct PresentingAsker: Reducer {
  struct State: Equatable {
    @Presents var alert: AlertState<AlertAction>?
    var isDeleted = false
  }
  enum AlertAction: Equatable { case delete }
  enum Action: Equatable, CasePathable {
    case alert(PresentationAction<AlertAction>)
    case ask
  }
  static let question = AlertState<AlertAction> {
    TextState("Delete?")
  } actions: {
    ButtonState(role: .destructive, action: .delete) { TextState("Delete") }
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .alert(.presented(.delete)): state.isDeleted = true
      case .alert: break
      case .ask: state.alert = Self.question
      }
      return .none
    }
    .ifLet(\.$alert, action: .alert) {}
  }
}
