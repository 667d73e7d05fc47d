import SwiftUI

/// A workout the user plans and logs.
struct Workout: Identifiable, Hashable, Codable, Sendable {
  var id = UUID()
  var title: String
  var exercises: [Exercise]
  var minutes: Double
  var restSeconds = 60
  var theme: Theme = .orange
  var startsAt = Date(timeIntervalSince1970: 0)
  var remindsMe = false
  var history: [Session] = []

  struct Exercise: Identifiable, Hashable, Codable, Sendable {
    var id = UUID()
    var name: String
    var sets = 3
  }

  struct Session: Identifiable, Hashable, Codable, Sendable {
    var id = UUID()
    var date: Date
    var completedSets: Int
  }

  static let empty = Workout(title: "", exercises: [], minutes: 30)

  static let samples = [
    Workout(
      title: "Legs", exercises: [Exercise(name: "Squat"), Exercise(name: "Lunge", sets: 4)],
      minutes: 45, theme: .orange),
    Workout(title: "Core", exercises: [Exercise(name: "Plank", sets: 2)], minutes: 20, theme: .teal),
  ]
}

enum Theme: String, CaseIterable, Identifiable, Codable, Sendable {
  case orange, teal, indigo

  var id: String { rawValue }
  var name: String { rawValue.capitalized }

  var mainColor: Color {
    switch self {
    case .orange: .orange
    case .teal: Color(red: 0.2, green: 0.6, blue: 0.6)
    case .indigo: Color("indigo")
    }
  }

  var accentColor: Color { self == .orange ? .black : .white }
}
