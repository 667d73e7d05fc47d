import ReducerKit
import ReducerKitTesting
import Testing

/// Enums of features as flexible as the best-known library's: their own body, plain-state
/// cases, non-`Equatable` actions, features built with arguments, user-written conformances.
@MainActor
struct EnumReducersTests {
  @Test func anEnumWithItsOwnBodyRunsItInsteadOfTheGeneratedOne() async {
    let store = TestStore(initialState: Game.State.playing(Stepper.State())) {
      Game.body
    }
    // The body's own `ifCaseLet` builds `Stepper(step: 5)`, not the case's default.
    await store.send(.playing(.tapped)) { $0 = .playing(Stepper.State(count: 5)) }
    // Its own `Reduce` runs too: at ten, the game is over.
    await store.send(.playing(.tapped)) { $0 = .summary(Meeting(minutes: 10), title: "Done") }
  }

  @Test func aCaseWhoseActionIsNotEquatableRuns() async {
    let store = TestStore(initialState: Game.State.callback(Callback.State())) { Game.body }
    await store.send(.callback(.run { 3 })) { $0 = .callback(Callback.State(calls: 3)) }
  }

  @Test func theGeneratedBodyBuildsAFeatureWithItsDefaultValue() async {
    let store = TestStore(initialState: Screen.State.stepper(Stepper.State())) { Screen.body }
    await store.send(.stepper(.tapped)) { $0 = .stepper(Stepper.State(count: 3)) }
  }

  @Test func aLabelledFeatureCaseIsAFeatureAndKeepsItsLabel() async {
    let store = TestStore(initialState: Gallery.State.viewer(feature: Stepper.State())) {
      Gallery.body
    }
    await store.send(.viewer(feature: .tapped)) { $0 = .viewer(feature: Stepper.State(count: 4)) }
    await store.send(\.viewer, .tapped) { $0 = .viewer(feature: Stepper.State(count: 8)) }
    let caption = Gallery.State.caption(text: "A view")
    #expect(caption[case: \.caption] == "A view")
    #expect(caption.viewer == nil)
  }

  @Test func plainStateCasesHaveCasePathsAndNoActions() {
    let meeting = Screen.State.meeting(Meeting(minutes: 4))
    #expect(meeting[case: \.meeting] == Meeting(minutes: 4))
    #expect(meeting.meeting?.minutes == 4)
    #expect(meeting.stepper == nil)
    let summary = Game.State.summary(Meeting(minutes: 1), title: "T")
    let values = summary[case: \.summary]
    #expect(values?.0 == Meeting(minutes: 1) && values?.title == "T")
    // The action of a plain-state case carries `Never`: nothing can be sent to it.
    #expect(CasePath<Screen.Action, Never>(\.meeting).extract(.stepper(.tapped)) == nil)
  }

  @Test func conformancesTheUserWritesAreHonoured() async {
    #expect(Sheet.State.stepper(Stepper.State()) == .stepper(Stepper.State()))
    #expect(Sheet.State.stepper(Stepper.State()) != .stepper(Stepper.State(count: 1)))
    #expect(Sheet.State.stepper(Stepper.State()) != .alert(AlertState { TextState("Hi") }))
    #expect(Sheet.Action.alert(.ok) == .alert(.ok))
    #expect(Sheet.Action.alert(.ok) != .stepper(.tapped))
    let store = TestStore(initialState: Sheet.State.stepper(Stepper.State())) { Sheet.body }
    await store.send(.stepper(.tapped)) { $0 = .stepper(Stepper.State(count: 1)) }
  }
}

/// An `Action` the enum of features declares is used as written.
@MainActor
struct DeclaredActionTests {
  @Test func aDeclaredActionDrivesTheGeneratedBody() async {
    let store = TestStore(initialState: Review.State.stepper(Stepper.State())) { Review.body }
    await store.send(\.stepper.tapped) { $0 = .stepper(Stepper.State(count: 4)) }
    #expect(Review.Action.alert(.confirm).is(\.alert))
    #expect(CasePath<Review.Action, Review.Alert>(\.alert).extract(.alert(.confirm)) == .confirm)
  }
}
