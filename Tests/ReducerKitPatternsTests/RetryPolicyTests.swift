import ReducerKit
import ReducerKitPatterns
import Testing

struct RetryPolicyTests {
  @Test(arguments: [Duration.zero, .nanoseconds(1), .seconds(1)], [1.0, 2.0, 1e6])
  func everyDelayIsFiniteAndWithinBounds(base: Duration, multiplier: Double) {
    let policy = RetryPolicy.exponentialBackoff(
      maxAttempts: .max, baseDelay: base, multiplier: multiplier, maxDelay: .seconds(30))
    for retry in [1, 2, 10, 64, 1_024, 1_025, 100_000, .max] {
      // Used to trap: zero times an overflowed power is NaN, and `.seconds(.nan)` traps.
      let delay = policy.delay(beforeRetry: retry)
      #expect(delay >= .zero && delay <= .seconds(30), "retry \(retry): \(delay)")
    }
  }

  @Test(arguments: [1.0, 2.0, 1e300])
  func aZeroBaseDelayRetriesAtOnceForEveryRetry(multiplier: Double) {
    // `baseDelay × multiplier^(k−1)` is zero: it used to become NaN once the power overflowed
    // (retry 1,025 at ×2, retry 3 at ×1e300) and wait the maximum instead.
    let policy = RetryPolicy.exponentialBackoff(
      maxAttempts: .max, baseDelay: .zero, multiplier: multiplier, maxDelay: .seconds(60))
    for retry in [1, 2, 3, 1_024, 1_025, 100_000, .max] {
      #expect(policy.delay(beforeRetry: retry) == .zero, "retry \(retry)")
    }
  }

  @Test func aHugeRetryNumberWaitsTheMaxDelay() {
    let policy = RetryPolicy.exponentialBackoff(
      maxAttempts: 10, baseDelay: .seconds(1), maxDelay: .seconds(45))
    #expect(policy.delay(beforeRetry: 5_000) == .seconds(45))
    #expect(policy.delay(beforeRetry: 0) == .zero)
  }
}
