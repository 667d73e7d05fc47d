import CasePathGeneration
import Testing

struct TokenizerTests {
  @Test func commentsAndStringsAreNotCode() throws {
    let tokens = try tokenize(
      """
      // enum Hidden { case a }
      /* nested /* enum Inner */ still a comment */
      let s = "a } \\(f("b)")) c", r = #"raw " } "#, m = \"""
        multi } "
        \"""
      enum Seen {}
      """)
    #expect(
      tokens.filter { $0.kind == .word }.map(\.text) == ["let", "s", "r", "m", "enum", "Seen"])
    #expect(tokens.filter { $0.kind == .string }.count == 3)
    #expect(tokens.last?.line == 6)
  }

  @Test func directivesCarryTheirCondition() throws {
    let tokens = try tokenize("#if os(Linux) // note\ncase a\n#elseif DEBUG\n#else\n#endif")
    #expect(tokens.first?.kind == .directive(condition: "os(Linux)"))
    #expect(tokens.map(\.text) == ["#if", "case", "a", "#elseif", "#else", "#endif"])
  }

  @Test func anUnclosedStringOrCommentIsAnErrorAtItsLine() {
    #expect(throws: SourceError(line: 2, message: "a string literal is not closed")) {
      try tokenize("let a = 1\nlet b = \"open\nlet c = 2")
    }
    #expect(throws: SourceError(line: 1, message: "a /* comment is not closed")) {
      try tokenize("/* open")
    }
  }
}
