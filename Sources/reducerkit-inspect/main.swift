import Foundation
import ReducerKit
import ReducerKitInspector
import ReducerKitRecording

// `reducerkit-inspect session.json -o session.html`: a recording as a page to open in a browser.

let usage = """
  usage: reducerkit-inspect RECORDING.json [-o PAGE.html] [--title TITLE]
                            [--include-sensitive-values]

    -o PAGE.html                 where to write the page (default: the recording's name, .html)
    --title TITLE                the page's title (default: the recording's file name)
    --include-sensitive-values   build the page even if the recording holds sensitive values
                                 as they are (made with allowsSensitiveValues)
  """

func fail(_ message: String, status: Int32 = 1) -> Never {
  FileHandle.standardError.write(Data("error: \(message)\n".utf8))
  exit(status)
}

var input: URL?
var output: URL?
var title: String?
var includeSensitive = false
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
  switch argument {
  case "-o", "--output":
    guard let value = arguments.next() else {
      fail("\(argument) needs a file\n\n\(usage)", status: 2)
    }
    output = URL(fileURLWithPath: value)
  case "--title":
    guard let value = arguments.next() else { fail("--title needs a title\n\n\(usage)", status: 2) }
    title = value
  case "--include-sensitive-values": includeSensitive = true
  case "-h", "--help":
    print(usage)
    exit(0)
  default:
    guard !argument.hasPrefix("-"), input == nil else {
      fail("unexpected argument '\(argument)'\n\n\(usage)", status: 2)
    }
    input = URL(fileURLWithPath: argument)
  }
}
guard let input else { fail("which recording?\n\n\(usage)", status: 2) }
let destination = output ?? input.deletingPathExtension().appendingPathExtension("html")
let clock = ContinuousClock()
let start = clock.now
do {
  let recording = try Recording.decode(Data(contentsOf: input))
  let page = try InspectorPage(
    recording: recording, title: title ?? input.lastPathComponent,
    includingSensitiveValues: includeSensitive)
  try page.write(to: destination)
  let elapsed = clock.now - start
  let milliseconds =
    elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
  print(
    "wrote \(destination.path): \(recording.steps.count) steps, \(page.html.utf8.count / 1024) KB, in \(milliseconds) ms"
  )
} catch let error as InspectorError {
  fail(error.description)
} catch let error as DecodingError {
  if case .dataCorrupted(let context) = error { fail("\(input.path): \(context.debugDescription)") }
  fail("\(input.path): \(error)")
} catch {
  fail("\(error)")
}
