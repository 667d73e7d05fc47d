import Testing

@testable import ReducerKit
@testable import ReducerKitSupport

/// The atomics that replaced Synchronization's (`Internal/AtomicCell.swift`): increments from
/// many threads are never lost, a compare-exchange stores only over what it expected, and a
/// counter wraps instead of trapping.
struct AtomicCellTests {
  @Test func incrementsFromManyTasksAreNeverLost() async {
    let cell = AtomicCell<Int>(0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for _ in 0..<10_000 { cell.wrappingAdd(1) }
        }
      }
    }
    #expect(cell.load(ordering: .relaxed) == 80_000)
  }

  @Test func compareExchangeStoresOnlyOverTheExpectedValue() {
    let cell = AtomicCell<Int>(5)
    let missed = cell.compareExchange(expected: 4, desired: 9)
    #expect(!missed.exchanged && missed.original == 5)
    #expect(cell.load(ordering: .relaxed) == 5)
    let hit = cell.compareExchange(expected: 5, desired: 9)
    #expect(hit.exchanged && hit.original == 5)
    #expect(cell.load(ordering: .acquiring) == 9)
  }

  @Test func aCounterWrapsAndAFlagReadsBack() {
    let cell = AtomicCell<Int>(.max)
    let step = cell.wrappingAdd(1)
    #expect(step.oldValue == .max && step.newValue == .min)
    #expect(cell.load(ordering: .relaxed) == .min)
    let flag = AtomicCell(false)
    flag.store(true, ordering: .releasing)
    #expect(flag.load(ordering: .acquiring))
    let before = ProcessCounter.uniqueStamps.load()
    #expect(UniqueStamp.next() != UniqueStamp.next())
    #expect(ProcessCounter.uniqueStamps.load() != before)
  }
}
