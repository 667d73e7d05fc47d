import Foundation
import Testing

@testable import ReducerKit
@testable import ReducerKitSupport

struct StateDumpTests {
  struct User: Equatable {
    var name: String
    var age: Int
    var tags: [String]
  }
  enum Status: Equatable {
    case idle
    case loading(progress: Double)
    case failed(String)
  }
  final class Box {
    var value = 1
    var next: Box?
  }

  @Test func dumpsStructsWithNestedValues() {
    let text = StateDump.dump(User(name: "Ada", age: 36, tags: ["x"]))
    #expect(
      text == """
        StateDumpTests.User(
          name: "Ada",
          age: 36,
          tags: [
            [0]: "x"
          ]
        )
        """)
  }

  @Test func urlsAndDatesPrintAsAUserReadsThem() throws {
    struct Link: Equatable {
      var url: URL
      var seen: Date
    }
    let link = Link(
      url: try #require(URL(string: "https://example.com/a?b=1")),
      seen: Date(timeIntervalSince1970: 1_234_567_890))
    #expect(
      StateDump.dump(link) == """
        StateDumpTests.Link(
          url: URL(https://example.com/a?b=1),
          seen: Date(2009-02-13T23:31:30.000Z)
        )
        """)
    var later = link
    later.url = try #require(URL(string: "https://example.com/b"))
    let diff = try #require(StateDump.diff(link, later))
    #expect(diff.contains("URL(https://example.com/b)") && diff.count < 200)
  }

  @Test func dumpsEnumsOptionalsDictionariesAndSets() {
    #expect(StateDump.dump(Status.idle) == "StateDumpTests.Status.idle")
    #expect(StateDump.dump(Status.loading(progress: 0.5)).contains("loading("))
    #expect(StateDump.dump(Status.loading(progress: 0.5)).contains("progress: 0.5"))
    #expect(StateDump.dump(Optional<Int>.none as Any) == "nil")
    #expect(StateDump.dump(Optional(3) as Any) == "3")
    let dictionary = StateDump.dump(["b": 2, "a": 1])
    #expect(dictionary == "[\n  [\"a\"]: 1,\n  [\"b\"]: 2\n]")
    let set = StateDump.dump(Set([3, 1, 2]))
    #expect(set == "Set([\n  1,\n  2,\n  3\n])")
  }

  @Test func dumpsClassesWithoutLoopingOnCycles() {
    let box = Box()
    box.next = box
    let text = StateDump.dump(box)
    box.next = nil  // NB: break the cycle so the leak checker stays quiet.
    #expect(text.contains("value: 1"))
    #expect(text.contains("↩︎"))
  }

  @Test func diffMarksExpectedAndActualLines() throws {
    let diff = try #require(
      StateDump.diff(User(name: "Ada", age: 36, tags: []), User(name: "Ada", age: 37, tags: [])))
    #expect(diff.contains("−   age: 36"))
    #expect(diff.contains("+   age: 37"))
    #expect(diff.contains("… (2 unchanged)") || diff.contains("… (1 unchanged)"))
    #expect(!diff.contains("Ada"))
    #expect(StateDump.diff(1, 1) == nil)
  }

  @Test func diffOfEnumCaseChangeShowsBothCases() throws {
    let diff = try #require(StateDump.diff(Status.idle, Status.failed("x")))
    #expect(diff.contains("− StateDumpTests.Status.idle"))
    #expect(diff.contains("+ StateDumpTests.Status.failed("))
  }

  @Test func oneChangedRowInAHundredThousandPrintsAFewLines() throws {
    let rows = IdentifiedArray(
      uniqueElements: (0..<100_000).map { Row.State(id: $0, title: "Row \($0)") })
    var changed = rows
    changed[id: 50_000]?.isFavorite = true
    let diff = try #require(StateDump.diff(List.State(rows: rows), List.State(rows: changed)))
    let lines = diff.split(separator: "\n")
    #expect(lines.count < 20)
    #expect(diff.contains("… (50000 unchanged)"))
    #expect(diff.contains("… (49999 unchanged)"))
    #expect(diff.contains("[id: 50000]: Row.State("))
    #expect(diff.contains("−       isFavorite: false"))
    #expect(diff.contains("+       isFavorite: true"))
  }

  @Test func insertedAndRemovedElementsAreAlignedByID() throws {
    let before: IdentifiedArrayOf<Row.State> = [
      Row.State(id: 1, title: "a"), Row.State(id: 2, title: "b"),
    ]
    var after = before
    after.remove(id: 1)
    after.append(Row.State(id: 3, title: "c"))
    let diff = try #require(StateDump.diff(before, after))
    #expect(diff.contains("−   [id: 1]: Row.State("))
    #expect(diff.contains("+   [id: 3]: Row.State("))
    #expect(diff.contains("… (1 unchanged)"))
  }

  @Test func aPrivateTypeIsNamedWithoutTheAddressOfItsContext() {
    // `String(reflecting:)` names it `ReducerKitTests.(unknown context at $55…).Hidden.Case`,
    // an address that differs from run to run.
    #expect(
      String(reflecting: Hidden.self).contains("unknown context"), "no private context: no test")
    #expect(StateDump.typeName(Hidden.self) == "Hidden")
    #expect(describe(Hidden.on) == "Hidden.on")
    #expect(
      StateDump.withoutUnknownContexts("A.(unknown context at $1f).B<C.(unknown context at $2).D>")
        == "A.B<C.D>")
    #expect(
      StateDump.withoutUnknownContexts("(unknown context at $1f") == "(unknown context at $1f")
  }
}

private enum Hidden { case on }
