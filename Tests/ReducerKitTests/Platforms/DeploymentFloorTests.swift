import Foundation
import TestSupport
import Testing

/// The kit runs on Apple platforms from the floor `Package.swift` declares, and no Mac builds it
/// here: so every use of an Apple API newer than the floor (listed, with Apple's versions, in
/// `.ci/apple-floor/newer-than-floor.tsv`) must sit under an `if #available`, a
/// `guard #available` or an `@available` at least that new, or in code only Linux compiles.
/// This reads the shipped code (Sources/, Examples/, the documented SwiftUI snippets) and fails
/// at each use that nothing guards.
struct DeploymentFloorTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Versions by Apple platform: `["iOS": [17, 0], "macOS": [14, 0]]`.
  typealias Versions = [String: [Int]]

  static let platforms = ["iOS", "macOS", "tvOS", "watchOS"]

  /// An API newer than some floor.
  struct Entry {
    let name: String
    let introduced: Versions
    let page: String
  }

  /// A use that nothing guards.
  struct Finding: CustomStringConvertible {
    let place: String
    let entry: Entry
    var description: String {
      let versions = DeploymentFloorTests.platforms.compactMap { platform in
        entry.introduced[platform].map {
          "\(platform) \($0.map(String.init).joined(separator: "."))"
        }
      }
      return "\(place): `\(entry.name)` needs \(versions.joined(separator: ", ")) (\(entry.page)), "
        + "newer than the floor: put it under `if #available(\(versions.joined(separator: ", ")), *)`"
    }
  }

  // MARK: - The floor and the list

  static func version(_ text: some StringProtocol) -> [Int] {
    text.split(separator: ".").compactMap { Int($0) }
  }

  /// The floor in `Package.swift`'s `platforms:` line (`.iOS(.v17)`, `.macOS(.v14)`).
  static func floor(inManifest manifest: String) -> Versions {
    var floor: Versions = [:]
    for platform in platforms {
      let pattern = #"\.\#(platform)\(\.v(\d+)(?:_(\d+))?\)"#
      guard let match = manifest.range(of: pattern, options: .regularExpression) else { continue }
      let found = manifest[match]
      guard let start = found.range(of: "(.v")?.upperBound else { continue }
      let digits = found[start...].prefix { $0 != ")" }
      floor[platform] = digits.split(separator: "_").compactMap { Int($0) }
    }
    return floor
  }

  static func entries(inList text: String) -> [Entry] {
    text.split(separator: "\n").compactMap { line in
      guard !line.hasPrefix("#") else { return nil }
      let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard columns.count == 6 else { return nil }
      var introduced: Versions = [:]
      for (index, platform) in platforms.enumerated() {
        introduced[platform] = version(columns[index + 1])
      }
      return Entry(name: columns[0], introduced: introduced, page: columns[5])
    }
  }

  /// Whether `versions` reach `needed` on every platform `needed` names.
  static func covers(_ versions: Versions, _ needed: Versions) -> Bool {
    needed.allSatisfy { platform, version in
      guard let have = versions[platform] else { return false }
      return !precedes(have, version)
    }
  }

  /// Whether version `a` is older than `b`, missing components being 0 (`18` is `18.0`).
  static func precedes(_ a: [Int], _ b: [Int]) -> Bool {
    let count = max(a.count, b.count)
    let padded = { (v: [Int]) in v + Array(repeating: 0, count: count - v.count) }
    return padded(a).lexicographicallyPrecedes(padded(b))
  }

  // MARK: - Reading Swift

  /// The versions an availability condition or attribute names:
  /// `#available(iOS 18, macOS 15.0, *)` → `["iOS": [18], "macOS": [15, 0]]`.
  static func availability(in text: some StringProtocol) -> Versions {
    var versions: Versions = [:]
    for platform in platforms {
      let pattern = #"\b\#(platform)(ApplicationExtension)?\s+(\d+(\.\d+)*)"#
      guard let match = text.range(of: pattern, options: .regularExpression) else { continue }
      versions[platform] = version(text[match].split(separator: " ").last ?? "")
    }
    return versions
  }

  static func isIdentifier(_ character: Character?) -> Bool {
    guard let character else { return false }
    return character.isLetter || character.isNumber || character == "_"
  }

  /// The unguarded uses of `entries` (those newer than `floor`) in `text`.
  static func findings(
    in text: String, file: String, entries: [Entry], floor: Versions
  ) -> [Finding] {
    let newer = entries.filter { !covers(floor, $0.introduced) }
    let code = SwiftSource.code(text)
    // One scope per open brace: the versions guaranteed inside it.
    var scopes: [Versions] = [floor]
    // `#if` blocks whose branch only Linux compiles.
    var linuxOnly: [Bool] = []
    // The text since the last statement boundary: an `@available` or `#available` there
    // guards the brace that follows.
    var pending = ""
    var lineText = ""
    var line = 1
    var findings: [Finding] = []
    var index = 0
    var lineStart = true

    func merged(_ base: Versions, _ extra: Versions) -> Versions {
      base.merging(extra) { old, new in precedes(old, new) ? new : old }
    }

    while index < code.count {
      let character = code[index]
      if lineStart {
        // A compiler directive: its whole line.
        var end = index
        while end < code.count, code[end] != "\n" { end += 1 }
        let directive = String(code[index..<end]).trimmingCharacters(in: .whitespaces)
        if directive.hasPrefix("#if ") {
          linuxOnly.append(isLinuxOnly(directive.dropFirst(4)))
        } else if directive.hasPrefix("#elseif ") || directive == "#else" {
          // NB: the other branch of a Linux-only condition is Apple's (and the reverse).
          let previous = linuxOnly.popLast() ?? false
          linuxOnly.append(
            directive == "#else" ? !previous : isLinuxOnly(directive.dropFirst(8)))
        } else if directive.hasPrefix("#endif") {
          _ = linuxOnly.popLast()
        }
        if directive.hasPrefix("#if") || directive.hasPrefix("#else")
          || directive.hasPrefix("#endif")
        {
          index = end
          lineStart = false
          continue
        }
      }
      lineStart = false
      if character != "\n" { lineText.append(character) }
      switch character {
      case "\n":
        line += 1
        lineStart = true
        // NB: a statement ends with its line, unless the line is an attribute (`@available(…)`
        // above a declaration) or leaves a parenthesis open (a condition over two lines).
        let opened = pending.filter { $0 == "(" }.count
        let closed = pending.filter { $0 == ")" }.count
        let trimmed = lineText.trimmingCharacters(in: .whitespaces)
        let continues = [",", "&&", "||"].contains { trimmed.hasSuffix($0) }
        // NB: and an `if #available(…)` condition lasts until its brace, on whatever line.
        if trimmed.hasPrefix("@") || opened > closed || continues || pending.contains("#available(")
        {
          pending.append(" ")
        } else {
          pending = ""
        }
        lineText = ""
      case "{":
        scopes.append(merged(scopes.last ?? floor, availability(inGuard: pending)))
        pending = ""
      case "}":
        if scopes.count > 1 { scopes.removeLast() }
        pending = ""
      case ";":
        pending = ""
      default:
        pending.append(character)
        // `guard #available(…) else {…}`: the rest of the scope is guarded.
        if pending.hasSuffix(" else"), pending.contains("guard"), pending.contains("#available(") {
          let versions = availability(in: pending)
          scopes[scopes.count - 1] = merged(scopes[scopes.count - 1], versions)
          // NB: the `else` block itself is not guarded.
          pending = ""
        }
      }
      if !linuxOnly.contains(true) {
        for entry in newer where matches(entry.name, in: code, at: index) {
          let needed = entry.introduced
          // NB: what `@available` before a declaration on this line guards, too.
          let guarded = merged(scopes.last ?? floor, availability(inGuard: pending))
          if !covers(guarded, needed) {
            findings.append(Finding(place: "\(file):\(line)", entry: entry))
          }
        }
      }
      index += 1
    }
    return findings
  }

  /// The versions a declaration's or a condition's text guarantees: from `#available(…)` or
  /// `@available(…)` (not `#unavailable`).
  static func availability(inGuard text: String) -> Versions {
    guard text.contains("#available(") || text.contains("@available(") else { return [:] }
    return availability(in: text)
  }

  /// Whether an `#if` condition holds only off Apple platforms.
  static func isLinuxOnly(_ condition: some StringProtocol) -> Bool {
    let text = condition.replacingOccurrences(of: " ", with: "")
    return text == "os(Linux)" || text == "!canImport(Darwin)" || text == "canImport(Glibc)"
      || text == "canImport(Musl)" || text == "os(Linux)||os(Android)"
  }

  static func matches(_ name: String, in code: [Character], at index: Int) -> Bool {
    let pattern = Array(name)
    guard index + pattern.count <= code.count, code[index] == pattern[0] else { return false }
    guard Array(code[index..<(index + pattern.count)]) == pattern else { return false }
    if isIdentifier(pattern.first), index > 0, isIdentifier(code[index - 1]) { return false }
    if index > 0, pattern.first.map(isIdentifier) == true, code[index - 1] == "." {
      // NB: `Task.immediate` is listed whole; a member named like a listed type is not it.
      return false
    }
    let after = index + pattern.count < code.count ? code[index + pattern.count] : nil
    if isIdentifier(pattern.last), isIdentifier(after) { return false }
    return true
  }

  // MARK: - The tree

  /// The shipped Swift files: the kit's sources, the examples, and the documented snippets.
  static func shippedFiles() -> [URL] {
    SwiftSource.files(in: ["Sources", "Examples", ".ci/swiftui-snippets"], of: root)
  }

  static func list() throws -> [Entry] {
    try entries(
      inList: String(
        contentsOf: root.appendingPathComponent(".ci/apple-floor/newer-than-floor.tsv"),
        encoding: .utf8))
  }

  static func manifestFloor() throws -> Versions {
    floor(
      inManifest: try String(
        contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8))
  }

  // MARK: - Tests

  @Test func theFloorIsTheOneTheDocumentsState() throws {
    let floor = try Self.manifestFloor()
    #expect(floor == ["iOS": [17], "macOS": [14], "tvOS": [17], "watchOS": [10]])
    let readme = try String(
      contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(readme.contains("iOS 17, macOS 14, tvOS 17, watchOS 10"))
  }

  @Test func noAPINewerThanTheFloorIsUsedUnguarded() throws {
    let entries = try Self.list()
    #expect(entries.count >= 30)
    let floor = try Self.manifestFloor()
    var findings: [Finding] = []
    var files = 0
    for file in Self.shippedFiles() {
      files += 1
      let text = try String(contentsOf: file, encoding: .utf8)
      let place = file.path.replacingOccurrences(of: Self.root.path + "/", with: "")
      findings += Self.findings(in: text, file: place, entries: entries, floor: floor)
    }
    #expect(files > 100)
    #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
  }

  /// The check finds what it must and passes what is guarded: a use at top level, in a type,
  /// after a `guard #available` in another function, in `#if os(Linux)`'s `#else`, and in a
  /// string or a comment.
  @Test func anUnguardedUseIsFoundAndAGuardedOneIsNot() {
    let entries = Self.entries(
      inList: "Mutex\t18.0\t15.0\t18.0\t11.0\tpage\n.glassEffect(\t26.0\t26.0\t26.0\t26.0\tpage")
    let floor: Versions = ["iOS": [17], "macOS": [14], "tvOS": [17], "watchOS": [10]]
    let source = """
      import Foundation
      let lock = Mutex(0)  // 2: found
      final class Model {
        let other = Mutex(1)  // 4: found
        // Mutex in a comment, and "Mutex" in a string, are not uses.
        let text = "a Mutex(2) here"
        func guarded() {
          if #available(iOS 18, macOS 15, tvOS 18, watchOS 11, *) {
            _ = Mutex(3)
          }
          _ = Mutex(4)  // 11: found, after the guarded block
        }
        func early() {
          guard #available(iOS 18, macOS 15, tvOS 18, watchOS 11, *) else { return }
          _ = Mutex(5)
        }
        func twoLines(_ executor: Any?) {
          if let executor, #available(iOS 18, macOS 15, tvOS 18, watchOS 11, *),
            let lock = executor as? Mutex<Int>
          {
            _ = Mutex(lock)
          }
        }
        func tooOld() {
          if #available(iOS 18, macOS 14, *) {
            _ = Mutex(6)  // 26: found, macOS 14 is not enough (and tvOS is not named)
          }
        }
      }
      @available(iOS 18, macOS 15, tvOS 18, watchOS 11, *)
      struct New { let lock = Mutex(7) }
      #if os(Linux)
        let linux = Mutex(8)
      #else
        let apple = Mutex(9)  // 35: found
      #endif
      struct MyMutex {}
      let view = content.glassEffect(.regular)  // 38: found
      """
    let findings = Self.findings(in: source, file: "F.swift", entries: entries, floor: floor)
    #expect(
      findings.map(\.place) == [
        "F.swift:2", "F.swift:4", "F.swift:11", "F.swift:26", "F.swift:35", "F.swift:38",
      ])
    #expect(findings.first?.description.contains("if #available(iOS 18.0, macOS 15.0") == true)
    // An entry at or below the floor is not checked.
    let raised: Versions = ["iOS": [18], "macOS": [15], "tvOS": [18], "watchOS": [11]]
    #expect(
      Self.findings(in: source, file: "F.swift", entries: entries, floor: raised).map(\.place)
        == ["F.swift:38"])
  }
}
