import Testing

@testable import ReducerKit

/// A `StateReader` reads what the key path reads, whether it found an offset for the path (a
/// stored property, however deep) or not (a computed property, a class's property, an optional
/// chain), for trivial and reference-counted values alike.
@Suite struct StatePathTests {
  final class Box {
    var count = 7
  }

  struct Inner: Equatable {
    var name = "inner ☃︎"
    var scores: Set<Int> = [1, 2, 3]
    var big = UInt64.max
  }

  struct Outer {
    var flag = true
    var inner = Inner()
    var tags = ["a", "b"]
    var box = Box()
    var maybe: Inner? = Inner(name: "maybe", scores: [], big: 1)
    var shout: String { inner.name.uppercased() }
  }

  @Test func storedPathsHaveAnOffsetAndReadTheirValue() {
    var outer = Outer()
    outer.inner.name = "changed"
    outer.tags.append("c")
    let name = StateReader(\Outer.inner.name)
    let tags = StateReader(\Outer.tags)
    let flag = StateReader(\Outer.flag)
    let big = StateReader(\Outer.inner.big)
    let whole = StateReader(\Outer.inner)
    #expect(
      name.offset.isStored && tags.offset.isStored && flag.offset.isStored && big.offset.isStored)
    #expect(name.read(outer) == "changed")
    #expect(tags.read(outer) == ["a", "b", "c"])
    #expect(flag.read(outer))
    #expect(big.read(outer) == UInt64.max)
    #expect(whole.read(outer) == outer.inner)
    #expect(StateReader(\Outer.inner.scores).project(outer) { $0.pointee.count } == 3)
  }

  @Test func pathsWithoutAnOffsetReadThroughTheKeyPath() {
    let outer = Outer()
    let shout = StateReader(\Outer.shout)
    let count = StateReader(\Outer.box.count)
    let maybe = StateReader(\Outer.maybe?.name)
    #expect(shout.offset == .computed && count.offset == .computed && maybe.offset == .computed)
    #expect(shout.read(outer) == "INNER ☃︎")
    #expect(count.read(outer) == 7)
    #expect(maybe.read(outer) == "maybe")
    #expect(shout.project(outer) { $0.pointee.count } == 7)
  }

  @MainActor
  @Test func aLentStateIsReadInPlaceAtTheOffset() {
    var outer = Outer()
    outer.inner.scores = [42]
    let scores = StateReader(\Outer.inner.scores)
    var lent = 0
    let lender: StateLender = { body in
      lent += 1
      StateReader<Outer, Outer>.lend(&outer, to: body)
    }
    let read = StateReader<Outer, Set<Int>>.project(
      lentBy: lender, at: scores.offset, { $0.pointee }, orElse: { [] })
    #expect(read == [42])
    #expect(lent == 1)
    // A lender that lends nothing gets the fallback's value, not a crash.
    let none = StateReader<Outer, Set<Int>>.project(
      lentBy: { _ in }, at: scores.offset, { $0.pointee }, orElse: { [7] })
    #expect(none == [7])
  }

  @MainActor
  @Test func aCellIsReadInPlaceAtTheOffsetAndPreparedFirstWhereItAsks() {
    var outer = Outer()
    outer.inner.scores = [42]
    let scores = StateReader(\Outer.inner.scores)
    let stored = TypedStateCell(outer)
    #expect(stored.read(at: scores.offset) == Set([42]))
    let tags = StateReader(\Outer.tags)
    #expect(
      stored.project(at: tags.offset) { (tags: UnsafePointer<[String]>) in tags.pointee.count } == 2
    )
    stored.storage.pointee.inner.scores.insert(7)
    #expect(stored.read(at: scores.offset) == Set([7, 42]))

    // A row's cell brings its state up to date before each read.
    var prepared = 0
    let row = TypedStateCell(Outer()) { cell in
      prepared += 1
      cell.storage.pointee.inner.name = "prepared \(prepared)"
    }
    let name = StateReader(\Outer.inner.name)
    #expect(row.read(at: name.offset) == "prepared 1")
    let count = row.project(at: name.offset) { (name: UnsafePointer<String>) in name.pointee.count }
    #expect(count == "prepared 2".count)
    #expect(prepared == 2)
  }
}
