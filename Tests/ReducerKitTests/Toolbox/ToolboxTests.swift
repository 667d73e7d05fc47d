import Foundation
import ReducerKit
import ReducerKitTesting
import TestSupport
import Testing

/// The everyday helpers a feature reaches for: each against its expected behaviour.
@MainActor
struct ToolboxTests {
  @Test func finishedStreamsEndAtOnce() async throws {
    var plain = 0
    for await _ in AsyncStream<Int>.finished { plain += 1 }
    #expect(plain == 0)
    var elements = 0
    for try await _ in AsyncThrowingStream<Int, any Error>.finished() { elements += 1 }
    #expect(elements == 0)
    struct Failure: Error {}
    await #expect(throws: Failure.self) {
      for try await _ in AsyncThrowingStream<Int, any Error>.finished(throwing: Failure()) {}
    }
  }

  @Test func aConstantUUIDGeneratorMakesOneUUID() {
    let id = UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!
    let generator = UUIDGenerator.constant(id)
    #expect(generator() == id)
    #expect(generator() == id)
  }

  @Test func anyHashableSendableComparesWrappedValuesByTypeAndValue() {
    #expect(AnyHashableSendable(1) == AnyHashableSendable(1))
    #expect(AnyHashableSendable(1) != AnyHashableSendable(2))
    #expect(AnyHashableSendable(1) != AnyHashableSendable("1"))
    #expect(AnyHashableSendable(AnyHashableSendable(3)) == 3)
    #expect(Set([AnyHashableSendable("a"), "a", 1]).count == 2)
    #expect("\(AnyHashableSendable("id"))" == "id")
  }

  @Test func anUncheckedSendableCarriesItsValueAndItsProperties() async {
    final class Request { var partial = false }
    var request = UncheckedSendable(Request())
    request.partial = true
    let carried = request
    let seen = await Task.detached { carried.value.partial }.value
    #expect(seen)
  }

  @Test func taskNeverWaitsUntilCancelled() async {
    let finished = Locked(false)
    let task = Task {
      do {
        try await Task.never()
      } catch {
        finished.withLock { $0 = error is CancellationError }
      }
    }
    await Task.yield()
    #expect(!finished.withLock { $0 })
    task.cancel()
    await task.value
    #expect(finished.withLock { $0 })
  }

  @Test func aTimerOnTheTestClockFiresOncePerInterval() async {
    let clock = TestClock()
    let ticks = Locked(0)
    let task = Task {
      for await _ in clock.timer(interval: .seconds(1)) {
        ticks.withLock { $0 += 1 }
      }
    }
    #expect(await yield { clock.sleeperCount == 1 })
    await clock.advance(by: .seconds(1))
    #expect(await yield { ticks.withLock { $0 } == 1 })
    await clock.advance(by: .seconds(2))
    #expect(await yield { ticks.withLock { $0 } == 3 })
    task.cancel()
    await task.value
    await clock.advance(by: .seconds(5))
    #expect(ticks.withLock { $0 } == 3)
  }

  @Test func aTimerOnTheClockDependencyAnExistentialFiresOncePerInterval() async {
    let testClock = TestClock()
    // How users hold it: `@Dependency(\.continuousClock) var clock` is an `any Clock<Duration>`.
    let clock: any Clock<Duration> = testClock
    let ticks = Locked(0)
    let task = Task {
      for await _ in clock.timer(interval: .seconds(1)) {
        ticks.withLock { $0 += 1 }
      }
    }
    #expect(await yield { testClock.sleeperCount == 1 })
    await testClock.advance(by: .seconds(2))
    #expect(await yield { ticks.withLock { $0 } == 2 })
    task.cancel()
    await task.value
  }

  @Test func uuidsFromIntegersMatchTheIncrementingGenerator() {
    let generator = UUIDGenerator.incrementing
    #expect(generator() == UUID(0))
    #expect(generator() == UUID(1))
    #expect(UUID(0).uuidString == "00000000-0000-0000-0000-000000000000")
    #expect(UUID(255).uuidString == "00000000-0000-0000-0000-0000000000FF")
  }

  @Test func removingAtOffsetsAndMovingKeepTheIDIndexRight() {
    var items = IdentifiedArray(uniqueElements: (0..<6).map { Item(id: $0, name: "\($0)") })
    items.remove(atOffsets: [1, 3])
    #expect(items.ids == [0, 2, 4, 5])
    #expect(items.ids.enumerated().allSatisfy { items.index(id: $1) == $0 })
    #expect(!items.contains(id: 3))
    items.move(fromOffsets: [0], toOffset: 4)
    #expect(items.ids == [2, 4, 5, 0])
    #expect(items.ids.enumerated().allSatisfy { items.index(id: $1) == $0 })
  }

  @Test func resultCatchesAnAsyncThrowingOperation() async throws {
    struct Failure: Error, Equatable {}
    let success = await Result { () async throws -> Int in 42 }
    #expect(try success.get() == 42)
    let failure = await Result { () async throws -> Int in throw Failure() }
    #expect(throws: Failure.self) { try failure.get() }
  }

  @Test func aSeededRandomNumberGeneratorIsDeterministicAndAdvances() {
    let first = WithRandomNumberGenerator(RandomSource.Generator(seed: 7))
    let second = WithRandomNumberGenerator(RandomSource.Generator(seed: 7))
    let rolls = (0..<5).map { _ in first { Int.random(in: 1...6, using: &$0) } }
    let again = (0..<5).map { _ in second { Int.random(in: 1...6, using: &$0) } }
    #expect(rolls == again)
    #expect(Set(rolls).count > 1)
  }

  @Test func sendWithAnAnimationSendsTheAction() {
    let store = Store(initialState: Counter.State()) { Counter() }
    store.send(.increment, animation: .default)
    store.send(.increment, animation: nil)
    #expect(store.count == 2)
  }
}
