// The converted screens' logic, tested on Linux with the SwiftUI stand-in linked: the editor's
// reducer calls SwiftUI's `remove(atOffsets:)` and `move(fromOffsets:toOffset:)` on a plain
// array, which the stand-in implements for real.
import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

@testable import AppFixture

@MainActor
struct ConvertedScreensTests {
  static let squat = Workout.Exercise(id: UUID(10), name: "Squat")
  static let lunge = Workout.Exercise(id: UUID(11), name: "Lunge")
  static let plank = Workout.Exercise(id: UUID(12), name: "Plank")

  func editor() -> TestStoreOf<EditWorkout> {
    let workout = Workout(title: "Legs", exercises: [Self.squat, Self.lunge, Self.plank], minutes: 30)
    return TestStore(initialState: EditWorkout.State(workout: workout)) {
      EditWorkout()
    } withDependencies: {
      $0.uuid = .incrementing
    }
  }

  @Test func deletingAndMovingExercisesGoesThroughSwiftUIsHelpers() async {
    let store = editor()
    await store.send(.exercisesMoved([0], 3)) {
      $0.workout.exercises = [Self.lunge, Self.plank, Self.squat]
    }
    await store.send(.exercisesMoved([1, 2], 0)) {
      $0.workout.exercises = [Self.plank, Self.squat, Self.lunge]
    }
    await store.send(.exercisesDeleted([0, 2])) {
      $0.workout.exercises = [Self.squat]
    }
  }

  @Test func addingAnExerciseUsesTheFieldAndClearsIt() async {
    let store = editor()
    await store.send(.binding(.set(\.newExerciseName, "  Deadlift "))) {
      $0.newExerciseName = "  Deadlift "
    }
    await store.send(.addExerciseTapped) {
      $0.workout.exercises.append(Workout.Exercise(id: UUID(0), name: "Deadlift"))
      $0.newExerciseName = ""
    }
    await store.send(.binding(.set(\.workout.minutes, 45))) {
      $0.workout.minutes = 45
    }
  }

  @Test func aSessionCountsSetsAndEndsByItself() async {
    let clock = TestClock()
    let store = TestStore(initialState: SessionTimer.State(workoutID: UUID(1), totalSets: 2)) {
      SessionTimer()
    } withDependencies: {
      $0.continuousClock = clock
      $0.date.now = Date(timeIntervalSince1970: 1_000)
      $0.uuid = .incrementing
    }
    await store.send(.startTapped) { $0.isRunning = true }
    await clock.advance(by: .seconds(30))
    await store.receive(.setCompleted) { $0.completedSets = 1 }
    await clock.advance(by: .seconds(30))
    await store.receive(.setCompleted) { $0.completedSets = 2 }
    await store.receive(.endTapped) {
      $0.isRunning = false
      $0.finished = Workout.Session(
        id: UUID(0), date: Date(timeIntervalSince1970: 1_000), completedSets: 2)
    }
  }
}
