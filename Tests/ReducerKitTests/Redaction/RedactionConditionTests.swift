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
  struct Screen: Reducer {
    let condition: (Counter) -> _Redacted<Counter>

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

  func counts(_ condition: @escaping (Counter) -> _Redacted<Counter>) -> [Int] {
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
    guard case .stored = redacted.condition else {
      Issue.record("a stored flag should be read at its offset")
      return
    }
    #expect(counts { $0.redacted(when: \.isLoading) } == [0, 1, 2])
  }

  @Test func aNestedStoredFlagIsReadAtItsOffsetToo() {
    let redacted = Counter().redacted(when: \.flags.isLocked)
    guard case .stored = redacted.condition else {
      Issue.record("a nested stored flag should be read at its offset")
      return
    }
    #expect(counts { $0.redacted(when: \.flags.isLocked) } == [1, 2, 2])
  }

  @Test func aComputedFlagIsReadThroughItsKeyPath() {
    let redacted = Counter().redacted(when: \.isBusy)
    guard case .keyPath = redacted.condition else {
      Issue.record("a computed flag has no offset")
      return
    }
    #expect(counts { $0.redacted(when: \.isBusy) } == [0, 1, 1])
  }

  @Test func aClosureAndAPlaceholderKeepTheirMeaning() {
    #expect(counts { $0.redacted(when: { $0.count > 0 || $0.isLoading }) } == [0, 1, 1])
    #expect(counts { $0.placeholder() } == [0, 0, 0])
  }
}
