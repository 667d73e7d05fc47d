// Enums of features in the shapes the best-known library's `@Reducer enum` accepts, for the
// case-path plugin: their own body, plain-state cases, non-Equatable actions, features with init
// arguments, and conformances the user writes. Each is written for this test.
import ReducerKit

/// A feature that takes an argument.
struct Stepper: Reducer {
  let step: Int
  struct State: Equatable { var count = 0 }
  enum Action: Equatable { case tapped }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.count += step
      return .none
    }
  }
}

/// A feature whose action is not `Equatable` (it carries a closure).
struct Callback: Reducer {
  struct State: Equatable { var calls = 0 }
  enum Action { case run(@Sendable () -> Int) }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .run(let work): state.calls += work()
      }
      return .none
    }
  }
}

/// Plain state, not a reducer.
struct Meeting: Equatable, Sendable {
  var minutes: Int
}

/// A game: its own body around its cases, a plain-state case with labels, a feature built with
/// arguments (its default value), and a feature whose action is not `Equatable`.
enum Game: CaseReducer {
  case playing(Stepper = Stepper(step: 2))
  case review(Meeting)
  case summary(Meeting, title: String)
  case callback(Callback)

  static var body: some ReducerOf<Self> {
    EmptyReducer()
      .ifCaseLet(\.playing, action: \.playing) { Stepper(step: 5) }
      .ifCaseLet(\.callback, action: \.callback) { Callback() }
    Reduce { state, action in
      // The enum's own logic, after its cases': a game ends once it reaches ten.
      if case .playing(let playing) = state, playing.count >= 10 {
        state = .summary(Meeting(minutes: playing.count), title: "Done")
      }
      return .none
    }
  }
}

/// The generated body, a plain-state case, and a feature built with its default value.
enum Screen: CaseReducer {
  case stepper(Stepper = .init(step: 3))
  case meeting(Meeting)
}

/// Conformances the user writes, as ports of the best-known library do: accepted, not redundant.
enum Sheet: CaseReducer {
  case stepper(Stepper = Stepper(step: 1))
  case alert(AlertState<Alert>)
  enum Alert: Equatable { case ok }
}

extension Sheet.State: Equatable {}
extension Sheet.Action: Equatable {}

/// An enum of features that declares its own `Action`, as the best-known library allows (its
/// alert's case carries the alert's action): used as written, with case paths and no marker.
enum Review: CaseReducer {
  case alert(AlertState<Alert>)
  case stepper(Stepper = Stepper(step: 4))

  enum Action {
    case alert(Alert)
    case stepper(Stepper.Action)
  }
  enum Alert { case confirm }
}

/// Features in labelled cases, as the best-known library's macro accepts them: each keeps its
/// label in `State` and `Action`; a labelled standard value is plain state.
enum Gallery: CaseReducer {
  case viewer(feature: Stepper = Stepper(step: 4))
  case caption(text: String)
}
