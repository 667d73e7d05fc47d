import ReducerKit
import Testing

/// A feature that exercises each kind of effect.
struct Effects: Reducer {
  struct State: Equatable { var log: [String] = [] }
  enum Action: Equatable {
    case startTimer, stopTimer, tick
    case search(String)
    case searchDone(String)
    case scroll(Int)
    case scrolled(Int)
    case sequence
    case step(Int)
    case fail, failHandled
    case failed(String)
    case leakSend(key: String)
    case leaked
  }
  enum CancelID { case timer, search, scroll }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startTimer:
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
      .cancellable(id: CancelID.timer, cancelInFlight: true)
    case .stopTimer:
      return .cancel(id: CancelID.timer)
    case .tick:
      state.log.append("tick")
      return .none
    case .search(let query):
      return .send(.searchDone(query))
        .debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
    case .searchDone(let query):
      state.log.append("search \(query)")
      return .none
    case .scroll(let offset):
      return .send(.scrolled(offset))
        .throttle(id: CancelID.scroll, for: .seconds(1), clock: clock, latest: true)
    case .scrolled(let offset):
      state.log.append("scrolled \(offset)")
      return .none
    case .sequence:
      return .concatenate(
        .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.step(1))
        },
        .send(.step(2))
      )
    case .step(let n):
      state.log.append("step \(n)")
      return .none
    case .fail:
      Self.failLine = #line + 1
      return .run { _ in throw Failure() }
    case .failHandled:
      return .run { _ in
        throw Failure()
      } catch: { error, send in
        await send(.failed("\(error)"))
      }
    case .failed(let message):
      state.log.append("failed \(message)")
      return .none
    case .leakSend(let key):
      return .run { send in
        await MainActor.run { Leak.sends[key] = send }
      }
    case .leaked:
      state.log.append("leaked")
      return .none
    }
  }

  nonisolated(unsafe) static var failLine: UInt = 0

  struct Failure: Error, CustomStringConvertible { var description: String { "boom" } }
}

@MainActor
enum Leak {
  /// Escaped `send`s, one per test that leaks one (tests run in parallel).
  static var sends: [String: Send<Effects.Action>] = [:]
}

@MainActor
struct EffectTests {
  func makeStore(clock: some Clock<Duration>) -> StoreOf<Effects> {
    Store(initialState: Effects.State()) {
      Effects()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func cancellableEffectStopsWhenCancelledByID() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    let timer = store.send(.startTimer)
    #expect(await yield { clock.sleeperCount == 1 })
    await clock.advance(by: .seconds(1))
    #expect(await yield { store.log == ["tick"] })
    #expect(await yield { clock.sleeperCount == 1 })
    store.send(.stopTimer)
    await timer.finish()
    await clock.advance(by: .seconds(5))
    #expect(store.log == ["tick"])
  }

  @Test func cancelInFlightKeepsOnlyTheNewestEffect() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    let first = store.send(.startTimer)
    #expect(await yield { clock.sleeperCount == 1 })
    let second = store.send(.startTimer)
    await first.finish()
    #expect(first.isCancelled)
    #expect(!second.isCancelled)
    second.cancel()
  }

  @Test func debounceRunsOnlyTheLastRequest() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    var tasks: [StoreTask] = []
    for query in ["s", "sw", "swi", "swift"] {
      tasks.append(store.send(.search(query)))
      #expect(await yield { clock.sleeperCount == 1 })
      await clock.advance(by: .milliseconds(100))
    }
    await clock.advance(by: .milliseconds(300))
    for task in tasks { await task.finish() }
    #expect(store.log == ["search swift"])
  }

  @Test func throttleSendsFirstAtOnceThenLatestAtTheEndOfTheWindow() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    store.send(.scroll(1))
    store.send(.scroll(2))
    let last = store.send(.scroll(3))
    #expect(store.log == ["scrolled 1"])
    #expect(await yield { clock.sleeperCount == 1 })
    await clock.advance(by: .seconds(1))
    #expect(
      await yield { store.log == ["scrolled 1", "scrolled 3"] },
      "\(store.log) sleepers \(clock.sleeperCount)")
    await clock.run()
    await last.finish()
    #expect(store.log == ["scrolled 1", "scrolled 3"])
  }

  @Test func concatenateRunsEffectsInOrder() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    let task = store.send(.sequence)
    #expect(await yield { clock.sleeperCount == 1 })
    #expect(store.log == [])
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(store.log == ["step 1", "step 2"])
  }

  @Test func unhandledErrorIsReportedAtTheRunCall() async {
    await withRecordedIssues { issues in
      let store = makeStore(clock: TestClock())
      await store.send(.fail).finish()
      #expect(issues.messages.count == 1)
      #expect(issues.messages.first?.contains("threw an error that nothing handled: boom") == true)
      #expect(issues.locations.first?.fileID == "ReducerKitTests/EffectTests.swift")
      #expect(issues.locations.first?.line == Effects.failLine)
    }
  }

  @Test func handledErrorIsSentBack() async {
    let store = makeStore(clock: TestClock())
    await store.send(.failHandled).finish()
    #expect(store.log == ["failed boom"])
  }

  @Test func sendingAfterTheEffectFinishedIsReportedAndDropped() async {
    await withRecordedIssues { issues in
      let store = makeStore(clock: TestClock())
      await store.send(.leakSend(key: "EffectTests")).finish()
      Leak.sends["EffectTests"]?(.leaked)
      #expect(store.log == [])
      #expect(issues.messages.count == 1)
      #expect(issues.messages.first?.contains("effect that had already finished") == true)
    }
  }

  @Test func mapEmbedsEveryAction() async {
    let effect = Effect<Int>.merge(.send(1), .send(2)).map { "\($0)" }
    struct Log: Reducer {
      let effect: Effect<String>
      func reduce(into state: inout [String], action: String) -> Effect<String> {
        state.append(action)
        return action == "start" ? effect : .none
      }
    }
    let store = Store(initialState: [String]()) { Log(effect: effect) }
    store.send("start")
    #expect(store.state == ["start", "1", "2"])
  }
}

@MainActor
struct ThrottleFirstTests {
  @Test func throttleWithLatestFalseKeepsTheFirstHeldEffect() async {
    enum ScrollID { case scroll }
    struct Scroller: Reducer {
      @Dependency(\.continuousClock) var clock
      func reduce(into state: inout [Int], action: Int) -> Effect<Int> {
        if action < 0 {
          state.append(-action)
          return .none
        }
        return .send(-action).throttle(
          id: ScrollID.scroll, for: .seconds(1), clock: clock, latest: false)
      }
    }
    let clock = TestClock()
    let store = Store(initialState: [Int]()) {
      Scroller()
    } withDependencies: {
      $0.continuousClock = clock
    }
    store.send(1)
    store.send(2)
    store.send(3)
    #expect(store.state == [1])
    #expect(await yield { clock.sleeperCount == 1 })
    await clock.advance(by: .seconds(1))
    #expect(await yield { store.state == [1, 2] })
    await clock.run()
    #expect(store.state == [1, 2])
  }
}

/// A throttled tick that can be cancelled, optionally wrapped in a composite effect.
struct Ticker: Reducer {
  enum Action: Equatable { case tick, cancel, fired }
  enum TickID { case tick }
  let composite: Bool
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    switch action {
    case .tick:
      let throttled = Effect<Action>.send(.fired)
        .throttle(id: TickID.tick, for: .seconds(1), clock: clock)
      return composite ? .concatenate(.run { _ in }, throttled) : throttled
    case .cancel:
      return .cancel(id: TickID.tick)
    case .fired:
      state += 1
      return .none
    }
  }
}

@MainActor
struct ThrottleWindowTests {
  func store(composite: Bool, clock: TestClock) -> StoreOf<Ticker> {
    Store(initialState: 0) {
      Ticker(composite: composite)
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func cancellingDropsTheHeldTickButKeepsTheWindow() async {
    let clock = TestClock()
    let store = store(composite: false, clock: clock)
    store.send(.tick)
    store.send(.tick)
    #expect(store.state == 1)
    store.send(.cancel)
    await clock.advance(by: .milliseconds(500))
    #expect(store.state == 1)
    // The window opened at 0 s is still open after the cancel: a tick at 0.5 s is held...
    store.send(.tick)
    for _ in 0..<50 { await Task.yield() }
    #expect(store.state == 1)
    // ...and runs when it ends; the tick the cancel dropped never runs.
    await clock.advance(by: .milliseconds(500))
    #expect(await yield { store.state == 2 })
    await clock.run()
    #expect(store.state == 2)
  }

  @Test func throttleInsideACompositeEffectIsExact() async {
    let clock = TestClock()
    let store = store(composite: true, clock: clock)
    for _ in 0..<3 { store.send(.tick) }
    #expect(await yield { store.state == 1 })
    for _ in 0..<50 { await Task.yield() }
    #expect(store.state == 1)
    await clock.advance(by: .seconds(1))
    #expect(await yield { store.state == 2 })
    await clock.advance(by: .seconds(5))
    for _ in 0..<50 { await Task.yield() }
    #expect(store.state == 2)
  }
}
