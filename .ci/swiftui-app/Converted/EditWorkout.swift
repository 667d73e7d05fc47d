import ReducerKit
import SwiftUI

/// The workout editor, converted to the kit: its logic is a reducer tested on Linux, its view
/// binds form fields through the store, and it still lives under plain parents that hold the
/// workout in a `@Binding` (see `EditWorkoutScreen`).
struct EditWorkout: Reducer {
  struct State: Equatable {
    var workout: Workout
    var newExerciseName = ""
    var syncPasscode = ""
  }

  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
    case addExerciseTapped
    case exercisesDeleted(IndexSet)
    case exercisesMoved(IndexSet, Int)
  }

  @Dependency(\.uuid) var uuid

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding:
        return .none
      case .addExerciseTapped:
        let name = state.newExerciseName.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { return .none }
        state.workout.exercises.append(Workout.Exercise(id: uuid(), name: name))
        state.newExerciseName = ""
        return .none
      case .exercisesDeleted(let offsets):
        // NB: SwiftUI's helper on a plain array, which the stand-in runs on Linux.
        state.workout.exercises.remove(atOffsets: offsets)
        return .none
      case .exercisesMoved(let source, let destination):
        state.workout.exercises.move(fromOffsets: source, toOffset: destination)
        return .none
      }
    }
  }
}

struct EditWorkoutView: View {
  @Bindable var store: StoreOf<EditWorkout>

  var body: some View {
    Form {
      Section(header: Text("Workout")) {
        TextField("Title", text: $store.workout.title)
        HStack {
          Slider(value: $store.workout.minutes, in: 5...90, step: 5) {
            Text("Length")
          }
          .accessibilityValue("\(Int(store.workout.minutes)) minutes")
          Spacer()
          Text("\(Int(store.workout.minutes)) minutes")
            .accessibilityHidden(true)
        }
        Stepper("Rest \(store.workout.restSeconds) s", value: $store.workout.restSeconds, in: 0...300, step: 15)
        Picker("Theme", selection: $store.workout.theme) {
          ForEach(Theme.allCases) { theme in
            Text(theme.name).tag(theme)
          }
        }
        DatePicker("Starts", selection: $store.workout.startsAt, displayedComponents: .hourAndMinute)
        Toggle("Remind me", isOn: $store.workout.remindsMe)
        SecureField("Sync passcode", text: $store.syncPasscode)
      }
      Section(header: Text("Exercises")) {
        ForEach(store.workout.exercises) { exercise in
          Text(exercise.name)
        }
        .onDelete { store.send(.exercisesDeleted($0)) }
        .onMove { store.send(.exercisesMoved($0, $1)) }
        HStack {
          TextField("New exercise", text: $store.newExerciseName)
          Button {
            withAnimation {
              _ = store.send(.addExerciseTapped)
            }
          } label: {
            Image(systemName: "plus.circle.fill")
          }
          .disabled(store.newExerciseName.isEmpty)
        }
      }
    }
  }
}

/// The converted screen under a plain parent: the store lives in `@State`, made once from the
/// parent's value, and each edit goes back through the `@Binding`.
struct EditWorkoutScreen: View {
  @Binding var workout: Workout
  @State private var store: StoreOf<EditWorkout>

  init(workout: Binding<Workout>) {
    _workout = workout
    _store = State(
      initialValue: Store(initialState: EditWorkout.State(workout: workout.wrappedValue)) {
        EditWorkout()
      })
  }

  var body: some View {
    EditWorkoutView(store: store)
      .onChange(of: store.workout) { _, edited in workout = edited }
  }
}
