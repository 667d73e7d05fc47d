import ReducerKit

/// Where an asynchronous load is: not started, in progress, done, or failed.
///
/// ```swift
/// struct State: Equatable {
///   var articles: LoadingState<[Article]> = .idle
/// }
/// ```
///
/// Drive it with the ``Load`` reducer, which handles loading, reloading, cancelling, progress,
/// retries with backoff, debouncing and concurrency limits.
public enum LoadingState<Value> {
  /// Nothing requested yet (or the load was cancelled with nothing to show).
  case idle
  /// A load is in progress.
  /// - `progress`: what the operation reported, if anything.
  /// - `attempt`: 1 for the first try, 2 for the first retry, and so on.
  /// - `previous`: the value shown meanwhile, when reloading keeps the old value.
  case loading(progress: LoadingProgress? = nil, attempt: Int = 1, previous: Value? = nil)
  /// The value arrived.
  case loaded(Value)
  /// Every attempt failed.
  case failed(LoadingFailure)

  /// The value to show: the loaded value, or the previous one while reloading.
  public var value: Value? {
    switch self {
    case .loaded(let value): value
    case .loading(_, _, let previous): previous
    case .idle, .failed: nil
    }
  }

  /// Whether a load is in progress.
  public var isLoading: Bool {
    if case .loading = self { return true }
    return false
  }

  /// The attempt in progress (1 for the first try), or `nil` when not loading.
  public var attempt: Int? {
    if case .loading(_, let attempt, _) = self { return attempt }
    return nil
  }
}

extension LoadingState: Equatable where Value: Equatable {}
extension LoadingState: Hashable where Value: Hashable {}
extension LoadingState: Sendable where Value: Sendable {}

/// How far a load has got, as reported by the operation.
public struct LoadingProgress: Hashable, Sendable {
  /// The fraction done, from 0 to 1, if known.
  public var fraction: Double?
  /// A message for the user ("Downloading 3 of 10"), if any.
  public var message: String?

  /// Creates a progress report.
  public init(fraction: Double? = nil, message: String? = nil) {
    self.fraction = fraction.map { min(1, max(0, $0)) }
    self.message = message
  }
}

/// Why a load failed, comparable so that tests can assert it.
public struct LoadingFailure: Error, Hashable, Sendable, CustomStringConvertible {
  /// A description of the last error.
  public var message: String
  /// How many attempts were made.
  public var attempts: Int

  /// Creates a failure.
  public init(message: String, attempts: Int = 1) {
    self.message = message
    self.attempts = attempts
  }

  /// The message.
  public var description: String { message }
}
