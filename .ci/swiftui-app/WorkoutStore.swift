import SwiftUI

/// The app's model, as apps of the `ObservableObject` era write it: published workouts, loaded
/// from and saved to a JSON file in the documents folder.
@MainActor
final class WorkoutStore: ObservableObject {
  @Published var workouts: [Workout] = []
  @Published var loadFailed = false

  nonisolated private static func fileURL() throws -> URL {
    try FileManager.default.url(
      for: .documentDirectory, in: .userDomainMask, appropriateFor: nil, create: false
    )
    .appendingPathComponent("workouts.data")
  }

  func load() async {
    do {
      let url = try Self.fileURL()
      let task = Task<[Workout], any Error>.detached {
        guard let data = try? Data(contentsOf: url) else { return [] }
        return try JSONDecoder().decode([Workout].self, from: data)
      }
      workouts = try await task.value
    } catch {
      loadFailed = true
    }
  }

  func save() async throws {
    let workouts = self.workouts
    let task = Task.detached {
      let data = try JSONEncoder().encode(workouts)
      try data.write(to: try Self.fileURL())
    }
    try await task.value
  }

  func record(_ session: Workout.Session, for workoutID: Workout.ID) {
    guard let index = workouts.firstIndex(where: { $0.id == workoutID }) else { return }
    workouts[index].history.insert(session, at: 0)
  }
}
