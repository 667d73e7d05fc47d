import ReducerKit
import ReducerKitPatterns

/// A yearly recap screen with a year switcher: switching to a year that is not loaded yet keeps
/// the previous year's figures on screen instead of flashing a placeholder, and shows the
/// placeholder only if loading takes longer than a second.
public struct Recaps: Reducer {
  /// A year's figures.
  public struct Recap: Equatable, Sendable {
    /// The year.
    public var year: Int
    /// Articles read that year.
    public var articlesRead: Int

    /// Creates a recap.
    public init(year: Int, articlesRead: Int) {
      self.year = year
      self.articlesRead = articlesRead
    }
  }

  /// The screen's state.
  public struct State: Equatable, Sendable {
    /// The selected year.
    public var year: Int
    /// The recaps loaded so far, by year.
    public var recaps: [Int: Recap] = [:]
    /// What the screen draws.
    public var display: HeldValue<Recap> = .placeholder
    /// Loading of the selected year.
    public var loading: LoadingState<Recap> = .idle

    /// The selected year's recap, `nil` until it is loaded.
    public var selectedRecap: Recap? { recaps[year] }

    /// Starts on `year`.
    public init(year: Int) { self.year = year }
  }

  /// What can happen on the screen.
  public enum Action: Equatable, Sendable, CasePathable {
    /// A year was picked.
    case yearPicked(Int)
    /// Loading the selected year.
    case loading(LoadAction<Int, Recap>)
    /// The hold on the previous year's figures ran out (delivered by `holdingLastValue`).
    case holdExpired
  }

  @Dependency(\.recapsClient) var client

  /// Creates the reducer.
  public init() {}

  /// The screen's logic.
  public var body: some ReducerOf<Self> {
    CombineReducers {
      Reduce { state, action in
        switch action {
        case .yearPicked(let year):
          state.year = year
          return state.recaps[year] == nil ? .send(.loading(.load(year))) : .none
        case .loading(.response(.success(let recap))):
          state.recaps[recap.year] = recap
          return .none
        case .loading, .holdExpired:
          return .none
        }
      }
      Scope(state: \.loading, action: .loading) {
        Load { [client] year in try await client.recap(year) }
      }
    }
    .holdingLastValue(
      of: \.selectedRecap, in: \.display, placeholderAfter: .seconds(1),
      timeoutAction: .holdExpired)
  }
}

/// Loads a year's recap.
public struct RecapsClient: Sendable, DependencyKey {
  /// Loads the recap of `year`.
  public var recap: @Sendable (_ year: Int) async throws -> Recaps.Recap

  /// Creates a client.
  public init(recap: @escaping @Sendable (Int) async throws -> Recaps.Recap) {
    self.recap = recap
  }

  /// A simulated API answering after half a second on the clock dependency.
  public static var liveValue: RecapsClient {
    RecapsClient { year in
      @Dependency(\.continuousClock) var clock
      try await clock.sleep(for: .milliseconds(500))
      return Recaps.Recap(year: year, articlesRead: (year % 100) * 7)
    }
  }

  /// Fails the test if called without an override.
  public static var testValue: RecapsClient {
    RecapsClient(recap: unimplemented("RecapsClient.recap"))
  }
}

extension DependencyValues {
  /// The recaps API.
  public var recapsClient: RecapsClient {
    get { self[RecapsClient.self] }
    set { self[RecapsClient.self] = newValue }
  }
}
