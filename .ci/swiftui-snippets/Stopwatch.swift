// Navigation.md, "A sheet": a public reducer whose effects capture what they use.
import ReducerKit

public struct Stopwatch: Reducer {
  public struct State: Equatable, Identifiable {
    public let id: Int
    var seconds = 0
  }
  public enum Action: Equatable {
    case start
    case tick
    case closeTapped
  }
  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
    case .tick:
      state.seconds += 1
      return .none
    case .closeTapped:
      return .run { [dismiss] _ in await dismiss() }
    }
  }
}
