import SwiftUI

struct WorkoutsListView: View {
  @Binding var workouts: [Workout]
  let saveAction: () -> Void
  @State private var isPresentingNewWorkout = false
  @State private var newWorkout = Workout.empty

  var body: some View {
    NavigationStack {
      List {
        ForEach($workouts) { $workout in
          NavigationLink(value: workout.id) {
            WorkoutCard(workout: workout)
          }
          .listRowBackground(workout.theme.mainColor)
          .swipeActions {
            Button("Reset", role: .destructive) { workout.history.removeAll() }
          }
        }
        .onDelete { workouts.remove(atOffsets: $0) }
        .onMove { workouts.move(fromOffsets: $0, toOffset: $1) }
      }
      .navigationTitle("Workouts")
      .navigationDestination(for: Workout.ID.self) { id in
        if let index = workouts.firstIndex(where: { $0.id == id }) {
          WorkoutDetailView(workout: $workouts[index])
        }
      }
      .toolbar {
        ToolbarItem(placement: .primaryAction) {
          Button {
            isPresentingNewWorkout = true
          } label: {
            Image(systemName: "plus")
          }
          .accessibilityLabel("New workout")
        }
        ToolbarItem(placement: .topBarLeading) {
          EditButton()
        }
      }
      .sheet(isPresented: $isPresentingNewWorkout, onDismiss: saveAction) {
        NewWorkoutSheet(
          workout: $newWorkout, workouts: $workouts, isPresented: $isPresentingNewWorkout)
      }
    }
  }
}

struct WorkoutCard: View {
  let workout: Workout

  var body: some View {
    VStack(alignment: .leading) {
      Text(workout.title)
        .font(.headline)
        .accessibilityAddTraitsIfNeeded()
      Spacer()
      HStack {
        Label("\(workout.exercises.count)", systemImage: "figure.run")
          .accessibilityLabel("\(workout.exercises.count) exercises")
        Spacer()
        Label("\(Int(workout.minutes))", systemImage: "clock")
          .labelStyle(.titleAndIcon)
          .padding(.trailing, 20)
      }
      .font(.caption)
    }
    .padding()
    .foregroundColor(workout.theme.accentColor)
    .cardStyle(workout.theme)
  }
}

extension View {
  /// An app helper of the kind apps write: a name no framework uses.
  fileprivate func accessibilityAddTraitsIfNeeded() -> some View { self }
}
