import ReducerKit
import ReducerKitPatterns
import ReducerKitTesting
import Testing

/// Counts calls; test store effects run one at a time on the main queue.
final class Calls: @unchecked Sendable {
  private(set) var requests: [String] = []
  func record(_ request: String) { requests.append(request) }
}

struct Flaky: Error, CustomStringConvertible {
  var description: String { "flaky" }
}

@MainActor
struct LoadTests {
  let clock = TestClock()
  let calls = Calls()

  func store(
    _ load: Load<String, String>, state: LoadingState<String> = .idle
  ) -> TestStore<LoadingState<String>, LoadAction<String, String>> {
    TestStore(initialState: state) {
      load
    } withDependencies: { [clock] in
      $0.continuousClock = clock
      $0.random = .seeded(1)
    }
  }

  @Test func loadThenLoaded() async {
    let store = store(
      Load { [calls] request in
        calls.record(request)
        return "value for \(request)"
      })
    await store.send(.load("a")) { $0 = .loading() }
    await store.receive(.response(.success("value for a"))) { $0 = .loaded("value for a") }
    #expect(calls.requests == ["a"])
  }

  @Test func progressReportsReachTheState() async {
    let store = store(
      Load { [clock] _, progress in
        await progress(LoadingProgress(fraction: 0.5, message: "half"))
        try await clock.sleep(for: .seconds(1))
        return "done"
      })
    await store.send(.load("a")) { $0 = .loading() }
    await store.receive(.progress(LoadingProgress(fraction: 0.5, message: "half"))) {
      $0 = .loading(progress: LoadingProgress(fraction: 0.5, message: "half"))
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.response(.success("done"))) { $0 = .loaded("done") }
  }

  @Test func reloadKeepsTheOldValueAndCancelRestoresIt() async {
    let store = store(
      Load { [clock] _ in
        try await clock.sleep(for: .seconds(1))
        return "new"
      }, state: .loaded("old"))
    await store.send(.reload("a")) { $0 = .loading(previous: "old") }
    #expect(store.state.value == "old")
    await store.send(.cancel) { $0 = .loaded("old") }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func loadDropsTheOldValue() async {
    let store = store(Load { _ in "new" }, state: .loaded("old"))
    await store.send(.load("a")) { $0 = .loading() }
    await store.receive(.response(.success("new"))) { $0 = .loaded("new") }
  }

  @Test func backoffDelaysAreExactlyBaseTimesMultiplierToTheKCappedAtMax() async {
    let attempts = Calls()
    let store = store(
      Load(
        retry: .exponentialBackoff(
          maxAttempts: 5, baseDelay: .seconds(1), multiplier: 2, maxDelay: .seconds(3))
      ) { [attempts] request in
        attempts.record(request)
        if attempts.requests.count < 5 { throw Flaky() }
        return "finally"
      })
    await store.send(.load("a")) { $0 = .loading() }
    // Waits before retries 1...4: 1 s, 2 s, then 4 s and 8 s capped at 3 s.
    for (retry, wait) in [(2, 1000), (3, 2000), (4, 3000), (5, 3000)] {
      await clock.advance(by: .milliseconds(wait - 1))
      #expect(attempts.requests.count == retry - 1, "retry \(retry) must not start early")
      await clock.advance(by: .milliseconds(1))
      await store.receive(.retrying(attempt: retry)) { $0 = .loading(attempt: retry) }
    }
    await store.receive(.response(.success("finally"))) { $0 = .loaded("finally") }
    #expect(attempts.requests.count == 5)
  }

  @Test func allAttemptsFailingEndsInFailure() async {
    let store = store(
      Load(
        retry: .exponentialBackoff(maxAttempts: 2, baseDelay: .seconds(1))
      ) { _ in throw Flaky() })
    await store.send(.load("a")) { $0 = .loading() }
    await clock.advance(by: .seconds(1))
    await store.receive(.retrying(attempt: 2)) { $0 = .loading(attempt: 2) }
    await store.receive(.response(.failure(LoadingFailure(message: "flaky", attempts: 2)))) {
      $0 = .failed(LoadingFailure(message: "flaky", attempts: 2))
    }
  }

  @Test func cancelDuringBackoffStopsEverything() async {
    let attempts = Calls()
    let store = store(
      Load(
        retry: .exponentialBackoff(maxAttempts: 5, baseDelay: .seconds(1))
      ) { [attempts] request in
        attempts.record(request)
        throw Flaky()
      })
    await store.send(.load("a")) { $0 = .loading() }
    await store.send(.cancel) { $0 = .idle }
    await clock.advance(by: .seconds(60))
    await store.finish()
    #expect(attempts.requests == ["a"])
  }

  @Test func jitterComesFromTheRandomDependency() async {
    let policy = RetryPolicy.exponentialBackoff(
      maxAttempts: 2, baseDelay: .seconds(1), jitter: 0.5)
    let store = store(Load(retry: policy) { _ in throw Flaky() })
    await store.send(.load("a")) { $0 = .loading() }
    // The seeded source adds a fixed fraction of the 1 s wait: the retry comes between 1 and 1.5 s.
    await clock.advance(by: .milliseconds(999))
    #expect(store.state == .loading())
    await clock.advance(by: .milliseconds(501))
    await store.receive(.retrying(attempt: 2)) { $0 = .loading(attempt: 2) }
    await store.receive(.response(.failure(LoadingFailure(message: "flaky", attempts: 2)))) {
      $0 = .failed(LoadingFailure(message: "flaky", attempts: 2))
    }
  }

  @Test func aThousandDebouncedKeystrokesProduceOneLoad() async {
    let store = store(
      Load(debounce: .milliseconds(300)) { [calls] request in
        calls.record(request)
        return request.uppercased()
      })
    await store.send(.load("q0")) { $0 = .loading() }
    await clock.advance(by: .milliseconds(100))
    for index in 1..<1_000 {
      await store.send(.load("q\(index)"))
      await clock.advance(by: .milliseconds(100))
    }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.response(.success("Q999"))) { $0 = .loaded("Q999") }
    #expect(calls.requests == ["q999"])
  }

  @Test func retryPolicyDelays() {
    let policy = RetryPolicy.exponentialBackoff(
      maxAttempts: 10, baseDelay: .milliseconds(250), multiplier: 3, maxDelay: .seconds(5))
    #expect(policy.delay(beforeRetry: 1) == .milliseconds(250))
    #expect(policy.delay(beforeRetry: 2) == .milliseconds(750))
    #expect(policy.delay(beforeRetry: 3) == .milliseconds(2250))
    #expect(policy.delay(beforeRetry: 4) == .seconds(5))
    #expect(RetryPolicy.exponentialBackoff(maxAttempts: 0, baseDelay: .seconds(1)).maxAttempts == 1)
  }
}
