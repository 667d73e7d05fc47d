import ReducerKit
import Testing

/// A send's task covers the effects of the actions its effects fed back, as in the best-known
/// library: cancelling it cancels them, finishing it waits for them.
enum Cascade {
  enum Action: Equatable { case task, response, response1, response2, tick }

  /// `.task` feeds back `.response`, which feeds back `.response1`, then `.response2`; each
  /// starts work that runs until cancelled.
  static func reducer(clock: TestClock) -> Reduce<Int, Action> {
    Reduce { state, action in
      switch action {
      case .task:
        return .run { send in await send(.response) }
      case .response:
        return .merge(
          .run { _ in try? await clock.sleep(for: .seconds(1_000)) },
          .run { send in await send(.response1) })
      case .response1:
        return .merge(
          .run { _ in try? await clock.sleep(for: .seconds(1_000)) },
          .run { send in await send(.response2) })
      case .response2:
        return .run { _ in try? await clock.sleep(for: .seconds(1_000)) }
      case .tick:
        state += 1
        return .none
      }
    }
  }
}

@MainActor
struct StoreTaskTests {
  @Test func cancellingASendsTaskCancelsTheEffectsOfTheActionsItFedBack() async {
    let clock = TestClock()
    let store = Store(initialState: 0) { Cascade.reducer(clock: clock) }
    let task = store.send(.task)
    #expect(await yield(until: { clock.sleeperCount == 3 }), "three effects are waiting")
    task.cancel()
    #expect(await yield(until: { clock.sleeperCount == 0 }), "every one of them was cancelled")
    #expect(task.isCancelled)
  }

  @Test func finishingASendsTaskWaitsForTheEffectsOfTheActionsItFedBack() async {
    let clock = TestClock()
    let store = Store(initialState: 0) { Cascade.reducer(clock: clock) }
    let task = store.send(.task)
    let finished = Flag()
    Task {
      await task.finish()
      finished.isSet = true
    }
    #expect(await yield(until: { clock.sleeperCount == 3 }))
    #expect(!finished.isSet, "the fed-back effects still run")
    await clock.advance(by: .seconds(1_000))
    #expect(await yield(until: { finished.isSet }))
  }

  @Test func anotherSendsTaskIsNotCancelled() async {
    let clock = TestClock()
    let store = Store(initialState: 0) { Cascade.reducer(clock: clock) }
    let first = store.send(.task)
    #expect(await yield(until: { clock.sleeperCount == 3 }))
    let second = store.send(.response2)
    #expect(await yield(until: { clock.sleeperCount == 4 }))
    first.cancel()
    #expect(await yield(until: { clock.sleeperCount == 1 }), "only the other send's work is left")
    #expect(!second.isCancelled)
    second.cancel()
  }
}

/// A stream of events, each of which starts a short piece of work: the shape of a screen whose
/// `.task { await store.send(.onAppear).finish() }` lives as long as the screen.
struct Listener: Reducer {
  struct State: Equatable { var saved = 0 }
  enum Action: Equatable { case listen, event, saved }
  let events: Int
  let clock: TestClock
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .listen:
      return .run { [events, clock] send in
        for _ in 0..<events { await send(.event) }
        try? await clock.sleep(for: .seconds(1_000))
      }
    case .event:
      return .run { send in await send(.saved) }
    case .saved:
      state.saved += 1
      return .none
    }
  }
}

extension StoreTaskTests {
  @Test func aSendsTaskLetsGoOfTheFedBackWorkThatEnded() async {
    let clock = TestClock()
    let store = Store(initialState: Listener.State()) { Listener(events: 100, clock: clock) }
    let task = store.send(.listen)
    #expect(await yield(until: { store.saved == 100 && clock.sleeperCount == 1 }))
    #expect(await yield(until: { task.tasks.count == 1 }), "\(task.tasks.count) tasks held")
    #expect(!task.isCancelled, "a hundred effects finished on their own")
    task.cancel()
    #expect(await yield(until: { clock.sleeperCount == 0 }))
    await task.finish()
    #expect(task.isCancelled)
  }
}

@MainActor
final class Flag {
  var isSet = false
}
