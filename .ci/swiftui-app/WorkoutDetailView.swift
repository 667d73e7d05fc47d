import ReducerKit
import SwiftUI

struct WorkoutDetailView: View {
  @Binding var workout: Workout
  @State private var editingWorkout = Workout.empty
  @State private var isPresentingEditView = false
  @State private var isRunning = false

  var body: some View {
    List {
      Section(header: Text("Workout")) {
        Button {
          isRunning = true
        } label: {
          Label("Start", systemImage: "timer")
            .font(.headline)
            .foregroundColor(.accentColor)
        }
        HStack {
          Label("Length", systemImage: "clock")
          Spacer()
          Text("\(Int(workout.minutes)) minutes")
        }
        .accessibilityElement(children: .combine)
        HStack {
          Label("Theme", systemImage: "paintpalette")
          Spacer()
          Text(workout.theme.name)
            .padding(4)
            .foregroundColor(workout.theme.accentColor)
            .background(workout.theme.mainColor)
            .cornerRadius(4)
        }
      }
      Section(header: Text("Exercises")) {
        ForEach(workout.exercises) { exercise in
          Label(exercise.name, systemImage: "dumbbell")
        }
      }
      Section(header: Text("History")) {
        if workout.history.isEmpty {
          Label("No sessions yet", systemImage: "calendar.badge.exclamationmark")
        }
        ForEach(workout.history) { session in
          HStack {
            Image(systemName: "calendar")
            Text(session.date, style: .date)
          }
        }
      }
    }
    .navigationTitle(workout.title)
    .toolbar {
      Button("Edit") {
        isPresentingEditView = true
        editingWorkout = workout
      }
    }
    .sheet(isPresented: $isPresentingEditView) {
      NavigationStack {
        EditWorkoutScreen(workout: $editingWorkout)
          .navigationTitle(workout.title)
          .toolbar {
            ToolbarItem(placement: .cancellationAction) {
              Button("Cancel") { isPresentingEditView = false }
            }
            ToolbarItem(placement: .confirmationAction) {
              Button("Done") {
                isPresentingEditView = false
                workout = editingWorkout
              }
            }
          }
      }
    }
    .fullScreenCover(isPresented: $isRunning) {
      SessionScreen(workout: workout)
    }
  }
}
