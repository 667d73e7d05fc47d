import Foundation
import ReducerKitTesting
import Testing

/// `recorded(_:)` reads the JSON a recording keeps, its type inferred where it is used: what
/// the inspector's "Write a test" spells values with.
struct RecordedTests {
  struct Item: Codable, Equatable {
    var id: Int64
    var title: String
  }

  @Test func readsAValueOfTheInferredType() throws {
    let item: Item = try recorded(#"{"id":9007199254740993,"title":"a \"quoted\" title"}"#)
    #expect(item == Item(id: 9_007_199_254_740_993, title: #"a "quoted" title"#))
    let flag: Bool = try recorded("true")
    #expect(flag)
  }

  @Test func aValueOfAnotherTypeIsRefused() {
    #expect(throws: DecodingError.self) {
      let _: Item = try recorded(#"{"id":"nine","title":"x"}"#)
    }
  }
}
