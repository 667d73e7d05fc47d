import ReducerKit
import TestSupport
import Testing

@MainActor
struct TestClockTests {
  @Test(arguments: [true, false])
  func aZeroSleepWaitsForTheNextAdvance(byDeadline: Bool) async throws {
    let clock = TestClock()
    let woke = Locked(false)
    let now = clock.now
    let sleeper = Task {
      if byDeadline {
        try await clock.sleep(until: now)
      } else {
        try await clock.sleep(for: .zero)
      }
      woke.withLock { $0 = true }
    }
    for _ in 0..<200 { await Task.yield() }
    #expect(!woke.withLock { $0 }, "a zero sleep returned before the clock moved")
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .zero)
    try await sleeper.value
    #expect(woke.withLock { $0 })
  }

  @Test func aDeadlineInThePastReturnsAtOnce() async throws {
    let clock = TestClock()
    let start = clock.now
    await clock.advance(by: .seconds(1))
    try await clock.sleep(until: start)
    #expect(clock.sleeperCount == 0)
  }
}
