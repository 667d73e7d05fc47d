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

  @Test func aHugeRetryNumberWaitsTheMaxDelay() {
    let policy = RetryPolicy.exponentialBackoff(
      maxAttempts: 10, baseDelay: .seconds(1), maxDelay: .seconds(45))
    #expect(policy.delay(beforeRetry: 5_000) == .seconds(45))
    #expect(policy.delay(beforeRetry: 0) == .zero)
  }
}
