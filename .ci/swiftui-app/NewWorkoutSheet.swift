import ReducerKit
import SwiftUI

/// A new workout: the converted editor inside a sheet of an unconverted list, which keeps the
/// value in a plain `@Binding`.
struct NewWorkoutSheet: View {
  @Binding var workout: Workout
  @Binding var workouts: [Workout]
  @Binding var isPresented: Bool

  var body: some View {
    NavigationStack {
      EditWorkoutScreen(workout: $workout)
        .toolbar {
          ToolbarItem(placement: .cancellationAction) {
            Button("Dismiss") { isPresented = false }
          }
          ToolbarItem(placement: .confirmationAction) {
            Button("Add") {
              workouts.append(workout)
              workout = .empty
              isPresented = false
            }
            .disabled(workout.title.isEmpty)
          }
        }
    }
  }
}
