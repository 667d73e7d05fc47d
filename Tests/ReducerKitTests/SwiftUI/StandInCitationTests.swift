import Foundation
import TestSupport
import Testing

/// Each declaration of the SwiftUI and UIKit stand-ins (`.ci/swiftui-standin`,
/// `.ci/uikit-standin`) cites Apple's page for it;
/// the page's path names the symbol and its argument labels (`view/sheet(item:ondismiss:content:)`),
/// and this test checks that the declaration below the citation declares exactly that — so a
/// stand-in declaration with a wrong label, or a citation of another symbol's page, fails.
struct StandInCitationTests {
  static let ci = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent(".ci")
  /// The stand-ins: SwiftUI's, Combine's observable objects, and UIKit's lifecycle
  /// notifications.
  static let standIns = [
    "swiftui-standin", "combine-standin", "coregraphics-standin", "uikit-standin",
  ].map(ci.appendingPathComponent)

  /// A citation and the declaration it precedes.
  struct Citation {
    let place: String
    /// What the page's path names, lowercased: `sheet(item:ondismiss:content:)`.
    let page: String
    /// What the declaration declares, lowercased the same way.
    let declared: String
  }

  /// The citations of `text`, a stand-in file: each `// https://…/documentation/swiftui/…` line
  /// and the first declaration after it.
  static func citations(in text: String, file: String) -> [Citation] {
    let lines = text.components(separatedBy: "\n")
    var citations: [Citation] = []
    for (index, line) in lines.enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      let prefixes = [
        "// https://developer.apple.com/documentation/swiftui/",
        "// https://developer.apple.com/documentation/uikit/",
        "// https://developer.apple.com/documentation/combine/",
        "// https://developer.apple.com/documentation/corefoundation/",
        "// https://developer.apple.com/documentation/foundation/",
      ]
      guard let prefix = prefixes.first(where: trimmed.hasPrefix) else { continue }
      let path = trimmed.dropFirst(prefix.count).split(separator: " ").first.map(String.init) ?? ""
      // The declaration: the next lines that are not comments, up to the parameter list's end.
      var declaration = ""
      var next = index + 1
      while next < lines.count {
        let candidate = lines[next].trimmingCharacters(in: .whitespaces)
        next += 1
        if candidate.hasPrefix("//") || candidate.hasPrefix("@available") { continue }
        declaration += " " + candidate
        if isComplete(declaration) { break }
      }
      citations.append(
        Citation(
          place: "\(file):\(index + 1)", page: pageSymbol(path), declared: symbol(of: declaration)))
    }
    return citations
  }

  /// The symbol a page's path names: its last component, without the hash that tells overloads
  /// apart (`-3md6l`) or a kind suffix (`-swift.property`).
  static func pageSymbol(_ path: String) -> String {
    var last = path
    if let open = path.firstIndex(of: "(") {
      let head = path[..<open]
      last = String(head.split(separator: "/").last ?? "") + path[open...]
    } else {
      last = String(path.split(separator: "/").last ?? "")
    }
    if let close = last.lastIndex(of: ")") {
      last = String(last[...close])
    } else if let dash = last.firstIndex(of: "-") {
      last = String(last[..<dash])
    }
    return last.lowercased()
  }

  /// Whether `declaration` holds a whole signature: a type's name, or a parameter list closed.
  static func isComplete(_ declaration: String) -> Bool {
    if declaration.range(
      of: #"\b(struct|protocol|enum|class|extension|typealias|associatedtype|var|let|case)\b"#,
      options: .regularExpression) != nil,
      declaration.range(of: #"\b(func|init|subscript)\b"#, options: .regularExpression) == nil
    {
      return true
    }
    var depth = 0
    var opened = false
    for character in declaration {
      if character == "(" {
        depth += 1
        opened = true
      } else if character == ")" {
        depth -= 1
        if opened, depth == 0 { return true }
      }
    }
    return false
  }

  /// What a declaration declares: `init(_:text:)`, `sheet(item:ondismiss:content:)`, `binding`.
  static func symbol(of declaration: String) -> String {
    let words = declaration.replacingOccurrences(of: "(", with: " (")
      .split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "<" || $0 == "{" || $0 == "=" })
      .map(String.init)
    let kinds = [
      "func", "struct", "protocol", "enum", "class", "extension", "var", "let",
      "associatedtype", "typealias",
    ]
    if let member = declaration.range(
      of: #"\b(init|subscript)[?!]?\s*[<(]"#, options: .regularExpression)
    {
      let name = declaration[member].hasPrefix("init") ? "init" : "subscript"
      return name + labels(afterName: declaration[member.lowerBound...])
    }
    guard var kind = words.firstIndex(where: kinds.contains), kind + 1 < words.count else {
      return "?"
    }
    // NB: `class var` and `class func` declare members, not classes.
    if words[kind] == "class", kind + 2 < words.count, kinds.contains(words[kind + 1]) {
      kind += 1
    }
    let name = words[kind + 1].lowercased().replacingOccurrences(of: "`", with: "")
    guard words[kind] == "func" else { return name }
    let start = declaration.range(of: "func ")?.upperBound ?? declaration.startIndex
    return name + labels(afterName: declaration[start...])
  }

  /// The argument labels of the first parameter list in `text`, lowercased, as `(a:_:b:)`.
  static func labels(afterName text: Substring) -> String {
    "(" + SwiftSource.argumentLabels(in: text).map { $0.lowercased() + ":" }.joined() + ")"
  }

  static func allCitations() throws -> [Citation] {
    let files = try standIns.flatMap {
      try FileManager.default.contentsOfDirectory(at: $0, includingPropertiesForKeys: nil)
    }.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    return try files.flatMap {
      citations(in: try String(contentsOf: $0, encoding: .utf8), file: $0.lastPathComponent)
    }
  }

  @Test func everyCitedPageNamesTheDeclarationBelowIt() throws {
    let citations = try Self.allCitations()
    #expect(citations.count > 300)
    let wrong = citations.filter { $0.page != $0.declared }
      .map { "\($0.place): the page names \($0.page), the declaration is \($0.declared)" }
    #expect(wrong.isEmpty, "\(wrong.joined(separator: "\n"))")
  }

  @Test func aChangedLabelOrAnotherSymbolsPageIsCaught() {
    let cited = """
      // https://developer.apple.com/documentation/swiftui/view/sheet(item:ondismiss:content:)
      public nonisolated func sheet<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
        @ViewBuilder content: @escaping (Item) -> Content
      ) -> some View { modified() }
      """
    let right = Self.citations(in: cited, file: "right")
    #expect(right.map(\.declared) == ["sheet(item:ondismiss:content:)"])
    #expect(right.allSatisfy { $0.page == $0.declared })
    let relabelled = Self.citations(
      in: cited.replacingOccurrences(of: "onDismiss:", with: "whenDismissed:"), file: "wrong")
    #expect(relabelled.allSatisfy { $0.page != $0.declared })
    let otherPage = Self.citations(
      in: cited.replacingOccurrences(of: "view/sheet(item:", with: "view/popover(item:"),
      file: "wrong")
    #expect(otherPage.allSatisfy { $0.page != $0.declared })
  }
}
