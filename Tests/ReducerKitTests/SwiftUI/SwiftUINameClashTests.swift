import Foundation
import TestSupport
import Testing

/// Adopting the kit must not make a SwiftUI name ambiguous in a file that imports both. The
/// clash check in CI compiles the names ordinary code uses; this checks every name: the kit's
/// public top-level names (of the modules apps import into feature files) against SwiftUI's
/// (`.ci/swiftui-names/top-level.txt`), and the kit's `View` members, by full name, against
/// SwiftUI's modifiers (`.ci/swiftui-names/view-members.txt`). A match fails unless
/// `.ci/swiftui-names/allowed.tsv` says why it is not a clash.
struct SwiftUINameClashTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let names = root.appendingPathComponent(".ci/swiftui-names")

  /// What a file declares publicly: top-level names, and `View` members by full name.
  struct Declared: Equatable {
    var topLevel: [String] = []
    var viewMembers: [String] = []
  }

  static let kinds: Set<String> = [
    "struct", "class", "enum", "protocol", "typealias", "actor", "func", "var", "let",
  ]

  /// The public declarations of `text` that code on Apple platforms sees: the `#else` of an
  /// `#if canImport(SwiftUI)` is Linux's and is skipped.
  static func declarations(in text: String) -> Declared {
    let code = String(SwiftSource.code(text))
    var declared = Declared()
    var depth = 0
    // The depth at which each open `extension View` body starts.
    var viewExtensions: [Int] = []
    // Whether each open `#if` block's branch is compiled where SwiftUI is.
    var compiled: [Bool] = []
    let lines = code.components(separatedBy: "\n")
    for (index, rawLine) in lines.enumerated() {
      let line = rawLine.trimmingCharacters(in: .whitespaces)
      if line.hasPrefix("#if ") {
        let condition = line.dropFirst(4).replacingOccurrences(of: " ", with: "")
        compiled.append(condition != "!canImport(SwiftUI)" && condition != "os(Linux)")
        continue
      } else if line.hasPrefix("#else") {
        if let last = compiled.popLast() { compiled.append(!last) }
        continue
      } else if line.hasPrefix("#endif") {
        _ = compiled.popLast()
        continue
      }
      let skip = compiled.contains(false)
      let words = line.split(whereSeparator: { $0 == " " || $0 == "(" || $0 == "<" || $0 == ":" })
        .map(String.init)
      if !skip, words.first == "public" || words.contains("public"),
        let kindIndex = words.firstIndex(where: kinds.contains), kindIndex + 1 < words.count
      {
        let name = words[kindIndex + 1].replacingOccurrences(of: "`", with: "")
        if depth == 0 {
          declared.topLevel.append(name)
        } else if words[kindIndex] == "func", viewExtensions.last == depth {
          // NB: the parameter list, which may go on over the next lines.
          var signature = line
          var next = index + 1
          while !isClosed(signature), next < lines.count {
            signature += " " + lines[next]
            next += 1
          }
          declared.viewMembers.append(name + labels(after: signature))
        }
      }
      if !skip, depth == 0, line.hasPrefix("extension View") { viewExtensions.append(depth + 1) }
      for character in line {
        if character == "{" { depth += 1 }
        if character == "}" {
          if viewExtensions.last == depth { viewExtensions.removeLast() }
          depth -= 1
        }
      }
    }
    return declared
  }

  /// Whether `text` holds a parameter list and its closing parenthesis.
  static func isClosed(_ text: String) -> Bool {
    guard let open = text.firstIndex(of: "(") else { return false }
    var depth = 0
    for character in text[open...] {
      if character == "(" { depth += 1 }
      if character == ")" {
        depth -= 1
        if depth == 0 { return true }
      }
    }
    return false
  }

  /// The argument labels of the function whose declaration `line` holds: `(item:onDismiss:)`.
  static func labels(after line: String) -> String {
    "(" + SwiftSource.argumentLabels(in: line[...]).map { $0 + ":" }.joined() + ")"
  }

  static func list(_ file: String) throws -> Set<String> {
    let text = try String(contentsOf: names.appendingPathComponent(file), encoding: .utf8)
    return Set(
      text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty })
  }

  static func allowed() throws -> [String: String] {
    let text = try String(
      contentsOf: names.appendingPathComponent("allowed.tsv"), encoding: .utf8)
    var allowed: [String: String] = [:]
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      let columns = line.split(separator: "\t", maxSplits: 1).map(String.init)
      if columns.count == 2, !columns[1].trimmingCharacters(in: .whitespaces).isEmpty {
        allowed[columns[0]] = columns[1]
      }
    }
    return allowed
  }

  /// The kit's modules that feature files import beside SwiftUI (ReducerKitSupport comes with
  /// `import ReducerKit`).
  static func kitDeclarations() throws -> Declared {
    var all = Declared()
    let files = SwiftSource.files(
      in: ["Sources/ReducerKit", "Sources/ReducerKitSupport", "Sources/ReducerKitPatterns"],
      of: root)
    for file in files {
      let declared = declarations(in: try String(contentsOf: file, encoding: .utf8))
      all.topLevel += declared.topLevel
      all.viewMembers += declared.viewMembers
    }
    return all
  }

  @Test func noPublicNameOfTheKitIsSwiftUIsWithoutAReason() throws {
    let topLevel = try Self.list("top-level.txt")
    let members = try Self.list("view-members.txt")
    #expect(topLevel.count > 450)
    #expect(members.count > 300)
    let allowed = try Self.allowed()
    let kit = try Self.kitDeclarations()
    #expect(kit.topLevel.count > 100)
    #expect(kit.viewMembers.count > 5)
    let clashes =
      Set(kit.topLevel).intersection(topLevel).map { "a top-level \($0)" }
      + Set(kit.viewMembers).intersection(members).map { "the View member \($0)" }
    let unexplained = clashes.filter { clash in
      !allowed.keys.contains { clash.hasSuffix(" " + $0) }
    }.sorted()
    #expect(
      unexplained.isEmpty,
      """
      The kit declares names SwiftUI declares: \(unexplained.joined(separator: ", ")). Rename \
      them, or say in .ci/swiftui-names/allowed.tsv why a file importing both stays unambiguous.
      """)
    // Every reason still names a real clash, so the list does not outlive what it explains.
    let stale = allowed.keys.filter { name in !clashes.contains { $0.hasSuffix(" " + name) } }
    #expect(stale.isEmpty, "allowed.tsv explains names that no longer clash: \(stale.sorted())")
  }

  /// The reader finds a public top-level name, a `View` member's full name, skips Linux's
  /// branch of `#if canImport(SwiftUI)`, members of other types, and what comments and strings
  /// say.
  @Test func theReaderFindsWhatAFileDeclares() {
    let source = """
      public struct Store<State> {
        public func send(_ action: Int) {}
      }
      // public struct Color {}
      let text = "public enum Font {}"
      #if canImport(SwiftUI)
        extension View {
          public func sheet<Content: View>(
            item: Binding<Int?>, onDismiss: (() -> Void)? = nil, content: () -> Content
          ) -> some View { self }
          func helper() {}
        }
      #else
        public struct RedactionReasons {}
      #endif
      extension View {
        public nonisolated func alert(store: Int, state: Int) -> some View { self }
      }
      public typealias StoreOf<R> = Store<R>
      """
    let declared = Self.declarations(in: source)
    #expect(declared.topLevel == ["Store", "StoreOf"])
    #expect(declared.viewMembers == ["sheet(item:onDismiss:content:)", "alert(store:state:)"])
  }
}
