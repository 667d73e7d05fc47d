import Foundation

/// Reading Swift source as text, for the repository's checks (the deployment floor, the names
/// SwiftUI declares): no parser, just enough to skip what is not code.
public enum SwiftSource {
  /// `text` with comments blanked and string literals emptied, line breaks kept, so that names
  /// in prose or strings are not taken for uses.
  public static func code(_ text: String) -> [Character] {
    let characters = Array(text)
    var output: [Character] = []
    output.reserveCapacity(characters.count)
    var index = 0
    func at(_ offset: Int) -> Character? {
      index + offset < characters.count ? characters[index + offset] : nil
    }
    while index < characters.count {
      let character = characters[index]
      if character == "/", at(1) == "/" {
        while index < characters.count, characters[index] != "\n" { index += 1 }
      } else if character == "/", at(1) == "*" {
        var depth = 0
        repeat {
          if characters[index] == "/", at(1) == "*" {
            depth += 1
            index += 2
          } else if characters[index] == "*", at(1) == "/" {
            depth -= 1
            index += 2
          } else {
            if characters[index] == "\n" { output.append("\n") }
            index += 1
          }
        } while depth > 0 && index < characters.count
      } else if character == "\"" {
        let multiline = at(1) == "\"" && at(2) == "\""
        let quote = multiline ? 3 : 1
        output.append("\"")
        index += quote
        while index < characters.count {
          if characters[index] == "\\" {
            index += 2
            continue
          }
          if characters[index] == "\"", !multiline || (at(1) == "\"" && at(2) == "\"") {
            index += quote
            break
          }
          if characters[index] == "\n" { output.append("\n") }
          index += 1
        }
        output.append("\"")
      } else {
        output.append(character)
        index += 1
      }
    }
    return output
  }

  /// The shipped Swift files under `folders` of the repository at `root`, sorted by path.
  public static func files(in folders: [String], of root: URL) -> [URL] {
    folders.flatMap { folder -> [URL] in
      let enumerator = FileManager.default.enumerator(
        at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
      var files: [URL] = []
      while let url = enumerator?.nextObject() as? URL {
        if url.pathExtension == "swift" { files.append(url) }
      }
      return files
    }.sorted { $0.path < $1.path }
  }

  /// The argument labels of the first parameter list in `text` (a declaration from its name
  /// on), as written: `["_", "item", "onDismiss"]`. A generic clause before the list and the
  /// arrows of function types in it are skipped.
  public static func argumentLabels(in text: Substring) -> [String] {
    // NB: skip a generic parameter clause, whose `(`s (none) and `,`s are not the parameters'.
    var rest = text
    if let angle = rest.firstIndex(of: "<"), let paren = rest.firstIndex(of: "("), angle < paren {
      var depth = 0
      var index = angle
      while index < rest.endIndex {
        if rest[index] == "<" { depth += 1 }
        if rest[index] == ">" && rest[rest.index(before: index)] != "-" { depth -= 1 }
        if depth == 0 { break }
        index = rest.index(after: index)
      }
      rest = rest[index...]
    }
    guard let open = rest.firstIndex(of: "(") else { return [] }
    var parameters: [String] = []
    var current = ""
    var depth = 0
    var previous: Character = " "
    for character in rest[rest.index(after: open)...] {
      defer { previous = character }
      // NB: the `>` of an arrow (`() -> Void`) closes nothing.
      if character == ">" && previous == "-" {
        current.append(character)
        continue
      }
      if "([<".contains(character) { depth += 1 }
      if ")]>".contains(character) {
        if character == ")" && depth == 0 { break }
        depth -= 1
      }
      if character == "," && depth == 0 {
        parameters.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    if !current.trimmingCharacters(in: .whitespaces).isEmpty { parameters.append(current) }
    return parameters.map { parameter -> String in
      let beforeColon = parameter.split(separator: ":", maxSplits: 1).first ?? ""
      let words = beforeColon.split(separator: " ").filter { !$0.hasPrefix("@") }
      return words.first.map(String.init) ?? "_"
    }
  }
}
