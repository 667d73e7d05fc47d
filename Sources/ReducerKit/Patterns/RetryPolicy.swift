import Foundation

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

  /// The wait before retry number `retry` (1 for the first retry), before jitter.
  public func delay(beforeRetry retry: Int) -> Duration {
    guard retry >= 1 else { return .zero }
    let factor = Foundation.pow(multiplier, Double(retry - 1))
    let seconds = baseDelay.seconds * factor
    return min(maxDelay, .seconds(min(seconds, maxDelay.seconds)))
  }
}

extension Duration {
  var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}
