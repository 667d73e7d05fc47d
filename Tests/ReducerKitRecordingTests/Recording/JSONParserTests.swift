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

  @Test(arguments: [
    (#"{"a": 1, "a": 2}"#, 9, "\"a\" is there twice"),
    (#"{"b": {"x": [], "x": []}}"#, 16, "\"x\" is there twice"),
    ("[\"tab\there\"]", 5, "byte 0x9 is raw"),
    ("[\"nul\u{0}\"]", 5, "byte 0x0 is raw"),
    (#"["\u+041"]"#, 4, "four hex digits"),
    (#"["\u00g1"]"#, 4, "four hex digits"),
    (#"["\udc00"]"#, 8, "a Unicode scalar"),
  ])
  func refusesWhatRFC8259RefusesAtItsByte(_ text: String, _ byte: Int, _ reason: String) {
    #expect {
      try JSONParser.parse(Data(text.utf8))
    } throws: { error in
      let message = "\(error)"
      return message.contains(reason) && message.contains("at byte \(byte) ")
    }
  }

  @Test(arguments: [
    [0x22, 0xC3, 0x22] as [UInt8],  // a lead byte with no continuation
    [0x22, 0x61, 0xFF, 0x22],  // a byte UTF-8 never has
    [0x22, 0xED, 0xA0, 0x80, 0x22],  // a surrogate written as UTF-8
    [0x22, 0xC0, 0xAF, 0x22],  // an overlong "/"
  ])
  func refusesBytesThatAreNotUTF8RatherThanRepairingThem(_ bytes: [UInt8]) {
    #expect {
      try JSONParser.parse(Data(bytes))
    } throws: { error in
      "\(error)".contains("a string of UTF-8 (its bytes are not) at byte 0 ")
    }
  }
}
