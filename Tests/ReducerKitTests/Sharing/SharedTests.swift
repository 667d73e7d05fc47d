import Foundation
import Observation
import ReducerKit
import ReducerKitTesting
import Testing

private func text(_ issue: Issue) -> String {
  issue.comments.map(\.rawValue).joined(separator: "\n")
}

/// One value held by several features: changes are seen by all, and a test store asserts them
/// like feature state.
@MainActor
struct SharedTests {
  let clock = TestClock()

  func store() -> TestStore<SharedPair.State, SharedPair.Action> {
    TestStore(initialState: SharedPair.State()) {
      SharedPair()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func twoFeaturesHoldingOneKeySeeEachOthersChanges() async {
    let store = store()
    await store.send(.first(.incrementTapped)) {
      $0.first.taps = 1
      $0.first.$count.withLock { $0 = 1 }
    }
    #expect(store.state.second.count == 1)
    await store.send(.second(.incrementTapped)) {
      $0.second.taps = 1
      $0.second.$count.withLock { $0 = 2 }
    }
    #expect(store.state.first.count == 2)
    #expect(store.state.first.$count.isSame(as: store.state.second.$count))
  }

  @Test func aChildHandedTheValueSharesIt() async {
    let store = store()
    await store.send(.first(.incrementTapped)) {
      $0.first.taps = 1
      $0.first.$count.withLock { $0 = 1 }
    }
    await store.send(.openChild) { $0.child = SharedChild.State(count: $0.first.$count) }
    await store.send(.child(.doubleTapped)) { $0.first.$count.withLock { $0 = 2 } }
    #expect(store.state.second.count == 2)
    #expect(store.state.child?.count == 2)
  }

  @Test func anEffectsChangeIsAssertedAtTheReceiveThatFollows() async {
    let store = store()
    await store.send(.first(.syncTapped))
    await clock.advance(by: .seconds(1))
    await store.receive(.first(.synced)) { $0.first.$count.withLock { $0 = 42 } }
    #expect(store.state.second.count == 42)
  }

  @Test func anUnassertedSharedChangeFailsTheStep() async {
    let store = store()
    await withKnownIssue {
      await store.send(.first(.incrementTapped)) { $0.first.taps = 1 }
    } matching: { issue in
      let message = text(issue)
      return message.contains("The shared value inMemory(\"count\") changed")
        && message.contains("− 0") && message.contains("+ 1")
        && issue.sourceLocation?.fileName == "SharedTests.swift"
    }
    // The failure is reported once: the next step starts from the real value.
    await store.send(.second(.incrementTapped)) {
      $0.second.taps = 1
      $0.second.$count.withLock { $0 = 2 }
    }
  }

  @Test func aWrongSharedExpectationFailsWithADiff() async {
    let store = store()
    await withKnownIssue {
      await store.send(.first(.incrementTapped)) {
        $0.first.taps = 1
        $0.first.$count.withLock { $0 = 5 }
      }
    } matching: { issue in
      let message = text(issue)
      return message.contains("does not match the expectation")
        && message.contains("− 5") && message.contains("+ 1")
    }
  }

  @Test func assertingASharedChangeThatDidNotHappenFails() async {
    let store = store()
    await withKnownIssue {
      await store.send(.first(.syncTapped)) { $0.first.$count.withLock { $0 = 42 } }
    } matching: { issue in
      let message = text(issue)
      return message.contains("does not match the expectation") && message.contains("− 42")
    }
    await store.skipInFlightEffects()
  }

  @Test func anEffectsUnassertedChangeFailsTheReceive() async {
    let store = store()
    await store.send(.first(.syncTapped))
    await clock.advance(by: .seconds(1))
    await withKnownIssue {
      await store.receive(.first(.synced))
    } matching: { issue in
      text(issue).contains("changed, but the change was not asserted")
    }
  }

  @Test func theAssertionClosureDoesNotChangeTheRealValue() async {
    let store = store()
    await withKnownIssue {
      await store.send(.first(.syncTapped)) { $0.first.$count.withLock { $0 = 7 } }
    }
    #expect(store.state.first.count == 0)
    await store.skipInFlightEffects()
  }

  @Test func aNonExhaustiveStoreChecksOnlyWhatItAsserts() async {
    let store = store()
    store.exhaustivity = .off
    await store.send(.first(.incrementTapped))
    await store.send(.first(.incrementTapped)) { $0.first.$count.withLock { $0 = 2 } }
    await withKnownIssue {
      await store.send(.first(.incrementTapped)) { $0.first.$count.withLock { $0 = 9 } }
    }
    #expect(store.state.first.count == 3)
  }

  @Test func testStoresInOneTestShareItsValues() async {
    let first = store()
    await first.send(.first(.incrementTapped)) {
      $0.first.taps = 1
      $0.first.$count.withLock { $0 = 1 }
    }
    let second = store()
    #expect(second.state.first.count == 1)
    #expect(second.state.first.$count.isSame(as: first.state.first.$count))
  }

  @Test func eachTestGetsFreshValues() async {
    // Each test's body runs in a task of its own; so do these two.
    var counts: [Int] = []
    for _ in 0..<2 {
      let count = await Task { @MainActor in
        let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
        await store.send(.incrementTapped) {
          $0.taps = 1
          $0.$count.withLock { $0 = 1 }
        }
        return store.state.count
      }.value
      counts.append(count)
    }
    #expect(counts == [1, 1])
  }

  @Test func aValueTheTestDeclaresIsTheReducersValue() async {
    // As in the best-known library's samples: declared before the store, read after a step.
    @Shared(.inMemory("count")) var count = 10
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    await store.send(.incrementTapped) {
      $0.taps = 1
      $0.$count.withLock { $0 = 11 }
    }
    #expect(count == 11)
    // Declared after the store: the same value again.
    @Shared(.inMemory("count")) var again = 0
    #expect(again == 11)
    #expect($again.isSame(as: $count))
  }

  @Test func aValueTheTestDeclaresIsInATestStoresOwnStorage() async {
    let storage = SharedStorage.inMemory()
    let store = TestStore(initialState: SharedCounter.State()) {
      SharedCounter()
    } withDependencies: {
      $0.sharedStorage = storage
    }
    @Shared(.inMemory("count")) var count = 0
    await store.send(.incrementTapped) {
      $0.taps = 1
      $0.$count.withLock { $0 = 1 }
    }
    #expect(count == 1)
  }

  @Test func aChangeFromAnEffectsCompletionHandlerIsAssertedAtTheReceiveThatFollows() async {
    let store = TestStore(initialState: CallbackCounter.State()) { CallbackCounter() }
    await store.send(.completionHandlerTapped)
    await store.receive(.finished) { $0.$count.withLock { $0 = 42 } }
  }

  @Test func anUnassertedChangeFromAnEffectsCompletionHandlerFails() async {
    let store = TestStore(initialState: CallbackCounter.State()) { CallbackCounter() }
    await withKnownIssue {
      await store.send(.completionHandlerTapped)
      await store.receive(.finished)
    } matching: { issue in
      text(issue).contains("changed, but the change was not asserted")
    }
  }

  @Test func anUnassertedChangeFromAnEffectsDetachedTaskFails() async {
    let store = TestStore(initialState: CallbackCounter.State()) { CallbackCounter() }
    await withKnownIssue {
      await store.send(.detachedTaskTapped)
      await store.receive(.finished)
    } matching: { issue in
      text(issue).contains("changed, but the change was not asserted")
    }
  }

  @Test func aChangeFromAnEffectsDetachedTaskIsAssertedAtTheReceiveThatFollows() async {
    let store = TestStore(initialState: CallbackCounter.State()) { CallbackCounter() }
    await store.send(.detachedTaskTapped)
    await store.receive(.finished) { $0.$count.withLock { $0 = 7 } }
  }

  @Test func declaringOutsideAnyTaskDuringATestWarns() async {
    // A synchronous XCTest method runs in no task: such a declaration gets a storage of its own.
    let issues = await withCheckedContinuation { continuation in
      Thread {
        let issues = collectIssues {
          @Shared(.inMemory("count")) var count = 0
          _ = count
        }
        continuation.resume(returning: issues)
      }.start()
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("outside any store and outside any task") == true)
  }

  @Test func sharedStateIsObservable() {
    let storage = SharedStorage.inMemory()
    let store = withDependencies {
      $0.sharedStorage = storage
    } operation: {
      Store(initialState: SharedPair.State()) { SharedPair() }
    }
    let changes = LockedCount()
    withObservationTracking {
      _ = store.state.second.count
    } onChange: {
      changes.increment()
    }
    // The first counter changes the value; the reader of the second hears of it.
    store.send(.first(.incrementTapped))
    #expect(changes.value == 1)
    #expect(store.state.second.count == 1)
  }

  @Test func partsAndElementsAreSharedWithTheirWhole() {
    struct Item: Identifiable, Equatable, Sendable {
      let id: Int
      var title: String
    }
    let items = Shared<IdentifiedArray<Int, Item>>(value: [Item(id: 1, title: "a")])
    let item = items[id: 1]
    item.withLock { $0?.title = "b" }
    #expect(items.wrappedValue[id: 1]?.title == "b")
    let unwrapped = Shared<Item>(item)
    unwrapped?.withLock { $0.title = "c" }
    #expect(items.wrappedValue[id: 1]?.title == "c")
    item.withLock { $0 = nil }
    #expect(items.wrappedValue.isEmpty)
    #expect(Shared<Item>(items[id: 1]) == nil)

    let settings = Shared(value: Marks(favorites: [1]))
    _ = settings.favorites.withLock { $0.insert(2) }
    #expect(settings.wrappedValue.favorites == [1, 2])
  }

  @Test func readingInsideItsOwnWithLockSeesTheValueBeingChanged() {
    // As in the best-known library: a read inside the lock (a value derived from the one being
    // changed) is coherent and raises nothing; a nested change still warns.
    struct Note: Identifiable, Equatable, Sendable {
      let id: Int
      var title: String
    }
    let count = Shared(value: 1)
    let items = Shared<IdentifiedArray<Int, Note>>(value: [Note(id: 1, title: "a")])
    let issues = collectIssues {
      count.withLock { $0 = count.wrappedValue + 1 }
      items.withLock { $0[id: 1]?.title = "\(items.wrappedValue.count) item" }
      count.withLock { _ in count.withLock { $0 *= 10 } }
    }
    #expect(count.wrappedValue == 20)
    #expect(items.wrappedValue[id: 1]?.title == "1 item")
    #expect(issues.count == 1)
    #expect(issues.allSatisfy { $0.message.contains("inside its own `withLock`") })
  }

  @Test func releasedValuesAreDroppedWhileLiveOnesStayShared() {
    let storage = SharedStorage.inMemory()
    withDependencies {
      $0.sharedStorage = storage
    } operation: {
      @Shared(.inMemory("kept")) var kept = 0
      // Many values made and released, enough for the registry to drop released ones.
      for index in 0..<200 {
        @Shared(.inMemory("temporary \(index)")) var temporary = index
        _ = temporary
      }
      @Shared(.inMemory("kept")) var again = 7
      #expect($again.isSame(as: $kept))
      #expect(again == 0)
    }
  }

  @Test func appStorageKeepsValuesInItsDefaults() {
    enum Theme: String, Sendable { case light, dark }
    let storage = SharedStorage.inMemory()
    withDependencies {
      $0.sharedStorage = storage
    } operation: {
      @Shared(.appStorage("fontSize")) var fontSize = 14
      @Shared(.appStorage("theme")) var theme = Theme.light
      $fontSize.withLock { $0 = 18 }
      $theme.withLock { $0 = .dark }
    }
    // A later declaration (after the first ones are gone) reads what was kept.
    withDependencies {
      $0.sharedStorage = storage
    } operation: {
      @Shared(.appStorage("fontSize")) var fontSize = 14
      @Shared(.appStorage("theme")) var theme = Theme.light
      #expect(fontSize == 18)
      #expect(theme == .dark)
    }
  }

  @Test func appStorageReadsBackFromRealUserDefaults() throws {
    let suite = "ReducerKitTests-\(UUID().uuidString)"
    let defaults = try #require(UserDefaults(suiteName: suite))
    defer { defaults.removePersistentDomain(forName: suite) }
    func declare() -> (Shared<Bool>, Shared<Double>, Shared<String>) {
      withDependencies {
        $0.sharedStorage = SharedStorage(fileSystem: InMemoryFileSystem(), userDefaults: defaults)
      } operation: {
        @Shared(.appStorage("isOn")) var isOn = false
        @Shared(.appStorage("ratio")) var ratio = 0.5
        @Shared(.appStorage("name")) var name = ""
        return ($isOn, $ratio, $name)
      }
    }
    let (isOn, ratio, name) = declare()
    isOn.withLock { $0 = true }
    ratio.withLock { $0 = 0.75 }
    name.withLock { $0 = "Blob" }
    // A fresh storage on the same defaults: what a second run of the app sees.
    let (isOnAgain, ratioAgain, nameAgain) = declare()
    #expect(isOnAgain.wrappedValue == true)
    #expect(ratioAgain.wrappedValue == 0.75)
    #expect(nameAgain.wrappedValue == "Blob")
  }
}

/// A thread-safe counter for observation callbacks.
final class LockedCount: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  func increment() { lock.withLock { count += 1 } }
  var value: Int { lock.withLock { count } }
}
