import Foundation
import Testing

@testable import ReducerKit
@testable import ReducerKitRecording

/// The recorder's JSON reader agrees with Foundation's on what `JSONEncoder` writes, and rejects
/// what is not JSON.
struct JSONParserTests {
  /// What `JSONDecoder` reads `data` as.
  func foundation(_ data: Data) throws -> JSONValue {
    try JSONDecoder().decode(JSONValue.self, from: data)
  }

  @Test func readsWhatJSONEncoderWritesAsFoundationDoes() throws {
    struct Sample: Encodable {
      var text = "quote \" backslash \\ slash / tab \t newline \n return \r bell \u{07} é 😀 \u{0}"
      var numbers: [Double] = [0, -1, 1.5, 1e300, -2.5e-300, 123_456_789.125]
      var integers = [Int.min, Int.max, 0]
      var flags = [true, false]
      var nothing: Int? = nil
      var nested = ["a": [["b": []]], "": [[:]]] as [String: [[String: [Int]]]]
    }
    for formatting: JSONEncoder.OutputFormatting in [[], [.sortedKeys, .prettyPrinted]] {
      let encoder = JSONEncoder()
      encoder.outputFormatting = formatting
      let data = try encoder.encode(Sample())
      #expect(try JSONParser.parse(data) == foundation(data))
    }
  }

  @Test func readsEscapesEncodersDoNotWrite() throws {
    let text = #"["\u00e9\ud83d\ude00\b\f\/", 1E2, -0.5e+1]"#
    #expect(
      try JSONParser.parse(Data(text.utf8))
        == .array([
          .string("é😀\u{08}\u{0C}/"), .number(JSONNumber(text: "1E2")!),
          .number(JSONNumber(text: "-0.5e+1")!),
        ]))
  }

  @Test(arguments: [
    "", "{", "[1,]", "{\"a\" 1}", "tru", "nul", "\"open", "\"\\x\"", "\"\\ud83d\"", "1 2",
    "{\"a\":1,}", "-", "[1 2]",
  ])
  func rejectsWhatIsNotJSON(_ text: String) {
    #expect(throws: DecodingError.self) { try JSONParser.parse(Data(text.utf8)) }
  }
}
