import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

struct Item: Identifiable, Equatable, Hashable, Codable {
  var id: Int
  var name: String
}

struct IdentifiedArrayTests {
  @Test func filteringKeepsAnIdentifiedArray() {
    let items: IdentifiedArrayOf<Item> = [
      Item(id: 1, name: "a"), Item(id: 2, name: "bb"), Item(id: 3, name: "c"),
    ]
    let short: IdentifiedArrayOf<Item> = items.filter { $0.name.count == 1 }
    #expect(short.ids == [1, 3])
    #expect(short[id: 3]?.name == "c")
    #expect(short[id: 2] == nil)
  }

  @Test func lookupUpdateAndRemovalByID() {
    var items: IdentifiedArrayOf<Item> = [Item(id: 1, name: "a"), Item(id: 2, name: "b")]
    #expect(items[id: 2]?.name == "b")
    items[id: 2]?.name = "B"
    #expect(items[id: 2]?.name == "B")
    #expect(items.index(id: 2) == 1)
    items.remove(id: 1)
    #expect(items.ids == [2])
    #expect(items.index(id: 2) == 0)
    items[id: 3] = Item(id: 3, name: "c")
    #expect(items.ids == [2, 3])
    items[id: 2] = nil
    #expect(items.ids == [3])
  }

  @Test(arguments: [1, 6, 7, 8, 31, 64, 65, 205, 1_000, 70_000])
  func everyIDFindsItsPositionAtEverySize(count: Int) {
    // The index packs positions in as few bits as the table needs; slots straddle words.
    var items = IdentifiedArray(
      uniqueElements: (0..<count).map { Item(id: $0 &* 7_919, name: "\($0)") })
    #expect((0..<count).allSatisfy { items.index(id: $0 &* 7_919) == $0 })
    #expect(!items.contains(id: -1))
    #expect(!items.contains(id: 1))
    items.append(Item(id: -5, name: "appended"))
    #expect(items.index(id: -5) == count)
    items.remove(id: 0)
    #expect(items.index(id: -5) == count - 1)
    #expect((1..<count).allSatisfy { items.index(id: $0 &* 7_919) == $0 - 1 })

    // Removing the last element is O(1): its slot is freed and its cluster shifted back.
    let removed = items.remove(at: items.count - 1)
    #expect(removed.id == -5)
    while items.count > count / 2 { items.remove(at: items.count - 1) }
    #expect(!items.contains(id: -5))
    #expect(items.ids.enumerated().allSatisfy { items.index(id: $1) == $0 })
    #expect(!items.contains(id: (count - 1) &* 7_919) || count / 2 >= count - 1)
    items.append(Item(id: -6, name: "after removals"))
    #expect(items.index(id: -6) == items.count - 1)
  }

  @Test func anElementIsChangedInPlaceByPosition() {
    var items: IdentifiedArrayOf<Item> = [Item(id: 1, name: "a"), Item(id: 2, name: "b")]
    items[0].name = "A"
    #expect(items[id: 1]?.name == "A")
    #expect(items.ids == [1, 2])
    // A new id by position keeps the index right, as by id.
    items[1].id = 3
    #expect(items[id: 3]?.name == "b")
    #expect(items[id: 2] == nil)
    #expect(items.index(id: 3) == 1)
  }

  @Test func insertKeepsPositionsRight() {
    var items: IdentifiedArrayOf<Item> = [Item(id: 1, name: "a"), Item(id: 3, name: "c")]
    items.insert(Item(id: 2, name: "b"), at: 1)
    #expect(items.ids == [1, 2, 3])
    #expect(items.ids.map { items.index(id: $0) } == [0, 1, 2])
    items.move(fromOffsets: [0], toOffset: 3)
    #expect(items.ids == [2, 3, 1])
    #expect(items.index(id: 1) == 2)
    items.sort { $0.id < $1.id }
    #expect(items.ids == [1, 2, 3])
    items.removeAll { $0.id == 2 }
    #expect(items.ids == [1, 3])
    #expect(items.index(id: 3) == 1)
  }

  @Test func aDuplicateIsNotInsertedAndTheResultSaysWhereItsIDIs() async {
    await withRecordedIssues { issues in
      var items: IdentifiedArrayOf<Item> = [Item(id: 1, name: "a"), Item(id: 2, name: "b")]
      let appended = items.append(Item(id: 2, name: "again"))
      #expect(appended.inserted == false && appended.index == 1)
      let inserted = items.insert(Item(id: 1, name: "again"), at: 0)
      #expect(inserted.inserted == false && inserted.index == 0)
      #expect(items.elements == [Item(id: 1, name: "a"), Item(id: 2, name: "b")])
      #expect(issues.messages.first?.contains("already in the IdentifiedArray") == true)
      let fresh = items.insert(Item(id: 3, name: "c"), at: 1)
      #expect(fresh.inserted && fresh.index == 1 && items.ids == [1, 3, 2])
    }
  }

  @Test func aDuplicateDoesNotFailTheTestThatMakesIt() {
    // The advisory is printed, not a failure: this test passes as it would with the
    // best-known library's collection (any failure here would fail it).
    var items: IdentifiedArrayOf<Item> = [Item(id: 1, name: "a")]
    #expect(items.append(Item(id: 1, name: "again")) == (false, 0))
  }

  @Test func modifyMutatesInPlace() {
    var items: IdentifiedArrayOf<Item> = [Item(id: 1, name: "a")]
    let result = items.modify(id: 1) { item -> Int in
      item.name = "z"
      return 42
    }
    #expect(result == 42)
    #expect(items[id: 1]?.name == "z")
    #expect(items.modify(id: 9) { _ in 1 } == nil)
  }

  @Test func codableRoundTripAndDuplicateIDsAreADecodingError() throws {
    let items: IdentifiedArrayOf<Item> = [Item(id: 1, name: "a"), Item(id: 2, name: "b")]
    let data = try JSONEncoder().encode(items)
    #expect(try JSONDecoder().decode(IdentifiedArrayOf<Item>.self, from: data) == items)

    let duplicate = Data(#"[{"id":1,"name":"a"},{"id":1,"name":"b"}]"#.utf8)
    do {
      _ = try JSONDecoder().decode(IdentifiedArrayOf<Item>.self, from: duplicate)
      Issue.record("Decoding duplicate ids should throw")
    } catch DecodingError.dataCorrupted(let context) {
      #expect(context.debugDescription.contains("Duplicate id 1 at index 1"))
    }
  }

  @Test func equalityAndHashingFollowElements() {
    let a: IdentifiedArrayOf<Item> = [Item(id: 1, name: "a")]
    var b: IdentifiedArrayOf<Item> = [Item(id: 1, name: "a")]
    #expect(a == b)
    #expect(a.hashValue == b.hashValue)
    b[id: 1]?.name = "b"
    #expect(a != b)
  }
}

@Suite struct IdentifiedArrayRemovalTests {
  struct Item: Identifiable, Equatable {
    let id: Int
  }

  @Test func removingTheEndsKeepsTheIndexRightAndWarnsWhenEmpty() {
    var items: IdentifiedArray<Int, Item> = [Item(id: 1), Item(id: 2), Item(id: 3)]
    #expect(items.removeLast() == Item(id: 3))
    #expect(items.removeFirst() == Item(id: 1))
    #expect(items.ids == [2])
    #expect(items[id: 2] == Item(id: 2))
    #expect(items.popLast() == Item(id: 2))
    #expect(items.popLast() == nil)
    let issues = collectIssues {
      #expect(items.removeLast() == nil)
      #expect(items.removeFirst() == nil)
    }
    #expect(issues.count == 2)
    #expect(issues.allSatisfy { $0.message.contains("on an empty identified array") })
  }
}
