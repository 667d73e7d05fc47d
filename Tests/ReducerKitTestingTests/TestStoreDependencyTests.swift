import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

/// A feature whose state takes an id from the `uuid` dependency when it is created.
struct Stamped: Reducer {
  struct State: Equatable {
    var id: UUID
    init() {
      @Dependency(\.uuid) var uuid
      self.id = uuid()
    }
  }
  enum Action: Equatable { case stamp, wait, readDate }
  @Dependency(\.uuid) var uuid
  @Dependency(\.date) var date
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .stamp:
      state.id = uuid()
      return .none
    case .wait:
      return .run { [clock] _ in try await clock.sleep(for: .seconds(1)) }
    case .readDate:
      _ = date.now
      return .none
    }
  }
}

@MainActor
struct TestStoreDependencyTests {
  func stampedStore() -> TestStore<Stamped.State, Stamped.Action> {
    TestStore(initialState: Stamped.State()) {
      Stamped()
    } withDependencies: {
      $0.uuid = .incrementing
    }
  }

  @Test func theInitialStateIsBuiltWithTheTestsDependencies() async {
    let store = stampedStore()
    #expect(store.state.id == UUID(uuidString: "00000000-0000-0000-0000-000000000000"))
    await store.send(.stamp) {
      $0.id = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
    }
  }

  @Test func aDependencyReadOutsideAnyStoreInATestIsReported() {
    let issues = collectIssues { _ = Stamped.State() }
    // The read itself, reported where the dependency is declared; then the unimplemented test
    // value it fell back to.
    #expect(issues.count == 2)
    #expect(issues.first?.message.contains("was read outside any store during a test") == true)
    #expect(issues.first?.location.fileID.hasSuffix("TestStoreDependencyTests.swift") == true)
    #expect(issues.last?.message.contains("Unimplemented: uuid") == true)
  }

  @Test func collectIssuesGathersWarningsOfAPlainStore() {
    let store = withDependencies {
      $0.uuid = .incrementing
    } operation: {
      Store(initialState: Stamped.State()) {
        Stamped()
      } withDependencies: {
        $0.date = DateGenerator.testValue
      }
    }
    let issues = collectIssues { store.send(.readDate) }
    #expect(
      issues.map(\.message) == [
        "Unimplemented: date was read. Override it, e.g. `$0.date = .constant(…)`."
      ])
  }

  @Test func anUnimplementedDependencyIsReportedAtTheSendLine() async {
    let store = stampedStore()
    let sendLine = #line + 2
    await withKnownIssue {
      await store.send(.readDate)
    } matching: { issue in
      message(issue).contains("Unimplemented: date") && issue.sourceLocation?.line == sendLine
    }
  }

  @Test func anUnimplementedDependencyInAnEffectIsReportedAtTheSendThatStartedIt() async {
    let store = stampedStore()
    let sendLine = #line + 2
    await withKnownIssue {
      await store.send(.wait)
      await store.finish()
    } matching: { issue in
      message(issue).contains("continuousClock.sleep") && issue.sourceLocation?.line == sendLine
    }
  }

  @Test func collectIssuesGathersWarningsRaisedByEffects() async {
    // Two stores whose effects each hit an unimplemented clock: both warnings are collected,
    // though they are raised later, inside the effects.
    let stores = (0..<2).map { _ in
      withDependencies {
        $0.uuid = .incrementing
      } operation: {
        Store(initialState: Stamped.State()) {
          Stamped()
        } withDependencies: {
          // The built-in test value, which reports when something sleeps on it.
          $0.continuousClock = DependencyValues(context: .test).continuousClock
        }
      }
    }
    let issues = await collectIssues {
      for store in stores { await store.send(.wait).finish() }
    }
    #expect(issues.count == 2)
    #expect(issues.allSatisfy { $0.message.contains("continuousClock.sleep") })
  }
}

/// A client with live endpoints and no test value, as many apps' clients are.
struct QuoteClient: Sendable {
  var fetch: @Sendable () async -> Int
  var share: @Sendable (Int) -> Void
}

extension QuoteClient: DependencyKey {
  static let liveValue = QuoteClient(fetch: { 42 }, share: { _ in })
}

extension DependencyValues {
  var quotes: QuoteClient {
    get { self[QuoteClient.self] }
    set { self[QuoteClient.self] = newValue }
  }
}

struct Quotes: Reducer {
  struct State: Equatable { var quote = 0 }
  enum Action: Equatable {
    case load
    case loaded(Int)
    case share
  }
  @Dependency(\.quotes) var quotes

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .load:
      return .run { [quotes] send in await send(.loaded(await quotes.fetch())) }
    case .loaded(let quote):
      state.quote = quote
      return .none
    case .share:
      quotes.share(state.quote)
      return .none
    }
  }
}

/// Writing one endpoint of a dependency reads the dependency first (Swift gets `quotes`, changes
/// it, sets it): that read is not a use, in a test store's `withDependencies:`, in
/// `withDependencies`, and in a reducer's `.dependency`.
@MainActor
struct DependencyWritesAreNotUsesTests {
  @Test func writingAnEndpointInATestStoresDependenciesIsNoUse() async {
    let issues = await collectIssues {
      let store = TestStore(initialState: Quotes.State()) {
        Quotes()
      } withDependencies: {
        $0.quotes.fetch = { 7 }
      }
      await store.send(.load)
      await store.receive(.loaded(7)) { $0.quote = 7 }
    }
    #expect(issues.isEmpty, "\(issues.map(\.message))")
  }

  @Test func writingAnEndpointInWithDependenciesOrAReducersDependencyIsNoUse() async {
    let issues = await collectIssues {
      let store = TestStore(initialState: Quotes.State()) {
        Quotes()
          .transformDependency(\.quotes) { $0.fetch = { 9 } }
      }
      await store.send(.load)
      await store.receive(.loaded(9)) { $0.quote = 9 }
      _ = withDependencies {
        $0.context = .test
        $0.quotes.share = { _ in }
      } operation: {
        0
      }
    }
    #expect(issues.isEmpty, "\(issues.map(\.message))")
  }

  /// Still a use: the feature reading a dependency the test did not set, after another test
  /// store's set (the flag ends with the setting).
  @Test func readingADependencyTheTestDidNotSetStillFails() async {
    _ = TestStore(initialState: Quotes.State()) {
      Quotes()
    } withDependencies: {
      $0.quotes.fetch = { 7 }
    }
    let store = TestStore(initialState: Quotes.State()) { Quotes() }
    await withKnownIssue {
      await store.send(.share)
    } matching: { issue in
      issue.description.contains("has no test value")
    }
  }
}
