import ReducerKit

/// The actions of a ``Load`` reducer.
public enum LoadAction<Request: Sendable, Value: Sendable> {
  /// Start loading for `request`, cancelling a load in progress. The old value is dropped.
  case load(Request)
  /// Load again for `request`; with `keepsValueWhileReloading`, the old value stays visible.
  case reload(Request)
  /// Cancel the load in progress (and any retry); the state goes back to what it showed before.
  case cancel
  /// The operation reported progress.
  case progress(LoadingProgress)
  /// A retry is starting (the state shows the attempt number).
  case retrying(attempt: Int)
  /// The load finished.
  case response(Result<Value, LoadingFailure>)
}

extension LoadAction: Equatable where Request: Equatable, Value: Equatable {}
extension LoadAction: Sendable {}

/// A reusable reducer around any asynchronous load: load, reload, cancel, progress, retry with
/// exponential backoff, debouncing and a concurrency limit.
///
/// Embed it where the ``LoadingState`` lives:
///
/// ```swift
/// struct Search: Reducer {
///   struct State: Equatable { var query = ""; var results: LoadingState<[Hit]> = .idle }
///   enum Action { case queryChanged(String), results(LoadAction<String, [Hit]>) }
///
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in
///       guard case .queryChanged(let query) = action else { return .none }
///       state.query = query
///       return .send(.results(.load(query)))
///     }
///     Scope(state: \.results, action: .results) {
///       Load(debounce: .milliseconds(300), retry: .exponentialBackoff(maxAttempts: 3, baseDelay: .seconds(1))) {
///         query in try await api.search(query)
///       }
///     }
///   }
/// }
/// ```
///
/// Each `Load` is an instance of its own: two rows that each embed one load, debounce and
/// cancel independently.
///
/// Waits (debounce and backoff) use the `continuousClock` dependency, so tests drive them with a
/// `TestClock`; jitter uses the `random` dependency.
public struct Load<Request: Sendable, Value: Sendable>: Reducer {
  /// The state: where the load is.
  public typealias State = LoadingState<Value>
  /// The actions.
  public typealias Action = LoadAction<Request, Value>

  /// The operation, given the request and a way to report progress.
  public typealias Operation =
    @Sendable (_ request: Request, _ progress: ProgressReporter) async throws -> Value

  let operation: Operation
  let retry: RetryPolicy
  let debounce: Duration?
  let limiter: ConcurrencyLimiter?
  let keepsValueWhileReloading: Bool

  @Dependency(\.continuousClock) var clock
  @Dependency(\.random) var random

  /// Creates the reducer.
  /// - Parameters:
  ///   - debounce: Wait this long after a `load` before starting it; a newer `load` restarts the
  ///     wait (search-as-you-type). `nil` starts at once.
  ///   - retry: How failures are retried.
  ///   - limit: A limiter shared by the loads that must not run more than N at a time.
  ///   - keepsValueWhileReloading: Whether `reload` keeps showing the old value.
  ///   - operation: The work; it may report progress.
  public init(
    debounce: Duration? = nil,
    retry: RetryPolicy = .none,
    limit: ConcurrencyLimiter? = nil,
    keepsValueWhileReloading: Bool = true,
    operation: @escaping Operation
  ) {
    self.operation = operation
    self.retry = retry
    self.debounce = debounce
    self.limiter = limit
    self.keepsValueWhileReloading = keepsValueWhileReloading
  }

  /// Creates the reducer for an operation that reports no progress.
  public init(
    debounce: Duration? = nil,
    retry: RetryPolicy = .none,
    limit: ConcurrencyLimiter? = nil,
    keepsValueWhileReloading: Bool = true,
    operation: @escaping @Sendable (_ request: Request) async throws -> Value
  ) {
    self.init(
      debounce: debounce, retry: retry, limit: limit,
      keepsValueWhileReloading: keepsValueWhileReloading
    ) { request, _ in try await operation(request) }
  }

  /// Handles the load's actions.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .load(let request):
      state = .loading()
      return start(request)

    case .reload(let request):
      state = .loading(previous: keepsValueWhileReloading ? state.value : nil)
      return start(request)

    case .cancel:
      if case .loading(_, _, let previous) = state {
        state = previous.map { .loaded($0) } ?? .idle
      }
      return .cancel(id: LoadCancelID.load)

    case .progress(let progress):
      if case .loading(_, let attempt, let previous) = state {
        state = .loading(progress: progress, attempt: attempt, previous: previous)
      }
      return .none

    case .retrying(let attempt):
      if case .loading(_, _, let previous) = state {
        state = .loading(attempt: attempt, previous: previous)
      }
      return .none

    case .response(.success(let value)):
      state = .loaded(value)
      return .none

    case .response(.failure(let failure)):
      state = .failed(failure)
      return .none
    }
  }

  private func start(_ request: Request) -> Effect<Action> {
    let (operation, retry, limiter, clock, random) = (
      self.operation, self.retry, self.limiter, self.clock, self.random
    )
    let work = Effect<Action>.run { send in
      let report = ProgressReporter { progress in await send(.progress(progress)) }
      var attempt = 1
      while true {
        do {
          let value: Value
          if let limiter {
            value = try await limiter.run { try await operation(request, report) }
          } else {
            value = try await operation(request, report)
          }
          await send(.response(.success(value)))
          return
        } catch {
          try Task.checkCancellation()
          guard attempt < retry.maxAttempts else {
            await send(.response(.failure(LoadingFailure(message: "\(error)", attempts: attempt))))
            return
          }
          var delay = retry.delay(beforeRetry: attempt)
          if retry.jitter > 0 {
            delay += delay * random.next(in: 0.0...retry.jitter)
          }
          try await clock.sleep(for: delay)
          attempt += 1
          await send(.retrying(attempt: attempt))
        }
      }
    }
    if let debounce {
      return work.debounce(id: LoadCancelID.load, for: debounce, clock: clock)
    }
    return work.cancellable(id: LoadCancelID.load, cancelInFlight: true)
  }
}

/// Reports a load's progress from inside its operation.
public struct ProgressReporter: Sendable {
  private let report: @Sendable (LoadingProgress) async -> Void

  init(_ report: @escaping @Sendable (LoadingProgress) async -> Void) { self.report = report }

  /// Reports progress: `await progress(LoadingProgress(fraction: 0.5))`.
  public func callAsFunction(_ progress: LoadingProgress) async {
    await report(progress)
  }
}

/// The cancellation id of a load. A `Load` is always its own instance (it owns a
/// `LoadingState`, which a parent embeds with `Scope`), so one id serves every load: two rows'
/// loads are two instances and never cancel each other.
enum LoadCancelID: Hashable, Sendable { case load }
