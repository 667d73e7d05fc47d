import ReducerKit
import Testing

/// `Effect.actions` runs an effect outside any store: cancel ids still name the same work across
/// runs, so a debounce waits and a newer debounced run replaces an older one.
@MainActor
struct EffectActionsTests {
  /// Runs `effect` in its own task, appending what it sends to `values`.
  @discardableResult
  private func collect(_ effect: Effect<Int>, into values: Collected<[Int]>) -> Task<Void, Never> {
    Task {
      for await action in effect.actions { values.value.append(action) }
    }
  }

  @Test func aDebouncedEffectWaitsAndANewerRunReplacesTheWaitingOne() async {
    struct Debounced: Hashable, Sendable {}
    let clock = TestClock()
    let values = Collected<[Int]>([])
    let debounced = { (value: Int) in
      Effect<Int>.send(value).debounce(id: Debounced(), for: .seconds(1), clock: clock)
    }

    collect(debounced(1), into: values)
    #expect(values.value == [])
    await clock.advance(by: .milliseconds(500))
    #expect(values.value == [], "half the quiet time sends nothing")

    collect(debounced(2), into: values)
    await clock.advance(by: .milliseconds(500))
    #expect(values.value == [], "the first run was replaced, not delivered at its deadline")

    collect(debounced(3), into: values)
    await clock.advance(by: .milliseconds(500))
    #expect(values.value == [])
    await clock.advance(by: .milliseconds(500))
    #expect(values.value == [3])

    await clock.run()
    #expect(values.value == [3])
  }

  @Test func aDebouncedEffectDoesNotStartItsWorkBeforeTheQuietTime() async {
    struct Debounced: Hashable, Sendable {}
    let clock = TestClock()
    let values = Collected<[Int]>([])
    let runs = Collected(0)
    let effect = Effect<Int>.run { @MainActor send in
      runs.value += 1
      send(1)
    }
    .debounce(id: Debounced(), for: .seconds(1), clock: clock)

    collect(effect, into: values)
    await clock.advance(by: .milliseconds(500))
    #expect(runs.value == 0)
    #expect(values.value == [])
    await clock.advance(by: .milliseconds(500))
    #expect(runs.value == 1)
    #expect(values.value == [1])
  }

  @Test func cancelOutsideAStoreEndsTheRunsWithThatId() async {
    struct Timer: Hashable, Sendable {}
    let clock = TestClock()
    let values = Collected<[Int]>([])
    let ticking = Effect<Int>.run { send in
      var count = 0
      while (try? await clock.sleep(for: .seconds(1))) != nil {
        count += 1
        await send(count)
      }
    }
    .cancellable(id: Timer())

    let task = collect(ticking, into: values)
    await clock.advance(by: .seconds(2))
    #expect(values.value == [1, 2])

    for await _ in Effect<Int>.cancel(id: Timer()).actions {}
    await clock.advance(by: .seconds(2))
    #expect(values.value == [1, 2], "the cancelled run sends nothing more")
    #expect(clock.sleeperCount == 0, "the cancelled run no longer waits on the clock")
    task.cancel()
  }

  @Test func aRunThatEndsLeavesNothingForItsIdToCancel() async {
    struct Work: Hashable, Sendable {}
    let values = Collected<[Int]>([])
    await collect(Effect<Int>.send(1).cancellable(id: Work()), into: values).value
    // A later run with the same id is not cancelled by the finished one's leftovers.
    await collect(
      Effect<Int>.send(2).cancellable(id: Work(), cancelInFlight: true), into: values
    ).value
    #expect(values.value == [1, 2])
  }
}

/// A main-actor box for what a test's tasks collect.
@MainActor
final class Collected<Value> {
  var value: Value
  init(_ value: Value) { self.value = value }
}
