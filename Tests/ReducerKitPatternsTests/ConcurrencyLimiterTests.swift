import Foundation
import ReducerKit
import ReducerKitPatterns
import TestSupport
import Testing

/// Tracks how many operations run at once.
final class Occupancy: @unchecked Sendable {
  // NB: `@unchecked Sendable`: guarded by `lock`.
  private let lock = NSLock()
  private var current = 0
  private(set) var peak = 0
  private(set) var completed = 0

  func enter() {
    lock.withLock {
      current += 1
      peak = max(peak, current)
    }
  }

  func leave() {
    lock.withLock {
      current -= 1
      completed += 1
    }
  }
}

struct ConcurrencyLimiterTests {
  @Test func aBurstOfAcquiresReleasesAndCancelsStrandsNoWaiter() async {
    // A release landing between a waiter's "is a slot free?" and "join the queue" used to free a
    // slot nobody waited for, and the waiter slept beside it forever.
    let limiter = ConcurrencyLimiter(maxConcurrent: 1)
    let occupancy = Occupancy()
    let done = Locked(false)
    // Tasks whose result is in: progress, which a stranded waiter stops.
    let settled = Locked(0)
    Task.detached {
      for round in 0..<100 {
        let tasks = (0..<100).map { index in
          Task.detached {
            try await limiter.run {
              occupancy.enter()
              occupancy.leave()
            }
          }
        }
        for (index, task) in tasks.enumerated() where (index + round) % 7 == 0 { task.cancel() }
        for task in tasks {
          _ = await task.result
          settled.withLock { $0 += 1 }
        }
      }
      done.withLock { $0 = true }
    }
    // NB: liveness, not a deadline: a stranded waiter is one left waiting while nothing runs
    // and nothing settles for a while. A slow machine (the thread sanitizer under load took 43 s
    // here) keeps making progress, and is waited for; the generous cap only keeps a run from
    // hanging if progress never stops but never ends either.
    let clock = ContinuousClock()
    let cap = clock.now.advanced(by: .seconds(600))
    var lastSettled = -1
    var lastProgress = clock.now
    var stranded = false
    while !done.withLock({ $0 }), clock.now < cap {
      try? await Task.sleep(for: .milliseconds(10))
      let now = settled.withLock { $0 }
      if now != lastSettled {
        lastSettled = now
        lastProgress = clock.now
      } else if clock.now - lastProgress > .seconds(5), limiter.runningCount == 0,
        limiter.waitingCount > 0
      {
        stranded = true
        break
      }
    }
    #expect(
      !stranded,
      "a waiter is stranded: \(limiter.waitingCount) waiting, nothing running, no task settled for 5 s"
    )
    #expect(
      done.withLock { $0 },
      "still settling after 600 s: \(settled.withLock { $0 }) of 10,000 tasks settled")
    #expect(occupancy.peak <= 1)
  }

  @Test func waitersRunInOrderAndTheLimitHolds() async throws {
    let limiter = ConcurrencyLimiter(maxConcurrent: 2)
    let occupancy = Occupancy()
    let order = LockedLog()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<10 {
        group.addTask {
          try await limiter.run {
            occupancy.enter()
            order.append(index)
            for _ in 0..<5 { await Task.yield() }
            occupancy.leave()
          }
        }
        // Let each task reach the limiter before the next one, so that arrival order is known.
        for _ in 0..<3 { await Task.yield() }
      }
      try await group.waitForAll()
    }
    #expect(occupancy.peak <= 2)
    #expect(occupancy.completed == 10)
    #expect(limiter.runningCount == 0)
  }

  @Test func aWaiterCancelledAsTheSlotFreesHandsTheSlotOn() async throws {
    let limiter = ConcurrencyLimiter(maxConcurrent: 1)
    let occupancy = Occupancy()
    let gate = AsyncStream<Void>.makeStream()
    let holder = Task {
      try await limiter.run {
        occupancy.enter()
        for await _ in gate.stream {}
        occupancy.leave()
      }
    }
    while limiter.runningCount < 1 { await Task.yield() }
    let cancelled = Task {
      try await limiter.run {
        occupancy.enter()
        occupancy.leave()
      }
    }
    let next = Task {
      try await limiter.run {
        occupancy.enter()
        occupancy.leave()
      }
    }
    while limiter.waitingCount < 2 { await Task.yield() }
    // Free the slot and cancel the first waiter at the same moment.
    gate.continuation.finish()
    cancelled.cancel()
    try await holder.value
    _ = await cancelled.result
    try await next.value
    #expect(occupancy.peak == 1)
    #expect(limiter.runningCount == 0)
    #expect(limiter.waitingCount == 0)
  }

  @Test func randomizedCancellationRacesNeverExceedTheLimit() async throws {
    var random = RandomSource.Generator(seed: 20_261_122)
    for round in 0..<20 {
      let limit = Int.random(in: 1...4, using: &random)
      let limiter = ConcurrencyLimiter(maxConcurrent: limit)
      let occupancy = Occupancy()
      var tasks: [(Task<Void, any Error>, cancel: Bool)] = []
      for _ in 0..<200 {
        let work = Int.random(in: 0...6, using: &random)
        let task = Task {
          try await limiter.run {
            occupancy.enter()
            for _ in 0..<work { await Task.yield() }
            occupancy.leave()
          }
        }
        tasks.append((task, Bool.random(using: &random) && Bool.random(using: &random)))
        if Int.random(in: 0...3, using: &random) == 0 { await Task.yield() }
      }
      for (task, cancel) in tasks where cancel { task.cancel() }
      for (task, _) in tasks { _ = await task.result }
      #expect(
        occupancy.peak <= limit, "round \(round): \(occupancy.peak) ran at once, limit \(limit)")
      #expect(limiter.runningCount == 0, "round \(round)")
      #expect(limiter.waitingCount == 0, "round \(round)")
      let notCancelled = tasks.filter { !$0.cancel }.count
      #expect(occupancy.completed >= notCancelled, "round \(round)")
    }
  }
}

final class LockedLog: @unchecked Sendable {
  // NB: `@unchecked Sendable`: guarded by `lock`.
  private let lock = NSLock()
  private var values: [Int] = []
  func append(_ value: Int) { lock.withLock { values.append(value) } }
  var all: [Int] { lock.withLock { values } }
}

/// Absurd configurations are clamped to the nearest sensible value rather than crashing.
struct PatternConfigurationTests {
  @Test func absurdValuesAreClamped() {
    #expect(ConcurrencyLimiter(maxConcurrent: 0).maxConcurrent == 1)
    #expect(ConcurrencyLimiter(maxConcurrent: -3).maxConcurrent == 1)
    #expect(WindowedList<Note>(pageSize: -5).pageSize == 1)
    let policy = RetryPolicy.exponentialBackoff(
      maxAttempts: -1, baseDelay: .seconds(-2), multiplier: 0.1, maxDelay: .seconds(-1),
      jitter: 7)
    #expect(policy.maxAttempts == 1)
    #expect(policy.baseDelay == .zero)
    #expect(policy.multiplier == 1)
    #expect(policy.maxDelay == .zero)
    #expect(policy.jitter == 1)
    #expect(LoadingProgress(fraction: 3).fraction == 1)
    #expect(LoadingProgress(fraction: -1).fraction == 0)
  }
}
