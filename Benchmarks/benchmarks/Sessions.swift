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

/// A feature whose state grows: a feed that appends one post a step and likes an earlier one
/// every other step, so that a session of N steps ends holding N posts.
struct Feed: Reducer {
  struct State: Equatable, Codable {
    var posts: [Post] = []
    var likedIDs: Set<Int> = []
    var unread = 0
  }
  struct Post: Equatable, Codable {
    let id: Int
    var author: String
    var text: String
    var likes = 0
  }
  enum Action: Equatable, Codable {
    case received(Post)
    case like(Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .received(let post):
      state.posts.append(post)
      state.unread += 1
    case .like(let index):
      state.posts[index].likes += 1
      state.likedIDs.insert(state.posts[index].id)
    }
    return .none
  }

  /// The action of step `step`: a post, or a like of the post half the feed back.
  static func action(_ step: Int) -> Action {
    guard step.isMultiple(of: 2) else { return .like(step / 4) }
    return .received(Post(id: step, author: "author \(step % 37)", text: "Post number \(step)"))
  }
}

/// The growing feed's posts kept in pages of 64, as a paginated feed loads them, and its likes
/// on the posts: a state that grows as fast, but whose collections share their structure, so
/// that a step's write copies the list of pages and one page rather than every post.
// NB: the shape that shows what a step costs the recorder when the app's own write does not
// copy what the state holds: a feed kept as one array is copied by the app at every step while a
// recording keeps the state before (value semantics), and its JSON array with it.
struct PagedFeed: Reducer {
  struct State: Equatable, Codable {
    var pages: [[Feed.Post]] = []
    var unread = 0
  }
  typealias Action = Feed.Action

  /// The posts a page holds.
  static let pageSize = 64

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .received(let post):
      if state.pages.last.map({ $0.count >= Self.pageSize }) ?? true { state.pages.append([]) }
      state.pages[state.pages.count - 1].append(post)
      state.unread += 1
    case .like(let index):
      state.pages[index / Self.pageSize][index % Self.pageSize].likes += 1
    }
    return .none
  }
}

/// A growing list as apps keep one: posts in an `IdentifiedArray`, each with a read flag before
/// its strings (so padding between its fields, which a copy does not write), and a dictionary
/// of reactions by post id. A step receives a post, reads one (and selects it) or reacts to
/// one, so that a session of N steps ends holding N/3 posts and as many reactions.
struct Timeline: Reducer {
  struct State: Equatable, Codable {
    var posts: IdentifiedArrayOf<Post> = []
    var reactions: [Int: String] = [:]
    var selected: Int?
  }
  struct Post: Equatable, Codable, Identifiable {
    let id: Int
    var isRead = false
    var author: String
    var text: String
    var likes = 0
  }
  enum Action: Equatable, Codable {
    case received(Post)
    case read(Int)
    case react(Int, String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .received(let post): state.posts.append(post)
    case .read(let id):
      state.posts[id: id]?.isRead = true
      state.selected = id
    case .react(let id, let reaction): state.reactions[id] = reaction
    }
    return .none
  }

  /// The action of step `step`: a post, a read of the post half the timeline back, or a
  /// reaction to the latest.
  static func action(_ step: Int) -> Action {
    switch step % 3 {
    case 0:
      .received(Post(id: step, author: "author \(step % 37)", text: "Post number \(step)"))
    case 1: .read(step / 6 * 3)
    default: .react(step - 2, ["👍", "🎉", "👀"][step % 9 / 3])
    }
  }
}

/// A kind of recorded session: fixed-size state, a state that grows with the steps, the same
/// kept in pages (see ``PagedFeed``), and one that grows as apps' do (see ``Timeline``).
enum SessionKind: String, CaseIterable {
  case fixed, growing, paged, timeline

  /// Records `steps` sends and writes the recording as JSON: the work a recording app does.
  @MainActor
  func recordAndWrite(steps: Int) -> Data {
    switch self {
    case .fixed: Self.record(Notes.State(), Notes(), steps: steps, action: Notes.action).data
    case .growing: Self.record(Feed.State(), Feed(), steps: steps, action: Feed.action).data
    case .paged:
      Self.record(PagedFeed.State(), PagedFeed(), steps: steps, action: Feed.action).data
    case .timeline:
      Self.record(Timeline.State(), Timeline(), steps: steps, action: Timeline.action).data
    }
  }

  @MainActor
  static func record<R: Reducer>(
    _ initialState: R.State, _ reducer: R, steps: Int, action: (Int) -> R.Action
  ) -> (data: Data, send: Duration, write: Duration)
  where R.State: Codable & Sendable, R.Action: Codable & Sendable {
    let clock = ContinuousClock()
    let recorder = StoreRecorder()
    let store = Store(initialState: initialState, recordingTo: recorder) { reducer }
    let send = clock.measure {
      for step in 0..<steps { store.send(action(step)) }
    }
    var data = Data()
    let write = clock.measure { data = recorder.jsonData() }
    return (data, send, write)
  }
}

/// The figures of one recorded session: `benchmarks --sessions`.
struct SessionFigures {
  let kind: SessionKind
  let steps: Int
  let bytes: Int
  let send: Duration
  let write: Duration
  let decode: Duration
  let replay: Duration
  /// The time to build the inspector page from the decoded recording, and the page's size.
  let page: Duration
  let pageBytes: Int
  /// The most memory recording the session and writing its file took, reading the file, and
  /// building its page, above what the process held before (peak resident bytes; `nil` where
  /// the system does not say).
  let recordPeak: Int?
  let decodePeak: Int?
  let pagePeak: Int?
  /// The instructions of a step recorded and written, over the session's second half (`nil`
  /// unless counted with `--instructions`).
  var instructionsPerStep: Int?

  /// Records `steps` sends, writes the recording as JSON, reads it back, replays it and builds
  /// its inspector page; writes the recording and the page into `directory`, if given.
  @MainActor
  static func measure(
    _ kind: SessionKind, steps: Int, into directory: URL? = nil
  ) -> SessionFigures? {
    switch kind {
    case .fixed:
      measure(kind, Notes.State(), Notes(), steps: steps, action: Notes.action, into: directory)
    case .growing:
      measure(kind, Feed.State(), Feed(), steps: steps, action: Feed.action, into: directory)
    case .paged:
      measure(
        kind, PagedFeed.State(), PagedFeed(), steps: steps, action: Feed.action, into: directory)
    case .timeline:
      measure(
        kind, Timeline.State(), Timeline(), steps: steps, action: Timeline.action, into: directory)
    }
  }

  @MainActor
  static func measure<R: Reducer>(
    _ kind: SessionKind, _ initialState: R.State, _ reducer: R, steps: Int,
    action: (Int) -> R.Action, into directory: URL?
  ) -> SessionFigures?
  where R.State: Codable & Equatable & Sendable, R.Action: Codable & Equatable & Sendable {
    let clock = ContinuousClock()
    var recorded: (data: Data, send: Duration, write: Duration)?
    let recordPeak = PeakMemory.above {
      recorded = SessionKind.record(initialState, reducer, steps: steps, action: action)
    }
    guard let (data, send, write) = recorded else { return nil }
    var recording: Recording?
    var decode = Duration.zero
    let decodePeak = PeakMemory.above {
      decode = clock.measure { recording = try? Recording.decode(data) }
    }
    guard let recording, recording.steps.count == steps else { return nil }
    var replayed = false
    let replay = clock.measure { replayed = ReducerKitTesting.replay(recording) { reducer } }
    guard replayed else { return nil }
    var html: InspectorPage?
    var page = Duration.zero
    let name = "session-\(kind.rawValue)-\(steps)"
    let pagePeak = PeakMemory.above {
      page = clock.measure { html = try? InspectorPage(recording: recording, title: name) }
    }
    guard let html else { return nil }
    if let directory {
      do {
        try data.write(to: directory.appendingPathComponent("\(name).json"))
        try html.write(to: directory.appendingPathComponent("\(name).html"))
      } catch {
        FileHandle.standardError.write(Data("error: cannot write into \(directory.path)\n".utf8))
        return nil
      }
    }
    return SessionFigures(
      kind: kind, steps: steps, bytes: data.count, send: send, write: write, decode: decode,
      replay: replay, page: page, pageBytes: html.html.utf8.count, recordPeak: recordPeak,
      decodePeak: decodePeak,
      pagePeak: pagePeak)
  }

  /// The instructions per step of recording and writing a `kind` session of `steps` steps, over
  /// its second half: this executable under callgrind at `steps` and at half as many.
  static func instructionsPerStep(_ kind: SessionKind, steps: Int) -> Int? {
    guard let valgrind = InstructionCount.valgrind, steps >= 2 else { return nil }
    let half = steps / 2
    guard
      let long = InstructionCount.run(
        valgrind, arguments: ["--session-only", "\(kind.rawValue):\(steps)"]),
      let short = InstructionCount.run(
        valgrind, arguments: ["--session-only", "\(kind.rawValue):\(half)"])
    else { return nil }
    return (long.instructions - short.instructions) / (steps - half)
  }

  /// Measures sessions of each kind and length and prints them as a Markdown table.
  @MainActor
  static func report(
    lengths: [Int], kinds: [SessionKind] = SessionKind.allCases, instructions: Bool,
    into directory: URL? = nil
  ) -> Int32 {
    print(
      "| state | steps | file | sends | JSON written | per step | instructions per step "
        + "| memory to record | decoded | replayed | inspector page | memory to decode "
        + "| memory for the page |")
    print(
      "|:------|------:|-----:|------:|-------------:|---------:|----------------------:"
        + "|-----------------:|--------:|---------:|---------------:|-----------------:"
        + "|--------------------:|")
    for kind in kinds {
      for steps in lengths {
        guard var figures = measure(kind, steps: steps, into: directory) else {
          FileHandle.standardError.write(
            Data("error: the \(steps)-step \(kind.rawValue) session did not replay\n".utf8))
          return 1
        }
        if instructions { figures.instructionsPerStep = instructionsPerStep(kind, steps: steps) }
        let perStep = (figures.send + figures.write) / steps
        print(
          "| \(kind.rawValue) | \(steps) | \(figures.bytes / 1024) KB | \(ms(figures.send)) | "
            + "\(ms(figures.write)) | \(us(perStep)) | "
            + "\(figures.instructionsPerStep.map { "\($0)" } ?? "–") | "
            + "\(times(figures.recordPeak, figures.bytes)) | \(ms(figures.decode)) | \(ms(figures.replay)) | \(ms(figures.page)), "
            + "\(figures.pageBytes / 1024) KB | \(times(figures.decodePeak, figures.bytes)) | "
            + "\(times(figures.pagePeak, figures.bytes)) |")
      }
    }
    if instructions { InstructionCount.removeStrippedCopy() }
    return 0
  }

  /// Records and writes one session, for callgrind (`--session-only growing:1000`).
  @MainActor
  static func runOnly(_ kind: SessionKind, steps: Int) -> Int32 {
    let data = kind.recordAndWrite(steps: steps)
    print("bytes: \(data.count)")
    print("operations: \(steps)")
    return 0
  }

  /// `12 MB (3.1× the file)`, or `–`.
  static func times(_ bytes: Int?, _ file: Int) -> String {
    guard let bytes else { return "–" }
    return String(
      format: "%d MB (%.1f× the file)", bytes >> 20, Double(bytes) / Double(max(file, 1)))
  }

  static func us(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    return String(format: "%.1f µs", Double(seconds) * 1e6 + Double(attoseconds) / 1e12)
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
