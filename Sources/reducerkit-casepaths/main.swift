// The generator the case-path plugin runs on a module's sources:
//   reducerkit-casepaths --module NAME --output FILE SOURCE...
// It writes FILE (every build, so that the build sees it), or prints each marked declaration it
// cannot read as `path:line: error: …` and exits with 1, which fails the build at that line.
import CasePathGeneration
import Foundation

var arguments = Array(CommandLine.arguments.dropFirst())
var module = ""
var output = ""
var sources: [String] = []
while !arguments.isEmpty {
  let argument = arguments.removeFirst()
  switch argument {
  case "--module" where !arguments.isEmpty: module = arguments.removeFirst()
  case "--output" where !arguments.isEmpty: output = arguments.removeFirst()
  default: sources.append(argument)
  }
}
guard !module.isEmpty, !output.isEmpty else {
  FileHandle.standardError.write(
    Data("usage: reducerkit-casepaths --module NAME --output FILE SOURCE...\n".utf8))
  exit(2)
}
var files: [SourceFile] = []
for path in sources {
  guard let data = FileManager.default.contents(atPath: path) else {
    FileHandle.standardError.write(
      Data("\(path):1: error: ReducerKit cannot read this file\n".utf8))
    exit(1)
  }
  files.append(SourceFile(path: path, text: String(decoding: data, as: UTF8.self)))
}
do {
  let text = try generateCasePaths(for: files, module: module)
  // NB: written only when it changed, so that an edit that changes no enum does not make the
  // compiler see a new file.
  let existing = FileManager.default.contents(atPath: output)
  if existing != Data(text.utf8) {
    try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
  }
} catch let failure as GenerationErrors {
  for error in failure.errors {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
  }
  exit(1)
} catch {
  FileHandle.standardError.write(
    Data("\(output):1: error: cannot write the case paths: \(error)\n".utf8))
  exit(1)
}
