import ArticlesFeature
import Foundation
import ReducerKit
import ReducerKitRecording

// `swift run articles`: the articles screen in a terminal.
//
// In a terminal it runs full-screen with live keys. With input from a pipe it reads one key per
// line (`down`, `f`, `enter`, …, `wait SECONDS`, and `until TEXT`, which waits at most 10 s for
// the screen to show TEXT) and prints each frame as plain text, so it can be scripted and tested
// without depending on the machine's speed: `printf 'until 6 articles\nh\nq\n' | swift run articles`.

struct Options {
  var latency: Duration = .seconds(4)
  var width = 80
  var failingSaves = false
  var dataDirectory = Options.defaultDataDirectory
  /// Where to write a recording of the session (`--record`), for a bug report.
  var recording: URL?
  /// Where to write a trace of the session (`--trace`), for Perfetto.
  var trace: URL?

  /// Where marks are kept unless `--data-dir` says otherwise: the user's cache directory.
  static var defaultDataDirectory: URL {
    let caches =
      FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
      ?? FileManager.default.temporaryDirectory
    return caches.appendingPathComponent("reducerkit-articles")
  }

  static let usage = """
    usage: articles [--fast] [--latency SECONDS] [--width COLUMNS] [--fail-saves]
                    [--data-dir DIRECTORY] [--record FILE] [--trace FILE]

      --fast              shorten the simulated network latency (also ARTICLES_FAST=1)
      --latency SECONDS   the simulated fetch latency, 0 to 60 (default 4)
      --width COLUMNS     frame width for piped output, 40 to 200 (default 80)
      --fail-saves        the simulated server refuses every save (to see the alert)
      --data-dir DIRECTORY  where favourites, read-later and hidden marks are kept
                          (default: reducerkit-articles in the user's cache directory)
      --record FILE       record the session into FILE (JSON) when the app quits, for a bug
                          report; a test replays it (see "Recording and replaying");
                          `reducerkit-inspect FILE -o FILE.html` shows it in a browser
      --trace FILE        write a trace of the session into FILE when the app quits: each
                          action's reduce time and its effects, for ui.perfetto.dev
    keys: ↑/↓ or j/k move, f favourite, r read later, h hide, / search (enter keeps the
          filter, esc clears it), enter read, esc back,
          c cancel loading, R reload, 1-9 answer a dialog, q quit
    piped input: one key per line, `wait SECONDS`, `type TEXT`, `until TEXT` (at most 10 s)
    """

  static func parse(_ arguments: [String], environment: [String: String]) throws -> Options {
    var options = Options()
    if environment["ARTICLES_FAST"] == "1" { options.latency = .milliseconds(400) }
    var iterator = arguments.dropFirst().makeIterator()
    while let argument = iterator.next() {
      switch argument {
      case "--fast":
        options.latency = .milliseconds(400)
      case "--latency":
        guard let value = iterator.next(), let seconds = Double(value), (0...60).contains(seconds)
        else { throw UsageError("--latency needs a number of seconds from 0 to 60") }
        options.latency = .milliseconds(Int(seconds * 1000))
      case "--width":
        guard let value = iterator.next(), let width = Int(value), (40...200).contains(width)
        else { throw UsageError("--width needs a whole number from 40 to 200") }
        options.width = width
      case "--fail-saves":
        options.failingSaves = true
      case "--data-dir":
        guard let value = iterator.next(), !value.isEmpty, !value.hasPrefix("--")
        else { throw UsageError("--data-dir needs a directory") }
        options.dataDirectory = URL(fileURLWithPath: value, isDirectory: true)
      case "--record":
        guard let value = iterator.next(), !value.isEmpty, !value.hasPrefix("--")
        else { throw UsageError("--record needs a file to write") }
        options.recording = URL(fileURLWithPath: value)
      case "--trace":
        guard let value = iterator.next(), !value.isEmpty, !value.hasPrefix("--")
        else { throw UsageError("--trace needs a file to write") }
        options.trace = URL(fileURLWithPath: value)
      case "--help", "-h":
        throw UsageError(nil)
      default:
        throw UsageError("unknown argument '\(argument)'")
      }
    }
    return options
  }
}

struct UsageError: Error {
  let problem: String?
  init(_ problem: String?) { self.problem = problem }
}

@MainActor
func makeApp(_ options: Options) -> App {
  // NB: the simulated server keeps the reader's marks in a file, so a second run shows them;
  // where the directory cannot be used, in memory, and the app says so at start-up.
  let problem = dataDirectoryProblem(options.dataDirectory)
  let marks: Shared<ArticleMarks>
  if problem == nil {
    @Shared(.fileStorage(options.dataDirectory.appendingPathComponent("marks.json")))
    var kept = ArticleMarks()
    marks = $kept
  } else {
    marks = Shared(value: ArticleMarks())
  }
  let saves = App.SaveCounter()
  var client = ArticlesClient.simulated(
    latency: options.latency, failingSaves: options.failingSaves, marks: marks)
  // NB: every save is counted while in flight, so that quitting waits for it.
  client.setFavorite = { [save = client.setFavorite] id, on in
    try await saves.counting { try await save(id, on) }
  }
  client.setReadLater = { [save = client.setReadLater] id, on in
    try await saves.counting { try await save(id, on) }
  }
  client.hide = { [save = client.hide] id in try await saves.counting { try await save(id) } }
  let dependencies = { [client] (values: inout DependencyValues) in
    values.articlesClient = client
  }
  let recorder = options.recording.map { _ in StoreRecorder() }
  let tracer = options.trace.map { _ in StoreTracer() }
  let store: StoreOf<Articles> =
    switch (recorder, tracer) {
    case (let recorder?, let tracer?):
      Store(
        initialState: Articles.State(), recordingTo: recorder, tracingTo: tracer,
        reducer: { Articles() }, withDependencies: dependencies)
    case (let recorder?, nil):
      Store(
        initialState: Articles.State(), recordingTo: recorder, reducer: { Articles() },
        withDependencies: dependencies)
    case (nil, let tracer?):
      Store(
        initialState: Articles.State(), tracingTo: tracer, reducer: { Articles() },
        withDependencies: dependencies)
    case (nil, nil):
      Store(
        initialState: Articles.State(), reducer: { Articles() }, withDependencies: dependencies)
    }
  return App(
    store: store, saves: saves, startupProblem: problem, recorder: recorder, tracer: tracer)
}

/// Writes the session's recording to `options.recording` and its trace to `options.trace`,
/// where it asked for them.
/// - Returns: Whether they were written (or none was asked for).
@MainActor
func writeRecording(of app: App, _ options: Options) -> Bool {
  var written = true
  if let url = options.recording, let recorder = app.recorder {
    written = write("the recording", to: url) { try recorder.write(to: url) } && written
  }
  if let url = options.trace, let tracer = app.tracer {
    written = write("the trace", to: url) { try tracer.write(to: url) } && written
  }
  return written
}

/// Runs `write`, saying on standard error what could not be written, and why.
private func write(_ what: String, to url: URL, _ write: () throws -> Void) -> Bool {
  do {
    try write()
    return true
  } catch {
    FileHandle.standardError.write(
      Data("error: could not write \(what) to \(url.path): \(reason(error))\n".utf8))
    return false
  }
}

/// Why marks cannot be kept in `directory` (it cannot be created or written), or `nil`.
func dataDirectoryProblem(_ directory: URL) -> String? {
  do {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  } catch {
    return "Could not create \(directory.path): \(reason(error))."
  }
  let probe = directory.appendingPathComponent(
    ".write-check-\(ProcessInfo.processInfo.processIdentifier)")
  do {
    try Data().write(to: probe)
    try? FileManager.default.removeItem(at: probe)
  } catch {
    return "Could not write in \(directory.path): \(reason(error))."
  }
  return nil
}

/// An error's underlying POSIX reason where there is one ("Permission denied").
private func reason(_ error: any Error) -> String {
  let nsError = error as NSError
  if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? any Error {
    let posix = underlying as NSError
    if posix.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(posix.code))) }
  }
  return nsError.localizedDescription
}

/// Plain mode: keys from standard input, one per line; a frame after each.
@MainActor
func runScripted(_ app: App, _ options: Options) async -> Int32 {
  var frameNumber = 0
  func printFrame(_ title: String, _ lines: [String]? = nil) {
    frameNumber += 1
    print("── frame \(frameNumber): \(title) " + String(repeating: "─", count: 20))
    print((lines ?? app.frame(width: options.width)).joined(separator: "\n"))
  }
  // NB: quitting (or the end of the script) waits for the saves in flight.
  func quit() async -> Int32 {
    await app.finishSaving(width: options.width) { printFrame("saving", $0) }
    return 0
  }
  app.start()
  printFrame("start")
  while let line = readLine() {
    let word = line.trimmingCharacters(in: .whitespaces)
    if word.isEmpty || word.hasPrefix("#") { continue }
    if word.hasPrefix("wait") {
      let value = word.dropFirst(4).trimmingCharacters(in: .whitespaces)
      guard let seconds = decimalSeconds(value), (0...60).contains(seconds) else {
        FileHandle.standardError.write(
          Data(
            "error: 'wait' needs a decimal number of seconds from 0 to 60, got '\(excerpt(value))'\n"
              .utf8))
        return 2
      }
      try? await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
      app.advanceSpinner()
      printFrame("after wait \(value)")
      continue
    }
    if word.hasPrefix("until ") {
      // NB: a condition, not a duration, so that a loaded machine runs the same script.
      let text = String(word.dropFirst(6))
      let deadline = ContinuousClock.now + .seconds(10)
      while !app.frame(width: options.width).joined(separator: "\n").contains(text) {
        guard ContinuousClock.now < deadline else {
          FileHandle.standardError.write(
            Data("error: the screen did not show '\(excerpt(text))' within 10 s\n".utf8))
          printFrame("after \(excerpt(word)) (timed out)")
          return 3
        }
        try? await Task.sleep(for: .milliseconds(10))
      }
      app.advanceSpinner()
      printFrame("after \(word)")
      continue
    }
    if word.hasPrefix("type ") {
      // Typed text, one key per character (into the search field after `/`).
      for character in word.dropFirst(5) { _ = app.handle(.character(character)) }
      for _ in 0..<20 { await Task.yield() }
      printFrame("after \(word)")
      continue
    }
    guard let key = Key(scriptWord: word) else {
      FileHandle.standardError.write(Data("error: unknown key '\(excerpt(word))'\n".utf8))
      return 2
    }
    guard app.handle(key) else { return await quit() }
    // Let effects that answer at once (the simulated saves) run before drawing.
    for _ in 0..<20 { await Task.yield() }
    printFrame("after \(word)")
  }
  return await quit()
}

/// Terminal mode: full screen, live keys, a spinner while loading.
@MainActor
func runInteractive(_ app: App, _ options: Options) async -> Int32 {
  let terminal = Terminal()
  terminal.enter()
  defer { terminal.restore() }
  for signal in [SIGTERM, SIGHUP] {
    Glibc.signal(signal, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: signal, queue: .main)
    source.setEventHandler {
      terminal.restore()
      SharedStorage.live.flush()
      // NB: a session ended by a signal is still written, for the bug report it may be.
      exit(writeRecording(of: app, options) ? 0 : 1)
    }
    source.resume()
    Retained.sources.append(source)
  }
  let quit = AsyncStream<Void>.makeStream()
  terminal.readKeys { keys in
    for key in keys where !app.handle(key) {
      quit.continuation.finish()
      return
    }
    terminal.draw(app.frame(width: terminal.width))
  }
  app.start()
  let ticker = Task { @MainActor in
    while !Task.isCancelled {
      terminal.draw(app.frame(width: terminal.width))
      try? await Task.sleep(for: .milliseconds(100))
      app.advanceSpinner()
    }
  }
  for await _ in quit.stream {}
  ticker.cancel()
  await app.finishSaving(width: terminal.width) { terminal.draw($0) }
  return 0
}

@MainActor
enum Retained {
  static var sources: [any DispatchSourceSignal] = []
}

@MainActor
func main() async -> Int32 {
  let options: Options
  do {
    options = try Options.parse(
      CommandLine.arguments, environment: ProcessInfo.processInfo.environment)
  } catch let error as UsageError {
    if let problem = error.problem {
      FileHandle.standardError.write(Data("error: \(problem)\n\n\(Options.usage)\n".utf8))
      return 2
    }
    print(Options.usage)
    return 0
  } catch {
    return 2
  }
  let app = makeApp(options)
  let status =
    Terminal.isInteractive ? await runInteractive(app, options) : await runScripted(app, options)
  // NB: saves are coalesced; write the last ones before the process ends.
  SharedStorage.live.flush()
  guard writeRecording(of: app, options) else { return 1 }
  return status
}

/// Seconds written in plain decimal (`2`, `0.5`); not hexadecimal, exponents, `inf` or `nan`,
/// which `Double.init` would also accept.
func decimalSeconds(_ text: String) -> Double? {
  let parts = text.split(separator: ".", omittingEmptySubsequences: false)
  guard (1...2).contains(parts.count), !parts[0].isEmpty,
    parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
    parts.count == 1 || !parts[1].isEmpty
  else { return nil }
  return Double(text)
}

/// At most 40 characters of a bad input line, so that a huge line does not flood the terminal.
func excerpt(_ text: some StringProtocol) -> String {
  text.count <= 40 ? String(text) : text.prefix(40) + "… (\(text.count) characters)"
}

exit(await main())
