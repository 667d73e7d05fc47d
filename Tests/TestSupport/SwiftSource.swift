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
}
