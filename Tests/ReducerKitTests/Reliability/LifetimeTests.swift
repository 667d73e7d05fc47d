import Foundation
import ReducerKit
import TestSupport
import Testing

/// A state that reports when it is freed.
final class Tracker: Sendable {
  let onDeinit: @Sendable () -> Void
  init(onDeinit: @escaping @Sendable () -> Void) { self.onDeinit = onDeinit }
  deinit { onDeinit() }
}

struct Tracked: Equatable, Identifiable {
  let id: Int
  let tracker: Tracker
  static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
}

/// Counts freed trackers and finished effects.
final class Counts: @unchecked Sendable {
  // NB: `@unchecked Sendable`: guarded by `lock`.
  private let lock = NSLockLike()
  private var _freed = 0
  private var _effectsEnded = 0
  func freed() { lock.withLock { _freed += 1 } }
  func effectEnded() { lock.withLock { _effectsEnded += 1 } }
  var freedCount: Int { lock.withLock { _freed } }
  var effectsEndedCount: Int { lock.withLock { _effectsEnded } }
}

typealias NSLockLike = NSLock

struct TrackedRows: Reducer {
  struct State: Equatable { var rows: IdentifiedArrayOf<Tracked> = [] }
  enum Action: Equatable {
    case rows(IdentifiedAction<Int, TrackedRow.Action>)
    case remove(Int)
  }

  let counts: Counts

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .remove(let id) = action { state.rows.remove(id: id) }
      return .none
    }
    .forEach(
      \.rows, action: CasePath(Action.rows) { if case .rows(let a) = $0 { a } else { nil } }
    ) {
      TrackedRow(counts: counts)
    }
  }
}

struct TrackedRow: Reducer {
  typealias State = Tracked
  enum Action: Equatable { case startForever }
  let counts: Counts

  func reduce(into state: inout Tracked, action: Action) -> Effect<Action> {
    let counts = self.counts
    return .run { _ in
      defer { counts.effectEnded() }
      try await Task.sleep(for: .seconds(3600))
    }
  }
}

@MainActor
struct LifetimeTests {
  func rows(_ count: Int, counts: Counts) -> IdentifiedArrayOf<Tracked> {
    IdentifiedArray(
      uniqueElements: (0..<count).map { Tracked(id: $0, tracker: Tracker(onDeinit: counts.freed)) })
  }

  @Test func aReleasedStoreFreesItsStateAndCancelsItsEffects() async {
    let counts = Counts()
    var store: StoreOf<TrackedRows>? = Store(
      initialState: TrackedRows.State(rows: rows(3, counts: counts))
    ) {
      TrackedRows(counts: counts)
    }
    let task = store?.send(.rows(.element(id: 0, action: .startForever)))
    weak let weakStore = store
    store = nil
    #expect(weakStore == nil)
    await task?.finish()
    #expect(counts.effectsEndedCount == 1)
    #expect(counts.freedCount == 3)
  }

  @Test func aReleasedChildStoreLetsTheTreeGoWhenTheRootGoes() async {
    let counts = Counts()
    var store: StoreOf<TrackedRows>? = Store(
      initialState: TrackedRows.State(rows: rows(2, counts: counts))
    ) {
      TrackedRows(counts: counts)
    }
    var child = store?.scope(
      id: 1, state: \.rows,
      action: CasePath(TrackedRows.Action.rows) { if case .rows(let a) = $0 { a } else { nil } })
    let task = child?.send(.startForever)
    weak let weakChild = child
    store = nil
    // The child keeps the tree (state, runtime) alive: its effect keeps running…
    for _ in 0..<100 { await Task.yield() }
    #expect(counts.effectsEndedCount == 0)
    #expect(counts.freedCount == 0)
    child = nil
    // …and when it goes, everything goes and the effect is cancelled.
    #expect(weakChild == nil)
    await task?.finish()
    #expect(counts.effectsEndedCount == 1)
    #expect(counts.freedCount == 2)
  }

  @Test func aRemovedRowIsFreedAndItsEffectCancelled() async {
    let counts = Counts()
    let store = Store(initialState: TrackedRows.State(rows: rows(3, counts: counts))) {
      TrackedRows(counts: counts)
    }
    let task = store.send(.rows(.element(id: 2, action: .startForever)))
    store.send(.remove(2))
    await task.finish()
    #expect(counts.effectsEndedCount == 1)
    #expect(counts.freedCount == 1)
    #expect(store.rows.ids == [0, 1])
  }

  @Test(arguments: [SuspendedEffect.Kind.concatenate, .debounce, .throttle])
  func aReleasedStoreCancelsASuspendedCompositeEffect(kind: SuspendedEffect.Kind) async {
    // A composite effect waiting for time used to hold the effect runtime, so the store's
    // release cancelled nothing and the work went on.
    let counts = Counts()
    var store: StoreOf<SuspendedEffect>? = Store(initialState: SuspendedEffect.State()) {
      SuspendedEffect(kind: kind, counts: counts)
    }
    // NB: a throttle runs its first effect at once; the second is held, waiting for the window.
    if kind == .throttle { store?.send(.start) }
    let task = store?.send(.start)
    // Let the composite effect reach its wait.
    for _ in 0..<20 { await Task.yield() }
    let ended = Locked(false)
    Task.detached {
      await task?.finish()
      ended.withLock { $0 = true }
    }
    for _ in 0..<20 { await Task.yield() }
    #expect(!ended.withLock { $0 })
    store = nil
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .seconds(2))
    while !ended.withLock({ $0 }), clock.now < deadline {
      try? await Task.sleep(for: .milliseconds(1))
    }
    #expect(ended.withLock { $0 }, "the \(kind) effect outlived its store")
    #expect(counts.effectsEndedCount == (kind == .concatenate ? 1 : 0))
  }
}

/// A feature whose one action starts a composite effect that waits for an hour.
struct SuspendedEffect: Reducer {
  enum Kind: Sendable { case concatenate, debounce, throttle }
  struct State: Equatable {}
  enum Action: Equatable { case start }
  let kind: Kind
  let counts: Counts

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let counts = self.counts
    let wait = Effect<Action>.run { _ in
      defer { counts.effectEnded() }
      try await Task.sleep(for: .seconds(3600))
    }
    switch kind {
    case .concatenate:
      return .concatenate(wait, .run { _ in })
    case .debounce:
      return .run { _ in }.debounce(id: 1, for: .seconds(3600), clock: ContinuousClock())
    case .throttle:
      return .run { _ in }.throttle(id: 1, for: .seconds(3600), clock: ContinuousClock())
    }
  }
}
