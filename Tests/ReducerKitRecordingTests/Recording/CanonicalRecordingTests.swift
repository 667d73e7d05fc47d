import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

@testable import ReducerKit
@testable import ReducerKitRecording

/// Ordinary state — sets, dictionaries keyed by UUIDs, integers beyond 2^53 — records in bytes
/// that depend on the values only, and replays exactly, here and in another process.
@MainActor
struct CanonicalRecordingTests {
  struct Ledger: Reducer {
    struct State: Codable, Equatable {
      var tags: Set<String> = []
      var scores: [UUID: Int] = [:]
      var byName: [String: Set<Int>] = [:]
      var big: Int64 = 0
      var huge: UInt64 = 0
      var exact = 0
      var ratio = 0.0
    }
    enum Action: Codable, Equatable {
      case tag(String)
      case score(UUID, Int)
      case file(String, Int)
      case setBig(Int64)
      case setHuge(UInt64)
      case setExact(Int)
      case setRatio(Double)
    }
    /// A change on purpose, for replays that must fail.
    var variant: Variant = .asRecorded
    enum Variant { case asRecorded, storesExactLessTwo, tagsOneMore }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .tag(let tag):
        state.tags.insert(tag)
        if variant == .tagsOneMore { state.tags.insert("extra") }
      case .score(let id, let score): state.scores[id] = score
      case .file(let name, let value): state.byName[name, default: []].insert(value)
      case .setBig(let value): state.big = value
      case .setHuge(let value): state.huge = value
      case .setExact(let value): state.exact = variant == .storesExactLessTwo ? value - 2 : value
      case .setRatio(let value): state.ratio = value
      }
      return .none
    }
  }

  static let ids = (1...5).map { UUID(uuidString: "00000000-0000-0000-0000-00000000000\($0)")! }

  /// The session every test records: twelve tags, five UUID-keyed scores, sets in a dictionary,
  /// and the integers `Double` cannot hold.
  func record(encoding: StoreRecorder.Encoding = .deferred) -> StoreRecorder {
    // NB: no times, so that the file's bytes depend on its values only.
    let recorder = StoreRecorder(encoding: encoding, times: false)
    // NB: stack ids of its own, so that the file does not depend on what other tests pushed.
    let store = Store(initialState: Ledger.State(), recordingTo: recorder) {
      Ledger()
    } withDependencies: {
      $0.stackElementID = .incrementing()
    }
    for tag in [
      "swift", "linux", "ios", "server", "tests", "replay", "sets", "dict", "json", "é",
      "😀", "z",
    ] {
      store.send(.tag(tag))
    }
    for (index, id) in Self.ids.enumerated() { store.send(.score(id, index * 10)) }
    for value in [5, 3, 9, 1] { store.send(.file("a", value)) }
    store.send(.setBig(.max))
    store.send(.setHuge(.max))
    store.send(.setExact(1 << 53 + 1))
    store.send(.setExact(1 << 60 + 1))
    store.send(.setRatio(0.1))
    return recorder
  }

  @Test func aSetAndAUUIDKeyedDictionaryReplayInTheProcessThatRecordedThem() throws {
    let recording = try #require(record().recording)
    #expect(replay(recording) { Ledger() })
    #expect(replay(try Recording.decode(recording.jsonData())) { Ledger() })
  }

  @Test func equalSetsAndDictionariesEncodeToTheSameBytesWhateverTheirInsertionOrder() throws {
    // Different instances of equal sets iterate in different orders; their encodings do not.
    let words = (0..<200).map { "word \($0)" }
    var first = Ledger.State()
    var second = Ledger.State()
    for word in words { first.tags.insert(word) }
    for word in words.reversed() { second.tags.insert(word) }
    for (index, id) in Self.ids.enumerated() { first.scores[id] = index }
    for (index, id) in Self.ids.enumerated().reversed() { second.scores[id] = index }
    first.byName = ["b": [1, 2, 3], "a": [9, 8]]
    second.byName = ["a": [8, 9], "b": [3, 2, 1]]
    #expect(Array(first.tags) != Array(second.tags), "the two sets iterate alike: no test")
    let encoder = CanonicalEncoder()
    #expect(try encoder.encode(first).canonicalText == encoder.encode(second).canonicalText)
    // Elements in the order of their encoded text; UUID keys likewise, each before its value.
    let json = try encoder.encode(first)
    guard case .object(let fields) = json, case .array(let tags) = fields["tags"],
      case .array(let scores) = fields["scores"]
    else {
      Issue.record("unexpected encoding: \(json.canonicalText)")
      return
    }
    #expect(
      tags == words.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map(JSONValue.string))
    #expect(scores.count == 10)
    #expect(scores.first == .string(Self.ids[0].uuidString))
  }

  @Test func aRecordingFromAnotherProcessReplaysAndIsByteForByteWhatThisProcessRecords() throws {
    // The fixture was written by an earlier test process (`REDUCERKIT_WRITE_FIXTURES=1 swift
    // test --filter CanonicalRecordingTests`), with other hash seeds than this one's.
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/ledger.json")
    let data = record().jsonData()
    if ProcessInfo.processInfo.environment["REDUCERKIT_WRITE_FIXTURES"] == "1" {
      try data.write(to: fixture)
    }
    let recorded = try Data(contentsOf: fixture)
    #expect(recorded == data)
    #expect(replay(try Recording.decode(recorded)) { Ledger() })
  }

  @Test func aDeferredRecordingIsTheSameRecording() throws {
    #expect(record(encoding: .deferred).jsonData() == record(encoding: .atOnce).jsonData())
    // Read after the store is gone, too: the recorder keeps what it has not encoded yet.
    let recorder = StoreRecorder(encoding: .deferred)
    do {
      let store = Store(initialState: Ledger.State(), recordingTo: recorder) { Ledger() }
      store.send(.tag("kept"))
    }
    #expect(recorder.recording?.steps.count == 1)
  }

  @Test func aDeferredStepThatCannotBeEncodedIsReportedAtTheLineThatSentIt() throws {
    let recorder = StoreRecorder(encoding: .deferred)
    let store = Store(initialState: Ledger.State(), recordingTo: recorder) { Ledger() }
    store.send(.setRatio(0.5))
    let line = #line + 3
    let issues = collectIssues {
      // NB: reported when encoded: when read here (or at once while a shared value exists).
      store.send(.setRatio(.infinity))
      store.send(.setRatio(1))
      _ = recorder.recording
    }
    #expect(issues.count == 1)
    #expect(issues.first?.location.line == UInt(line))
    #expect(issues.first?.message.contains("Step 2 could not be recorded") == true)
    #expect(issues.first?.message.contains("not a finite number") == true)
    #expect(recorder.recording?.steps.count == 1)
    #expect(recorder.recording?.incompleteness?.step == 2)
  }

  /// The steps kept share one copy of a place that sent many in a row; a step from another
  /// place, kept while the first ones are encoded in the background, keeps its own.
  @Test func aDeferredStepKeepsItsLineAcrossEncodingInTurns() async throws {
    let recorder = StoreRecorder(encoding: .deferred)
    let store = Store(initialState: Ledger.State(), recordingTo: recorder) { Ledger() }
    for step in 0..<300 { store.send(.setExact(step)) }
    // Turns of the main actor: the background encoding takes a few milliseconds of kept steps
    // a turn.
    for _ in 0..<3 { await Task.yield() }
    let line = #line + 3
    let issues = collectIssues {
      store.send(.setRatio(0.5))
      store.send(.setRatio(.infinity))
      for step in 0..<3 { store.send(.setExact(step)) }
      _ = recorder.recording
    }
    #expect(issues.count == 1)
    #expect(issues.first?.location.line == UInt(line))
    #expect(issues.first?.message.contains("Step 302 could not be recorded") == true)
    #expect(recorder.recording?.steps.count == 301)
  }

  /// A turn of background encoding holds the main actor for its time budget, and one step
  /// more, whatever a step costs: steps that take 2 ms each to encode are encoded two a turn at
  /// most (4 ms), not 32; a slower machine encodes fewer. Reading the recording encodes the rest.
  @Test func aTurnOfEncodingTakesItsTimeNotANumberOfSteps() throws {
    struct Slow: Encodable {
      var value: Int
      func encode(to encoder: any Encoder) throws {
        usleep(2_000)
        var container = encoder.singleValueContainer()
        try container.encode(value)
      }
    }
    typealias Hook = RecordingHook<Slow, Int>
    #expect(Hook.turnBudgetNanoseconds == 4_000_000)
    let recorder = StoreRecorder(encoding: .deferred, times: false)
    let hook = Hook(recorder, initialState: Slow(value: 0), nextStackElementID: 0)
    hook.encodesAtOnceWhileSharedValuesExist = false
    for step in 1...20 {
      hook.didReduce(
        step, from: .outside, effect: .none, issues: [], state: Slow(value: step), at: nil)
    }
    #expect(hook.pending.count == 20)
    hook.flushInTurns()
    #expect((1...2).contains(20 - hook.pending.count))
    let recording = try #require(recorder.recording)
    #expect(recording.steps.count == 20)
    #expect(hook.pending.isEmpty)
  }

  /// A feature whose state and actions are `Sendable` has the steps its store keeps encoded on
  /// a queue of their own, off the main actor, which goes on while the app sends; reading the
  /// recording waits for it, and the recording is the one made encoding each step at once. A
  /// step that cannot be encoded there is reported on the main actor, at the line that sent it.
  @Test func aSendableFeaturesStepsAreEncodedOffTheMainActor() throws {
    final class Threads: @unchecked Sendable {
      let lock = NSLock()
      var encodedOn: Set<ObjectIdentifier> = []
      func note() { lock.withLock { _ = encodedOn.insert(ObjectIdentifier(Thread.current)) } }
    }
    struct Tally: Reducer {
      // NB: with what a real state holds beside the value: a set of Unicode tags, a dictionary
      // keyed by UUIDs and an integer beyond 2^53, each changed as the steps go.
      struct State: Encodable, Sendable {
        var value = 0.0
        var tags: Set<String> = []
        var seats: [UUID: Int] = [:]
        var big: Int64 = 1 << 60
        let threads: Threads
        func encode(to encoder: any Encoder) throws {
          threads.note()
          var container = encoder.container(keyedBy: CodingKeys.self)
          try container.encode(value, forKey: .value)
          try container.encode(tags, forKey: .tags)
          try container.encode(seats, forKey: .seats)
          try container.encode(big, forKey: .big)
        }
        enum CodingKeys: String, CodingKey { case value, tags, seats, big }
      }
      enum Action: Encodable, Sendable { case set(Double) }
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        guard case .set(let value) = action else { return .none }
        state.value = value
        return .none
      }
    }
    typealias Hook = RecordingHook<Tally.State, Tally.Action>

    // NB: the store picks the queue for a `Sendable` feature.
    let threads = Threads()
    let store = Store(
      initialState: Tally.State(threads: threads), recordingTo: StoreRecorder()
    ) { Tally() }
    let root = try #require(store.root as? RootCore<_EmbeddedChild<Tally>, Hook>)
    #expect(root.hook.encoder != nil)
    // NB: so does the store that traces too.
    let traced = Store(
      initialState: Tally.State(threads: threads), recordingTo: StoreRecorder(),
      tracingTo: StoreTracer()
    ) { Tally() }
    typealias Traced = HookPair<Hook, TracingHook<Tally.State, Tally.Action>>
    let tracedRoot = try #require(traced.root as? RootCore<_EmbeddedChild<Tally>, Traced>)
    #expect(tracedRoot.hook.first.encoder != nil)

    // NB: the hook itself, told to keep steps even while another test holds a shared value.
    func record(offMain: Bool) -> (StoreRecorder, [CollectedIssue]) {
      let recorder = StoreRecorder(times: false)
      let hook = Hook(recorder, initialState: Tally.State(threads: threads), nextStackElementID: 0)
      if offMain { _ = hook.encodesOffMainActor() }
      hook.encodesAtOnceWhileSharedValuesExist = false
      var state = Tally.State(threads: threads)
      let issues = collectIssues {
        for step in 0..<700 {
          // NB: step 300 cannot be encoded (JSON has no infinity): it is in the second batch
          // handed to the queue (the first 256 steps, then the next 256).
          state.value = step == 299 ? .infinity : Double(step)
          state.tags.insert("é\(step % 7)🎉")
          if step.isMultiple(of: 5) { state.tags.remove("é\((step + 3) % 7)🎉") }
          state.seats[UUID(uuidString: "00000000-0000-0000-0000-00000000000\(step % 10)")!] = step
          state.big += 1
          hook.didReduce(
            .set(state.value), from: .outside, effect: .none, issues: [], state: state,
            at: SourceLocation(line: UInt(step + 1)))
        }
        _ = recorder.recording
      }
      return (recorder, issues)
    }
    let mainThread = ObjectIdentifier(Thread.current)
    let (offMain, offMainIssues) = record(offMain: true)
    #expect(threads.lock.withLock { threads.encodedOn.contains { $0 != mainThread } })
    let (onMain, onMainIssues) = record(offMain: false)
    #expect(offMain.jsonData() == onMain.jsonData())
    #expect(offMain.recording?.steps.count == 299)
    // NB: the integer of the last step recorded (299 increments), exactly.
    let text = String(decoding: offMain.jsonData(), as: UTF8.self)
    #expect(text.contains(String(Int64(1) << 60 + 299)))
    #expect(offMainIssues.map(\.location.line) == [300])
    #expect(onMainIssues.map(\.location.line) == [300])
  }

  /// What the queue is done with — a batch's states, which are the app's copies — is released
  /// by the main actor while it is ahead of the queue (another batch waits behind the one
  /// encoded: the main actor would only wait for the queue), and by the queue once it has caught
  /// up, so that an app whose queue keeps up pays nothing for it on the main actor.
  @Test func whatTheQueueEncodedIsReleasedByTheMainActorOnlyWhileItIsAhead() throws {
    // NB: "by the main actor" is inside the hook's release of what the queue left it, on the
    // thread running it: not any release on a thread, since on Linux the main actor's jobs run
    // on whichever thread drains the main queue, a thread of the pool the recorder's queue runs
    // on too (and a queue's key did not mark every release its blocks make).
    final class Releases: @unchecked Sendable {
      let lock = NSLock()
      var releasing: pthread_t?
      var onMain: [Int] = []
      var elsewhere: [Int] = []
      /// Signalled when the queue begins the first step's encoding…
      let started = DispatchSemaphore(value: 0)
      /// …which then waits for this, so that the main actor can hand it more meanwhile.
      let gate = DispatchSemaphore(value: 0)
      func note(_ step: Int) {
        let this = pthread_self()
        lock.withLock {
          let byMain = releasing.map { pthread_equal($0, this) != 0 } ?? false
          byMain ? onMain.append(step) : elsewhere.append(step)
        }
      }
      /// Runs the hook's release of what the queue left it, noting its thread meanwhile.
      func whileReleasing(_ release: (() -> Void)?) {
        lock.withLock { releasing = pthread_self() }
        release?()
        lock.withLock { releasing = nil }
      }
      /// Waits, 10 seconds at most, until `count` of the steps' states (not the initial one)
      /// are released.
      func waitForReleases(_ count: Int) {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline,
          lock.withLock({ onMain.count { $0 >= 0 } + elsewhere.count { $0 >= 0 } }) < count
        {
          usleep(1_000)
        }
      }
    }
    final class Probe: Encodable, Sendable {
      let step: Int
      let releases: Releases
      init(_ step: Int, _ releases: Releases) { (self.step, self.releases) = (step, releases) }
      deinit { releases.note(step) }
      func encode(to encoder: any Encoder) throws {
        // NB: bounded: a queue never let go makes the counts below fail, not the run hang.
        if step == 0 {
          releases.started.signal()
          _ = releases.gate.wait(timeout: .now() + 10)
        }
        var container = encoder.singleValueContainer()
        try container.encode(step)
      }
    }
    struct State: Encodable, Sendable { var probe: Probe }
    typealias Hook = RecordingHook<State, Int>

    func record(_ steps: Range<Int>, into hook: Hook, releases: Releases) {
      for step in steps {
        hook.didReduce(
          step, from: .outside, effect: .none, issues: [],
          state: State(probe: Probe(step, releases)),
          at: nil)
      }
    }
    func hook(_ releases: Releases) -> (Hook, StoreRecorder) {
      let recorder = StoreRecorder(times: false)
      let hook = Hook(
        recorder, initialState: State(probe: Probe(-1, releases)), nextStackElementID: 0
      ).encodesOffMainActor()
      hook.encodesAtOnceWhileSharedValuesExist = false
      let release = hook.releaseEncoded
      hook.releaseEncoded = { releases.whileReleasing(release) }
      return (hook, recorder)
    }
    #expect(Hook.mostStepsKept / 4 == 256, "a small state's steps are handed off 256 at a time")

    // NB: ahead: the queue is held in the first batch while the main actor hands off two more;
    // the first two batches have one waiting behind them when they are encoded, the third none.
    // (The queue must have begun the first: a main actor that waits for a queue that has not
    // begun runs its blocks itself, as a loaded machine showed.)
    let ahead = Releases()
    do {
      let (aheadHook, recorder) = hook(ahead)
      record(0..<256, into: aheadHook, releases: ahead)
      #expect(ahead.started.wait(timeout: .now() + 10) == .success)
      record(256..<768, into: aheadHook, releases: ahead)
      ahead.gate.signal()
      #expect(recorder.recording?.steps.count == 768)
    }
    ahead.waitForReleases(768)
    let (onMain, elsewhere) = ahead.lock.withLock { (ahead.onMain, ahead.elsewhere) }
    // NB: a step's state is released by its batch unless the recorder still keeps it (the last
    // one encoded): all but a few of the first two batches on the main actor, of the third on
    // the queue. (Released on the queue always, no step was released on the main actor;
    // released on the main actor always, every step of the third batch was.)
    #expect(onMain.filter { $0 < 512 }.count >= 500)
    #expect(elsewhere.filter { (512..<768).contains($0) }.count >= 250)

    // NB: keeping up: each batch is encoded, and its states released, before the next is
    // handed off (all but the last state, which the recorder keeps for the next encoding).
    let keepingUp = Releases()
    keepingUp.gate.signal()
    do {
      let (keepingHook, recorder) = hook(keepingUp)
      for batch in 0..<3 {
        record((batch * 256)..<((batch + 1) * 256), into: keepingHook, releases: keepingUp)
        keepingUp.waitForReleases((batch + 1) * 256 - 1)
      }
      #expect(recorder.recording?.steps.count == 768)
    }
    keepingUp.waitForReleases(768)
    let releasedOnMain = keepingUp.lock.withLock { keepingUp.onMain.filter { $0 >= 0 } }
    #expect(releasedOnMain.count <= 3, "released on the main actor: \(releasedOnMain)")
  }

  /// Two stores recording at once, their sends interleaved step by step across several
  /// hand-offs: each hook has a queue, a recorder and a list of what its queue encoded of its
  /// own, and each recording is the one made encoding its steps at once, alone.
  @Test func twoRecordingStoresSideBySideKeepTheirOwnSteps() throws {
    typealias Hook = RecordingHook<Ledger.State, Ledger.Action>
    let steps = 1_500
    let lists: [[Ledger.Action]] = [
      (0..<steps).map { $0.isMultiple(of: 3) ? .tag("a\($0 % 50)") : .setExact($0) },
      (0..<steps).map { $0.isMultiple(of: 4) ? .file("f\($0 % 7)", $0) : .setBig(Int64($0) << 40) },
    ]
    func hook(_ encoding: StoreRecorder.Encoding, offMain: Bool) -> (Hook, StoreRecorder) {
      let recorder = StoreRecorder(encoding: encoding, times: false)
      var hook = Hook(recorder, initialState: Ledger.State(), nextStackElementID: 0)
      if offMain { hook = hook.encodesOffMainActor() }
      hook.encodesAtOnceWhileSharedValuesExist = false
      return (hook, recorder)
    }
    func send(_ action: Ledger.Action, to hook: Hook, from state: inout Ledger.State) {
      _ = Ledger().reduce(into: &state, action: action)
      hook.didReduce(action, from: .outside, effect: .none, issues: [], state: state, at: nil)
    }
    let sideBySide = [hook(.deferred, offMain: true), hook(.deferred, offMain: true)]
    #expect(sideBySide.allSatisfy { $0.0.encoder != nil })
    #expect(sideBySide[0].0.encoder !== sideBySide[1].0.encoder)
    var states = [Ledger.State(), Ledger.State()]
    for step in 0..<steps {
      for which in 0..<2 { send(lists[which][step], to: sideBySide[which].0, from: &states[which]) }
    }
    for which in 0..<2 {
      let (alone, aloneRecorder) = hook(.atOnce, offMain: false)
      var state = Ledger.State()
      for action in lists[which] { send(action, to: alone, from: &state) }
      #expect(sideBySide[which].1.recording?.steps.count == steps)
      #expect(sideBySide[which].1.jsonData() == aloneRecorder.jsonData())
    }
  }

  /// A loop of sends that never lets the main actor turn keeps at most 1,024 steps: past that,
  /// all but the last 256 are encoded in the send, and the recording is the one made encoding
  /// each step at once.
  @Test func aLoopOfSendsInOneTurnKeepsABoundedNumberOfSteps() throws {
    func record(_ encoding: StoreRecorder.Encoding) -> StoreRecorder {
      let recorder = StoreRecorder(encoding: encoding, times: false)
      let store = Store(initialState: Ledger.State(), recordingTo: recorder) { Ledger() }
      for step in 0..<1_500 {
        store.send(step.isMultiple(of: 3) ? .tag("t\(step)") : .setExact(step))
      }
      return recorder
    }
    #expect(record(.deferred).jsonData() == record(.atOnce).jsonData())

    // NB: the hook itself, to count what it keeps, told to keep steps even while another test
    // holds a shared value (which makes a hook encode each step at once).
    let recorder = StoreRecorder(encoding: .deferred)
    let hook = RecordingHook<Ledger.State, Ledger.Action>(
      recorder, initialState: Ledger.State(), nextStackElementID: 0)
    hook.encodesAtOnceWhileSharedValuesExist = false
    var (most, mostBeside) = (0, 0)
    // NB: every third step raised an issue and every step came from a line of its own, so that
    // the steps kept refer to the tables beside them, renumbered at each bound crossed; the
    // last step cannot be encoded, and is reported at its own line.
    let issues = collectIssues {
      for step in 0..<5_000 {
        hook.didReduce(
          step == 4_999 ? .setRatio(.infinity) : .setExact(step), from: .outside, effect: .none,
          issues: step.isMultiple(of: 3) ? ["issue \(step)"] : [], state: Ledger.State(),
          at: SourceLocation(line: UInt(step + 1)))
        most = max(most, hook.pending.count)
        mostBeside = max(mostBeside, hook.pendingExtras.count, hook.pendingLocations.count)
      }
      _ = recorder.recording
    }
    #expect(most <= 1_024)
    #expect(mostBeside <= 1_024)
    #expect(issues.count == 1)
    #expect(issues.first?.location.line == 5_000)
    let recording = try #require(recorder.recording)
    #expect(recording.steps.count == 4_999)
    #expect(recording.incompleteness?.step == 5_000)
    #expect(recording.steps[4_998].issues == ["issue 4998"])
    #expect(recording.steps[4_997].issues.isEmpty)
    #expect(recording.steps[3_000].issues == ["issue 3000"])
  }

  /// Steps kept while earlier ones are being encoded (by an encoding that sends) wait for
  /// them, even past the bound: encoded at once, they would come before the earlier steps still
  /// being encoded. (The steps are kept by hand here: `didReduce` encodes at once while any test
  /// holds a shared value.)
  @Test func noStepIsEncodedPastTheBoundWhileStepsAreBeingEncoded() throws {
    let recorder = StoreRecorder(encoding: .deferred, times: false)
    let hook = RecordingHook<Ledger.State, Ledger.Action>(
      recorder, initialState: Ledger.State(), nextStackElementID: 0)
    for number in 0..<1_100 {
      hook.pending.append(
        .init(
          action: .setExact(number), origin: .outside, state: Ledger.State(), extras: -1,
          location: -1, reducedAt: 0))
    }
    hook.isFlushing = true
    hook.flushPast()
    #expect(hook.pending.count == 1_100)
    hook.isFlushing = false
    hook.flushPast()
    #expect(hook.pending.count == 256)
    #expect(recorder.recording?.steps.count == 1_100)
  }

  /// The steps kept are bounded by the state's size too: each kept state becomes a copy of its
  /// own once the app writes its state again, so a large state keeps fewer, and a state that
  /// grows keeps fewer as it grows. The recording is the one made encoding each step at once.
  @Test func aLargerStateKeepsFewerSteps() throws {
    struct Big: Codable, Equatable { var values: [Int] }
    typealias Hook = RecordingHook<Big, Int>
    func hook(_ initial: Big, _ encoding: StoreRecorder.Encoding) -> (Hook, StoreRecorder) {
      let recorder = StoreRecorder(encoding: encoding, times: false)
      let hook = Hook(recorder, initialState: initial, nextStackElementID: 0)
      hook.encodesAtOnceWhileSharedValuesExist = false
      return (hook, recorder)
    }

    // NB: 200,000 integers, known from the initial state: more than the budget over the fewest
    // steps, which are kept all the same.
    let large = Big(values: Array(0..<200_000))
    let (fixed, _) = hook(large, .deferred)
    #expect(Hook.keptWeightBudget / 200_002 < Hook.fewestStepsKept)
    #expect(fixed.pendingBound == Hook.fewestStepsKept)
    var state = large
    var most = 0
    for step in 0..<40 {
      state.values[step] = -step
      fixed.didReduce(step, from: .outside, effect: .none, issues: [], state: state, at: nil)
      most = max(most, fixed.pending.count)
    }
    // NB: a send that reaches the bound encodes all but the last `pendingLimit` at once.
    #expect(most == fixed.pendingBound - 1)

    // NB: a state that grows 500 values a step starts with the most steps kept and keeps fewer
    // as it grows, its bound set again after each batch of steps encoded — here every 10 steps,
    // as the main actor's turns would — from the recorder's estimate, at most twice the state.
    var recordings: [Data] = []
    for encoding in [StoreRecorder.Encoding.deferred, .atOnce] {
      let (growing, recorder) = hook(Big(values: []), encoding)
      #expect(growing.pendingBound == Hook.mostStepsKept)
      var (state, bounds) = (Big(values: []), [Int]())
      for step in 0..<100 {
        state.values += (0..<500).map { step * 500 + $0 }
        growing.didReduce(step, from: .outside, effect: .none, issues: [], state: state, at: nil)
        #expect(growing.pending.count < growing.pendingBound)
        if step % 10 == 9 {
          growing.flush()
          bounds.append(growing.pendingBound)
        }
      }
      if encoding == .deferred {
        // NB: 5,000 values and their array and object after 10 steps, 50,000 after 100.
        let budget = Hook.keptWeightBudget
        #expect((budget / 10_004...budget / 5_002).contains(bounds[0]))
        #expect((budget / 100_004...budget / 50_002).contains(bounds[9]))
        #expect(zip(bounds, bounds.dropFirst()).allSatisfy { $0 >= $1 })
      }
      recordings.append(recorder.jsonData())
    }
    #expect(recordings[0] == recordings[1])
  }

  /// The file's digest is found from its indented text as written, without the whitespace
  /// outside strings: strings holding spaces, quotes, escapes and JSON-looking text keep theirs,
  /// and the reader, which digests the compact text of what it read, agrees.
  @Test func theDigestFoundWhileWritingIsTheDigestOfTheCompactText() throws {
    let recorder = StoreRecorder(times: false)
    let store = Store(initialState: Ledger.State(), recordingTo: recorder) { Ledger() }
    let tags = [
      "two  spaces", " lead", "trail ", "a \"quote\"", "back\\slash\\", "line\nbreak", "tab\t",
      "\\\"", "{ \"not\": [json, 1] }", "", "\u{1}",
    ]
    for tag in tags { store.send(.tag(tag)) }
    let data = recorder.jsonData()
    let recording = try Recording.decode(data)
    #expect(recording.steps.count == tags.count)
    let text = try #require(String(data: data, encoding: .utf8))
    let stated = try #require(text.firstRange(of: "\"digest\": \"")).upperBound
    let digest = String(text[stated...].prefix(16))
    let placeholder = String(repeating: "0", count: 16)
    #expect(digest.count == 16)
    #expect(digest != placeholder)
    #expect(digest.allSatisfy { $0.isHexDigit })
  }

  @Test func integersOfEveryWidthAreRecordedExactly() throws {
    let recording = try #require(record().recording)
    let text = String(decoding: recording.jsonData(), as: UTF8.self)
    #expect(text.contains("9223372036854775807"))
    #expect(text.contains("18446744073709551615"))
    #expect(text.contains("9007199254740993"))
    #expect(text.contains("1152921504606846977"))
    #expect(text.contains("0.1"))
    let decoded = try Recording.decode(Data(text.utf8))
    #expect(decoded == recording)
    guard case .full(let last) = try decoded.state(after: decoded.steps.count - 1) else {
      Issue.record("expected a whole state")
      return
    }
    let state = try JSONDecoder().decode(Ledger.State.self, from: Data(last.canonicalText.utf8))
    #expect(state.big == .max)
    #expect(state.huge == .max)
    #expect(state.exact == 1 << 60 + 1)
  }

  @Test func aChangeOfTwoInALargeIntegerFailsTheReplayWithBothValues() throws {
    let recording = try #require(record().recording)
    let (replayed, failures) = capturingTestFailures {
      replay(recording) { Ledger(variant: .storesExactLessTwo) }
    }
    #expect(!replayed)
    #expect(failures.count == 1)
    let failure = failures.first ?? ""
    #expect(failure.contains("Step 24 (CanonicalRecordingTests.Ledger.Action.setExact("))
    #expect(failure.contains("9007199254740993") && failure.contains("9007199254740991"))
  }

  @Test func aDifferenceInASetFailsWithADiff() throws {
    let recording = try #require(record().recording)
    let (replayed, failures) = capturingTestFailures {
      replay(recording) { Ledger(variant: .tagsOneMore) }
    }
    #expect(!replayed)
    let failure = failures.first ?? ""
    #expect(failure.contains("Step 1 ("))
    #expect(failure.contains("the state differs from the recording"))
    #expect(failure.contains("extra"), "the diff shows the element: \(failure)")
  }

  @Test func aFileGrowsWithWhatChangedNotWithStepsTimesState() throws {
    func size(steps: Int) -> Int {
      let recorder = StoreRecorder()
      let store = Store(initialState: Ledger.State(), recordingTo: recorder) { Ledger() }
      for index in 0..<steps { store.send(.tag("tag number \(index)")) }
      return recorder.jsonData().count
    }
    let small = size(steps: 150)
    let large = size(steps: 600)
    // Four times the steps: about four times the bytes (whole states, kept once the changes
    // since the last outweigh them, at most double it; steps × state would be sixteen times).
    #expect(Double(large) / Double(small) < 8, "\(small) → \(large) bytes")
  }

  @Test func everyStepsStateCanBeRebuiltFromItsCheckpoint() throws {
    let recorder = StoreRecorder()
    var expected: [JSONValue] = []
    let store = Store(initialState: Ledger.State(), recordingTo: recorder) { Ledger() }
    for index in 0..<250 {
      store.send(index.isMultiple(of: 3) ? .setExact(index) : .tag("t\(index % 40)"))
      expected.append(try CanonicalEncoder().encode(store[dynamicMember: \.self]))
    }
    let recording = try Recording.decode(recorder.jsonData())
    let wholes = recording.steps.indices.filter {
      if case .full = recording.steps[$0].state { true } else { false }
    }
    #expect(wholes.count >= 2, "whole states to start from")
    for index in Set([0, 1, 150, 249] + wholes.flatMap { [$0 - 1, $0, $0 + 1] }).sorted()
    where recording.steps.indices.contains(index) {
      #expect(try recording.state(after: index) == .full(expected[index]), "step \(index + 1)")
    }
    #expect(throws: StateChangeError.self) { try recording.state(after: 250) }
  }
}
