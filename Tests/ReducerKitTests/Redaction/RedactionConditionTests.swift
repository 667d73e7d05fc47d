import ReducerKit
import Testing

@testable import ReducerKit

/// `redacted(when:)` decides how to read its condition when the reducer is built: a stored flag
/// at its offset, a computed or nested one through its key path, a closure as given; each reads
/// the state the action finds.
@MainActor
struct RedactionConditionTests {
  struct Flags: Equatable {
    var isLocked = false
  }

  struct Counter: Reducer {
    struct State: Equatable {
      var count = 0
      var isLoading = true
      var flags = Flags()
      var isBusy: Bool { isLoading || flags.isLocked }
    }
    enum Action: Equatable {
      case increment
      case setLoading(Bool)
      case setLocked(Bool)
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      if case .increment = action { state.count += 1 }
      return .none
    }
  }

  /// A parent that sets the flags (always live) around a redacted counter.
  struct Screen<Redacted: Reducer<Counter.State, Counter.Action>>: Reducer {
    let condition: (Counter) -> Redacted

    var body: some ReducerOf<Counter> {
      Reduce { state, action in
        switch action {
        case .setLoading(let value): state.isLoading = value
        case .setLocked(let value): state.flags.isLocked = value
        case .increment: break
        }
        return .none
      }
      condition(Counter())
    }
  }

  func counts<Redacted: Reducer<Counter.State, Counter.Action>>(
    _ condition: @escaping (Counter) -> Redacted
  ) -> [Int] {
    let store = Store(initialState: Counter.State()) { Screen(condition: condition) }
    var counts: [Int] = []
    store.send(.increment)
    counts.append(store.count)
    store.send(.setLoading(false))
    store.send(.increment)
    counts.append(store.count)
    store.send(.setLocked(true))
    store.send(.increment)
    counts.append(store.count)
    return counts
  }

  @Test func aStoredFlagIsReadAtItsOffset() {
    let redacted = Counter().redacted(when: \.isLoading)
    #expect(redacted.condition._isDirect, "a stored flag should be read at its offset")
    #expect(counts { $0.redacted(when: \.isLoading) } == [0, 1, 2])
  }

  @Test func aNestedStoredFlagIsReadAtItsOffsetToo() {
    let redacted = Counter().redacted(when: \.flags.isLocked)
    #expect(redacted.condition._isDirect, "a nested stored flag should be read at its offset")
    #expect(counts { $0.redacted(when: \.flags.isLocked) } == [1, 2, 2])
  }

  @Test func aComputedFlagIsReadThroughItsKeyPath() {
    let redacted = Counter().redacted(when: \.isBusy)
    #expect(!redacted.condition._isDirect, "a computed flag has no offset")
    #expect(counts { $0.redacted(when: \.isBusy) } == [0, 1, 1])
  }

  @Test func aClosureAndAPlaceholderKeepTheirMeaning() {
    #expect(counts { $0.redacted(when: { $0.count > 0 || $0.isLoading }) } == [0, 1, 1])
    #expect(counts { $0.placeholder() } == [0, 0, 0])
  }

  @Test func aGateOrKeptEffectsTakeTheGeneralPathWithTheSameMeaning() {
    let gated = Counter().redacted(when: \.isLoading, allowing: { _, _ in false })
    let keeping = Counter().redacted(when: \.isLoading, whileRedacted: .keepEffectsRunning)
    #expect(!gated.condition._isDirect)
    #expect(!keeping.condition._isDirect)
    #expect(counts { $0.redacted(when: \.isLoading, allowing: { _, _ in false }) } == [0, 1, 2])
    #expect(counts { $0.redacted(when: \.isLoading, allowing: { _, _ in true }) } == [1, 2, 3])
    #expect(
      counts { $0.redacted(when: \.isBusy, whileRedacted: .keepEffectsRunning) } == [0, 1, 1])
  }

  /// `redacted()` reads a `Redactable` state's reasons in the reducer's type, not through a
  /// closure: the form the store's send is compiled for.
  @Test func theRedactableFormIsDecidedByTheType() {
    struct Screen: Reducer {
      struct State: Equatable, Redactable {
        var count = 0
        var isLoading = true
        var redactionReasons: RedactionReasons { isLoading ? .placeholder : [] }
      }
      enum Action: Equatable { case increment, loaded }
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .increment: state.count += 1
        case .loaded: state.isLoading = false
        }
        return .none
      }
    }
    let redacted = Screen().redacted()
    typealias Common = _CommonRedactionPolicy
    typealias Stated = _StatedRedactionPolicy
    #expect(type(of: redacted) == _Redacted<Screen, _ReasonsCondition<Screen.State, Common>>.self)
    #expect(
      type(of: Screen().placeholder())
        == _Redacted<Screen, _AlwaysCondition<Screen.State, Common>>.self)
    // NB: the policy is the type's where the call gives none; a gate or a policy, even the
    // default one spelled out, is tested when the reducer runs.
    #expect(
      type(of: Screen().redacted(whileRedacted: .cancelEffects))
        == _Redacted<Screen, _ReasonsCondition<Screen.State, Stated>>.self)
    #expect(
      type(of: Screen().placeholder(allowing: { _, action in action == .loaded }))
        == _Redacted<Screen, _AlwaysCondition<Screen.State, Stated>>.self)
    #expect(
      type(of: Screen().redacted(when: { $0.isLoading }))
        == _Redacted<Screen, _ClosureCondition<Screen.State, Common>>.self)
    #expect(
      type(of: Screen().redacted(when: { $0.isLoading }, whileRedacted: .keepEffectsRunning))
        == _Redacted<Screen, _ClosureCondition<Screen.State, Stated>>.self)
    // NB: a key path stays the flag read at its offset, with or without a policy.
    #expect(
      type(of: Screen().redacted(when: \.isLoading))
        == _Redacted<Screen, _FlagCondition<Screen.State>>.self)
    #expect(
      type(of: Screen().redacted(when: \.isLoading, allowing: { _, _ in false }))
        == _Redacted<Screen, _FlagCondition<Screen.State>>.self)
    let store = Store(initialState: Screen.State()) {
      Reduce<Screen.State, Screen.Action> { state, action in
        if action == .loaded { state.isLoading = false }
        return .none
      }
      redacted
    }
    store.send(.increment)
    #expect(store.count == 0)
    store.send(.loaded)
    store.send(.increment)
    #expect(store.count == 1)
  }

  /// A redacted reducer at a store's root whose path is the general one (a computed flag, a
  /// gate, effects kept running) is told to the store when it is made, by a bit of the byte its
  /// send tests anyway: that send then takes the general path, with the same meaning, and the
  /// fast one is compiled without it. Actions its effects send back take it too.
  @Test func aRedactedRootTellsItsStoreWhichPathItsSendTakes() {
    struct Lockable: Reducer {
      struct State: Equatable {
        var count = 0
        var flags = Flags()
        var isBusy: Bool { flags.isLocked }
      }
      enum Action: Equatable { case increment, incrementTwice, lock }
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .increment: state.count += 1
        case .incrementTwice:
          state.count += 1
          return .send(.increment)
        case .lock: state.flags.isLocked = true
        }
        return .none
      }
    }
    func run<R: Reducer<Lockable.State, Lockable.Action>>(
      _ reducer: R
    ) -> (counts: [Int], takesGeneralPath: Bool?) {
      let store = Store(initialState: Lockable.State()) { reducer }
      let root = store.root as? RootCore<_EmbeddedChild<R>, NoHook<R.State, R.Action>>
      var counts: [Int] = []
      for action in [
        Lockable.Action.increment, .incrementTwice, .lock, .increment, .incrementTwice,
      ] {
        store.send(action)
        counts.append(store.count)
      }
      return (counts, root.map { $0.flags.contains(.general) })
    }
    let expected = [1, 3, 3, 3, 3]
    let stored = run(Lockable().redacted(when: \.flags.isLocked))
    #expect(stored.counts == expected)
    #expect(stored.takesGeneralPath == false)
    let computed = run(Lockable().redacted(when: \.isBusy))
    #expect(computed.counts == expected)
    #expect(computed.takesGeneralPath == true)
    let gated = run(Lockable().redacted(when: \.isBusy, allowing: { _, action in action == .lock }))
    #expect(gated.counts == expected)
    #expect(gated.takesGeneralPath == true)
    let keeping = run(Lockable().redacted(when: \.isBusy, whileRedacted: .keepEffectsRunning))
    #expect(keeping.counts == expected)
    #expect(keeping.takesGeneralPath == true)
    let closure = run(Lockable().redacted(when: { $0.isBusy }))
    #expect(closure.counts == expected)
    #expect(closure.takesGeneralPath == false)
    #expect(run(Lockable()).takesGeneralPath == false)
  }
}
