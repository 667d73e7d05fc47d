import ReducerKit
import SwiftUI

/// The session timer, converted to the kit: a clock effect counts sets; when the session ends,
/// the screen hands it to the app's `ObservableObject` store, which the rest of the app still
/// uses.
struct SessionTimer: Reducer {
  struct State: Equatable {
    let workoutID: Workout.ID
    let totalSets: Int
    var completedSets = 0
    var isRunning = false
    var finished: Workout.Session?
  }

  enum Action: Equatable {
    case startTapped
    case setCompleted
    case endTapped
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.date.now) var now
  @Dependency(\.uuid) var uuid

  private enum CancelID { case timer }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .startTapped:
        state.isRunning = true
        return .run { [clock] send in
          for await _ in clock.timer(interval: .seconds(30)) {
            await send(.setCompleted)
          }
        }
        .cancellable(id: CancelID.timer, cancelInFlight: true)
      case .setCompleted:
        state.completedSets += 1
        guard state.completedSets >= state.totalSets else { return .none }
        return .send(.endTapped)
      case .endTapped:
        state.isRunning = false
        state.finished = Workout.Session(id: uuid(), date: now, completedSets: state.completedSets)
        return .cancel(id: CancelID.timer)
      }
    }
  }
}

struct SessionScreen: View {
  let workout: Workout
  @EnvironmentObject private var workouts: WorkoutStore
  @Environment(\.dismiss) private var dismiss
  @State private var store: StoreOf<SessionTimer>

  init(workout: Workout) {
    self.workout = workout
    let sets = workout.exercises.reduce(0) { $0 + $1.sets }
    _store = State(
      initialValue: Store(initialState: SessionTimer.State(workoutID: workout.id, totalSets: sets))
      {
        SessionTimer()
      })
  }

  var body: some View {
    ZStack {
      RoundedRectangle(cornerRadius: 16)
        .fill(workout.theme.mainColor)
      VStack {
        ProgressRing(
          completedSets: store.completedSets, totalSets: store.totalSets, theme: workout.theme)
        Button(store.isRunning ? "End" : "Start") {
          store.send(store.isRunning ? .endTapped : .startTapped)
        }
        .buttonStyle(.borderedProminent)
      }
    }
    .padding()
    .onChange(of: store.finished) { _, session in
      guard let session else { return }
      workouts.record(session, for: workout.id)
      dismiss()
    }
  }
}
