import Foundation
import ReducerKit
import Testing

@testable import ReducerKit

/// An id whose hash puts many ids in one cluster, so that probes walk long runs and removals
/// shift them.
struct ClumpedID: Hashable, Sendable {
  let value: Int
  func hash(into hasher: inout Hasher) { hasher.combine(value % 3) }
}

struct ClumpedItem: Identifiable, Equatable, Sendable {
  var id: ClumpedID
  var count = 0
}

/// The index behind `IdentifiedArray` keeps its invariants (`invariantViolations`) through every
/// operation, checked after each step of thousands of random ones against a plain array, with
/// ordinary ids and with ids whose hashes collide.
struct PositionIndexTests {
  /// Runs `steps` random operations on an identified array and a plain array side by side.
  func model<ID: Hashable & Sendable, Element: Identifiable & Equatable>(
    seed: UInt64, steps: Int, make: (Int) -> Element
  ) -> [String] where Element.ID == ID {
    var random = SplitMix64(state: seed)
    var array = IdentifiedArray<ID, Element>()
    var plain: [Element] = []
    var next = 0
    for step in 0..<steps {
      let operation = Int.random(in: 0..<13, using: &random)
      let offset = plain.isEmpty ? 0 : Int.random(in: 0..<plain.count, using: &random)
      switch operation {
      case 0, 1, 2:
        let element = make(next)
        next += 1
        array.append(element)
        plain.append(element)
      case 3:
        let element = make(next)
        next += 1
        let at = Int.random(in: 0...plain.count, using: &random)
        array.insert(element, at: at)
        plain.insert(element, at: at)
      case 4 where !plain.isEmpty:
        _ = array.remove(id: plain[offset].id)
        plain.remove(at: offset)
      case 5 where !plain.isEmpty:
        _ = array.remove(at: offset)
        plain.remove(at: offset)
      case 6 where !plain.isEmpty:
        _ = array.popLast()
        plain.removeLast()
      case 7 where !plain.isEmpty:
        _ = array.removeFirst()
        plain.removeFirst()
      case 8:
        let source = IndexSet(
          (0..<plain.count).filter { _ in Int.random(in: 0..<4, using: &random) == 0 })
        array.remove(atOffsets: source)
        for index in source.reversed() { plain.remove(at: index) }
      case 9 where !plain.isEmpty:
        let source = IndexSet([offset])
        let destination = Int.random(in: 0...plain.count, using: &random)
        array.move(fromOffsets: source, toOffset: destination)
        let element = plain.remove(at: offset)
        plain.insert(element, at: destination > offset ? destination - 1 : destination)
      case 10:
        let modulus = Int.random(in: 2...5, using: &random)
        array.removeAll { $0.id.hashValue % modulus == 0 }
        plain.removeAll { $0.id.hashValue % modulus == 0 }
      case 11:
        // Reverse by sorting on each element's place in the plain array, reversed.
        let places = Dictionary(
          uniqueKeysWithValues: plain.enumerated().map { ($0.element.id, $0.offset) })
        array.sort { (places[$0.id] ?? 0) > (places[$1.id] ?? 0) }
        plain.reverse()
      case 12 where plain.count > 40:
        array.removeAll()
        plain.removeAll()
      default:
        continue
      }
      var problems = array._indexInvariantViolations()
      if Array(array) != plain { problems.append("the elements differ from the model") }
      for (position, element) in plain.enumerated() where array.index(id: element.id) != position {
        problems.append("\(element.id) is not found at \(position)")
      }
      if !problems.isEmpty {
        return ["seed \(seed), step \(step), operation \(operation): "] + problems
      }
    }
    return []
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func theIndexKeepsItsInvariantsThroughRandomOperations(seed: UInt64) {
    let problems = model(seed: seed, steps: 3_000) { Item(id: $0, name: "\($0)") }
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  @Test(arguments: [4, 5] as [UInt64])
  func collidingHashesKeepTheInvariantsToo(seed: UInt64) {
    let problems = model(seed: seed, steps: 1_500) { ClumpedItem(id: ClumpedID(value: $0)) }
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  /// The check finds a damaged index: a slot emptied, a position written twice, a fingerprint
  /// changed, a table overfull.
  @Test func aDamagedIndexIsFound() {
    let items = (0..<50).map { Item(id: $0, name: "\($0)") }
    var index = PositionIndex()
    index.rebuild(for: items)
    #expect(index.invariantViolations(for: items).isEmpty)
    let occupied = (0..<index.capacity).filter { index.slot($0) != index.emptySlot }
    #expect(occupied.count == 50)

    var emptied = index
    emptied.setSlot(occupied[0], to: emptied.emptySlot)
    #expect(emptied.invariantViolations(for: items).contains { $0.contains("is in no slot") })

    var doubled = index
    doubled.setSlot(occupied[1], to: doubled.slot(occupied[0]))
    #expect(doubled.invariantViolations(for: items).contains { $0.contains("in two slots") })

    var refingerprinted = index
    let value = refingerprinted.slot(occupied[2])
    refingerprinted.setSlot(occupied[2], to: value ^ (1 << UInt64(refingerprinted.positionBits)))
    #expect(
      refingerprinted.invariantViolations(for: items).contains { $0.contains("fingerprint") })

    let more = items + (50..<200).map { Item(id: $0, name: "\($0)") }
    #expect(index.invariantViolations(for: more).contains { $0.contains("4/5 full") })
  }
}
