import SwiftUI

@main
struct WorkoutsApp: App {
  @StateObject private var store = WorkoutStore()
  @Environment(\.scenePhase) private var scenePhase

  var body: some Scene {
    WindowGroup {
      WorkoutsListView(workouts: $store.workouts) {
        Task {
          try? await store.save()
        }
      }
      .environmentObject(store)
      .task { await store.load() }
      .alert("Your workouts could not be loaded", isPresented: $store.loadFailed) {
        Button("OK", role: .cancel) {}
      }
    }
    .onChange(of: scenePhase) { _, phase in
      if phase == .inactive { Task { try? await store.save() } }
    }
  }
}
