import CHeapUsage
import Foundation
import ReducerKit
import ReducerKitInspector
import ReducerKitRecording
import ReducerKitTesting

/// A feature with ordinary state for recorded sessions: fifty items, a set of tags, a selection.
struct Notes: Reducer {
  struct State: Equatable, Codable {
    var items = (0..<50).map { Item(id: $0, title: "Note \($0)") }
    var tags: Set<String> = []
    var selected: Int?
    var edits = 0
  }
  struct Item: Equatable, Codable {
    let id: Int
    var title: String
    var isDone = false
  }
  enum Action: Equatable, Codable {
    case toggle(Int)
    case rename(Int, String)
    case tag(String)
    case untag(String)
    case select(Int?)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .toggle(let index): state.items[index].isDone.toggle()
    case .rename(let index, let title): state.items[index].title = title
    case .tag(let tag): state.tags.insert(tag)
    case .untag(let tag): state.tags.remove(tag)
    case .select(let index): state.selected = index
    }
    state.edits += 1
    return .none
  }

  /// The action of step `step` of a session: every kind, over the items and twenty tags.
  static func action(_ step: Int) -> Action {
    switch step % 5 {
    case 0: .toggle(step % 50)
    case 1: .rename(step % 50, "Note \(step)")
    case 2: .tag("tag \(step % 20)")
    case 3: .untag("tag \((step + 7) % 20)")
    default: .select(step.isMultiple(of: 2) ? nil : step % 50)
    }
  }
}

/// The figures of one recorded session: `benchmarks --sessions`.
struct SessionFigures {
  let steps: Int
  let bytes: Int
  let send: Duration
  let write: Duration
  let decode: Duration
  let replay: Duration
  /// The time to build the inspector page from the decoded recording, and the page's size.
  let page: Duration
  let pageBytes: Int
  /// The most memory reading the file took, and building its page, above what the process held
  /// before (peak resident bytes; `nil` where the system does not say).
  let decodePeak: Int?
  let pagePeak: Int?

  /// Records `steps` sends, writes the recording as JSON, reads it back, replays it and builds
  /// its inspector page; writes the recording and the page into `directory`, if given.
  @MainActor
  static func measure(steps: Int, into directory: URL? = nil) -> SessionFigures? {
    let clock = ContinuousClock()
    let recorder = StoreRecorder()
    let store = Store(initialState: Notes.State(), recordingTo: recorder) { Notes() }
    let send = clock.measure {
      for step in 0..<steps { store.send(Notes.action(step)) }
    }
    var data = Data()
    let write = clock.measure { data = recorder.jsonData() }
    var recording: Recording?
    var decode = Duration.zero
    let decodePeak = PeakMemory.above {
      decode = clock.measure { recording = try? Recording.decode(data) }
    }
    guard let recording, recording.steps.count == steps else { return nil }
    var replayed = false
    let replay = clock.measure { replayed = ReducerKitTesting.replay(recording) { Notes() } }
    guard replayed else { return nil }
    var html: InspectorPage?
    var page = Duration.zero
    let pagePeak = PeakMemory.above {
      page = clock.measure {
        html = try? InspectorPage(recording: recording, title: "session-\(steps)")
      }
    }
    guard let html else { return nil }
    if let directory {
      do {
        try data.write(to: directory.appendingPathComponent("session-\(steps).json"))
        try html.write(to: directory.appendingPathComponent("session-\(steps).html"))
      } catch {
        FileHandle.standardError.write(Data("error: cannot write into \(directory.path)\n".utf8))
        return nil
      }
    }
    return SessionFigures(
      steps: steps, bytes: data.count, send: send, write: write, decode: decode, replay: replay,
      page: page, pageBytes: html.html.utf8.count, decodePeak: decodePeak, pagePeak: pagePeak)
  }

  /// Measures sessions of each length and prints them as a Markdown table.
  @MainActor
  static func report(lengths: [Int], into directory: URL? = nil) -> Int32 {
    print(
      "| steps | file | sends | JSON written | decoded | replayed | inspector page "
        + "| memory to decode | memory for the page |")
    print(
      "|------:|-----:|------:|-------------:|--------:|---------:|---------------:"
        + "|-----------------:|--------------------:|")
    for steps in lengths {
      guard let figures = measure(steps: steps, into: directory) else {
        FileHandle.standardError.write(
          Data("error: the \(steps)-step session did not replay\n".utf8))
        return 1
      }
      print(
        "| \(steps) | \(figures.bytes / 1024) KB | \(ms(figures.send)) | \(ms(figures.write)) | "
          + "\(ms(figures.decode)) | \(ms(figures.replay)) | \(ms(figures.page)), "
          + "\(figures.pageBytes / 1024) KB | \(times(figures.decodePeak, figures.bytes)) | "
          + "\(times(figures.pagePeak, figures.bytes)) |")
    }
    return 0
  }

  /// `12 MB (3.1× the file)`, or `–`.
  static func times(_ bytes: Int?, _ file: Int) -> String {
    guard let bytes else { return "–" }
    return String(
      format: "%d MB (%.1f× the file)", bytes >> 20, Double(bytes) / Double(max(file, 1)))
  }

  static func ms(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let milliseconds = Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    return String(format: "%.1f ms", milliseconds)
  }
}

/// The peak of the process's resident memory during a piece of work, on Linux: the kernel's
/// high-water mark (`VmHWM`) is reset before it (`clear_refs`) and read after it. (A separate
/// process tells the same: `reducerkit-inspect` on the 100,000-step file peaks at 282 MB for a
/// 44 MB file, about 25 MB of it the runtime's.)
enum PeakMemory {
  /// The peak resident bytes while `body` ran, above the resident bytes before it; `nil` where
  /// the system does not say.
  static func above(_ body: () -> Void) -> Int? {
    #if os(Linux)
      // NB: freed heap kept resident would be reused unseen: it is given back first, so that
      // the high-water mark counts every page the work touches.
      reducerkit_release_free_heap()
      guard
        (try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8))
          != nil, let before = field("VmRSS")
      else {
        body()
        return nil
      }
      body()
      return field("VmHWM").map { max(0, $0 - before) }
    #else
      body()
      return nil
    #endif
  }

  /// A `kB` field of `/proc/self/status`, in bytes.
  private static func field(_ name: String) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return nil
    }
    for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
      let digits = line.dropFirst(name.count + 1).filter(\.isNumber)
      return Int(digits).map { $0 * 1024 }
    }
    return nil
  }
}
