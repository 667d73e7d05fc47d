import Foundation
import ReducerKit
import Testing

struct Greeter: Sendable, DependencyKey {
  var greet: @Sendable (String) -> String
  static let liveValue = Greeter { "Hello, \($0)" }
}

extension DependencyValues {
  var greeter: Greeter {
    get { self[Greeter.self] }
    set { self[Greeter.self] = newValue }
  }
}

struct Greeting: Reducer {
  struct State: Equatable {
    var reduced = ""
    var fromEffect = ""
    var uuid: UUID?
  }
  enum Action: Equatable {
    case greet(String)
    case effectGreeted(String)
    case makeID
  }

  @Dependency(\.greeter) var greeter
  @Dependency(\.uuid) var uuid

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .greet(let name):
      state.reduced = greeter.greet(name)
      return .run { send in
        // NB: resolved inside the effect, from the store's dependencies.
        @Dependency(\.greeter) var greeter
        await send(.effectGreeted(greeter.greet(name)))
      }
    case .effectGreeted(let text):
      state.fromEffect = text
      return .none
    case .makeID:
      state.uuid = uuid()
      return .none
    }
  }
}

@MainActor
struct DependencyTests {
  @Test func aTestOnlyKeyFindsALiveValueAddedElsewhereOrSaysItHasNone() {
    // An interface module declares the test value; the live one is added by another module
    // (here, an extension below): a live store finds it.
    let live = withDependencies {
      $0.context = .live
    } operation: {
      DependencyValues.current.interfaceClient.name
    }
    #expect(live == "live")
    let test = withDependencies {
      $0.context = .test
    } operation: {
      DependencyValues.current.interfaceClient.name
    }
    #expect(test == "test")
    // Without a live conformance, a live read reports it and uses the test value.
    withKnownIssue {
      let value = withDependencies {
        $0.context = .live
      } operation: {
        DependencyValues.current.testOnlyClient.name
      }
      #expect(value == "test only")
    } matching: {
      $0.description.contains("has no live value")
    }
  }

  @Test func storeOverridesAreSeenByReducerAndEffects() async {
    let store = Store(initialState: Greeting.State()) {
      Greeting()
    } withDependencies: {
      $0.greeter = Greeter { "Hi \($0)" }
    }
    await store.send(.greet("Ada")).finish()
    #expect(store.reduced == "Hi Ada")
    #expect(store.fromEffect == "Hi Ada")
  }

  @Test func liveValueIsUsedWithoutOverride() async {
    let store = Store(initialState: Greeting.State()) { Greeting() }
    await store.send(.greet("Ada")).finish()
    #expect(store.fromEffect == "Hello, Ada")
  }

  @Test func anOverrideReachesOnlyTheSiblingItWraps() async {
    // Two sibling copies of one feature, one of them overridden: each copy's reducer and effects
    // see its own values.
    struct Pair: Reducer {
      struct State: Equatable {
        var plain = Greeting.State()
        var overridden = Greeting.State()
      }
      enum Action: Equatable {
        case plain(Greeting.Action)
        case overridden(Greeting.Action)
      }
      var body: some ReducerOf<Self> {
        Scope(
          state: \.plain,
          action: CasePath(Action.plain) { if case .plain(let a) = $0 { a } else { nil } }
        ) { Greeting() }
        Scope(
          state: \.overridden,
          action: CasePath(Action.overridden) { if case .overridden(let a) = $0 { a } else { nil } }
        ) { Greeting().dependency(\.greeter, Greeter { "Yo \($0)" }) }
      }
    }
    let store = Store(initialState: Pair.State()) { Pair() }
    let overridden = store.send(.overridden(.greet("Ada")))
    let plain = store.send(.plain(.greet("Ada")))
    await overridden.finish()
    await plain.finish()
    #expect(store.overridden.reduced == "Yo Ada")
    #expect(store.overridden.fromEffect == "Yo Ada")
    #expect(store.plain.reduced == "Hello, Ada")
    #expect(store.plain.fromEffect == "Hello, Ada")
  }

  @Test func dependencyTransformOverridesOneReducer() async {
    let store = Store(initialState: Greeting.State()) {
      Greeting().dependency(\.greeter, Greeter { "Yo \($0)" })
    }
    await store.send(.greet("Ada")).finish()
    #expect(store.reduced == "Yo Ada")
    #expect(store.fromEffect == "Yo Ada")
  }

  @Test func overridesInARowFuseIntoOneAndTheInnermostWins() async {
    let yo = Greeter { "Yo \($0)" }
    let hi = Greeter { "Hi \($0)" }
    // The best-known library's name for the type, as its ported tests spell it: this compiles
    // only because the overrides fuse.
    let written: _DependencyKeyWritingReducer<Greeting> = Greeting()
      .dependency(\.greeter, yo)
      .dependency(\.greeter, hi)
      .dependency(\.uuid, .incrementing)
    let transformed = Greeting()
      .transformDependency(\.greeter) { $0 = yo }
      .transformDependency(\.greeter) { $0 = hi }
      .transformDependencies { $0.uuid = .incrementing }
    // One override, not one wrapped in another.
    #expect(type(of: transformed) == _DependencyOverride<Greeting>.self)

    for reducer in [written, transformed] {
      let store = Store(initialState: Greeting.State()) { reducer }
      await store.send(.greet("Ada")).finish()
      #expect(store.reduced == "Yo Ada", "the override nearest the reducer wins")
      #expect(store.fromEffect == "Yo Ada")
      store.send(.makeID)
      #expect(store.uuid == UUID(0), "the outer override still applies")
    }
  }

  @Test func anOverrideInsideACombinationWinsOverOneOutside() async {
    let store = Store(initialState: Greeting.State()) {
      CombineReducers {
        Greeting().dependency(\.greeter, Greeter { "Yo \($0)" })
      }
      .dependency(\.greeter, Greeter { "Hi \($0)" })
    }
    await store.send(.greet("Ada")).finish()
    #expect(store.reduced == "Yo Ada")
    #expect(store.fromEffect == "Yo Ada")
  }

  @Test func withDependenciesScopesStoreCreation() {
    let store = withDependencies {
      $0.uuid = .incrementing
    } operation: {
      Store(initialState: Greeting.State()) { Greeting() }
    }
    store.send(.makeID)
    #expect(store.uuid == UUID(uuidString: "00000000-0000-0000-0000-000000000000"))
    store.send(.makeID)
    #expect(store.uuid == UUID(uuidString: "00000000-0000-0000-0000-000000000001"))
  }

  @Test func testContextFailsLoudlyForKeysWithoutTestValue() async {
    await withRecordedIssues { issues in
      var values = DependencyValues(context: .test)
      _ = values.greeter
      #expect(issues.messages.count == 1)
      #expect(issues.messages.first?.contains("Greeter, which has no test value") == true)
      values.greeter = Greeter { $0 }
      _ = values.greeter
      #expect(issues.messages.count == 1)
    }
  }

  @Test func builtInTestValuesAreUnimplemented() async {
    await withRecordedIssues { issues in
      let values = DependencyValues(context: .test)
      _ = values.uuid()
      _ = values.date.now
      _ = values.random.next(in: 0...10)
      try? await values.continuousClock.sleep(for: .seconds(1))
      #expect(issues.messages.count == 4)
      #expect(issues.messages.allSatisfy { $0.hasPrefix("Unimplemented") })
    }
  }

  @Test func seededRandomIsReproducible() {
    let a = RandomSource.seeded(7)
    let b = RandomSource.seeded(7)
    let first = (0..<5).map { _ in a.next(in: 0...1_000_000) }
    let second = (0..<5).map { _ in b.next(in: 0...1_000_000) }
    #expect(first == second)
    #expect(Set(first).count > 1)
  }

  @Test func unimplementedEndpointReportsAndThrows() async {
    await withRecordedIssues { issues in
      let fetch: @Sendable (Int) async throws -> String = unimplemented("Client.fetch")
      await #expect(throws: UnimplementedError.self) { try await fetch(1) }
      #expect(issues.messages.first?.contains("Client.fetch was called") == true)
    }
  }
}

/// A client whose interface declares only test values, as an interface module does.
struct InterfaceClient: TestDependencyKey, Sendable {
  var name: String
  static let testValue = InterfaceClient(name: "test")
}

/// Its live value, as the implementation module adds it.
extension InterfaceClient: DependencyKey {
  static let liveValue = InterfaceClient(name: "live")
}

/// A client no module gives a live value.
struct TestOnlyClient: TestDependencyKey, Sendable {
  var name: String
  static let testValue = TestOnlyClient(name: "test only")
}

extension DependencyValues {
  // NB: read through a function that knows the key only as a `TestDependencyKey`, as code in
  // the interface module does: the live conformance is found at run time.
  var interfaceClient: InterfaceClient {
    get { testOnlyRead(InterfaceClient.self) }
    set { self[InterfaceClient.self] = newValue }
  }
  func testOnlyRead<Key: TestDependencyKey>(_ key: Key.Type) -> Key.Value { self[key] }
  var testOnlyClient: TestOnlyClient {
    get { self[TestOnlyClient.self] }
    set { self[TestOnlyClient.self] = newValue }
  }
}
