import Foundation
import ReducerKit

/// How a ``Load`` retries a failed operation: exponential backoff with an optional jitter.
///
/// ```swift
/// .exponentialBackoff(maxAttempts: 4, baseDelay: .seconds(1), multiplier: 2, maxDelay: .seconds(10))
/// // waits 1 s, 2 s, 4 s between the four attempts
/// ```
public struct RetryPolicy: Hashable, Sendable {
  /// The most attempts, the first one included (1 means no retry).
  public var maxAttempts: Int
  /// The wait before the first retry.
  public var baseDelay: Duration
  /// How much each wait grows over the previous one.
  public var multiplier: Double
  /// The longest wait.
  public var maxDelay: Duration
  /// Up to this fraction of each wait is added at random (from the `random` dependency); 0 for
  /// exact waits.
  public var jitter: Double

  /// Never retries.
  public static let none = RetryPolicy(
    maxAttempts: 1, baseDelay: .zero, multiplier: 1, maxDelay: .zero, jitter: 0)

  /// Retries with waits of `baseDelay × multiplier^(k−1)` before retry `k`, at most `maxDelay`.
  /// - Parameters:
  ///   - maxAttempts: The most attempts, the first included; at least 1.
  ///   - baseDelay: The wait before the first retry.
  ///   - multiplier: The growth of each wait; at least 1.
  ///   - maxDelay: The longest wait.
  ///   - jitter: Up to this fraction (0…1) of each wait added at random.
  public static func exponentialBackoff(
    maxAttempts: Int,
    baseDelay: Duration,
    multiplier: Double = 2,
    maxDelay: Duration = .seconds(60),
    jitter: Double = 0
  ) -> RetryPolicy {
    RetryPolicy(
      maxAttempts: max(1, maxAttempts), baseDelay: max(.zero, baseDelay),
      multiplier: max(1, multiplier), maxDelay: max(.zero, maxDelay),
      jitter: min(1, max(0, jitter)))
  }

  /// The wait before retry number `retry` (1 for the first retry), before jitter: finite and
  /// never negative for any policy and any retry number.
  public func delay(beforeRetry retry: Int) -> Duration {
    // NB: a zero base delay waits zero however large the power grows (zero times an
    // overflowed power would be NaN, not the promised zero).
    guard retry >= 1, baseDelay > .zero else { return .zero }
    // NB: the exponent is capped (2^1024 already overflows a Double); a power that overflows
    // times a positive base means "as long as allowed".
    let exponent = Double(min(retry - 1, 1_100))
    let seconds = baseDelay.seconds * Foundation.pow(multiplier, exponent)
    guard seconds.isFinite else { return maxDelay }
    return min(maxDelay, .seconds(max(0, min(seconds, maxDelay.seconds))))
  }
}

extension Duration {
  var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}
