import Foundation
import ReducerKit
import ReducerKitRecording
import ReducerKitTesting
import Testing

/// A feature with rows, an effect that answers, an action sent at once, and a sensitive field;
/// its variants are the "today's reducer" a replay runs against.
struct Notebook: Reducer {
  struct Note: Codable, Equatable, Identifiable, Sendable {
    var id: Int
    var text: String
  }
  struct State: Codable, Equatable {
    var notes: IdentifiedArrayOf<Note> = []
    var count = 0
    var isLoading = false
    @Sensitive var token = ""
  }
  enum Action: Codable, Equatable, Sendable {
    case addTapped
    case loadTapped
    case loaded([Note])
    case tokenSet(Sensitive<String>)
    case ping
    case pong
  }
  enum Variant {
    case original, countsTwice, noLoadEffect, ignoresLoad, extraSend, cancelsOnAdd, readsUUID
    case ignoresToken
  }
  var variant = Variant.original
  @Dependency(\.uuid) var uuid

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addTapped:
        state.count += variant == .countsTwice ? 2 : 1
        let text = variant == .readsUUID ? uuid().uuidString : "note"
        state.notes.append(Note(id: state.count, text: text))
        if variant == .extraSend { return .send(.pong) }
        if variant == .cancelsOnAdd { return .cancel(id: "load") }
        return .none
      case .loadTapped:
        if variant == .ignoresLoad { return .none }
        state.isLoading = true
        if variant == .noLoadEffect { return .none }
        return .run { send in await send(.loaded([Note(id: 100, text: "loaded")])) }
          .cancellable(id: "load")
      case .loaded(let notes):
        state.isLoading = false
        for note in notes { state.notes.append(note) }
        return .none
      case .tokenSet(let token):
        if variant != .ignoresToken { state.token = token.wrappedValue }
        return .none
      case .ping:
        return .send(.pong)
      case .pong:
        state.count += 10
        return .none
      }
    }
  }
}

@MainActor
struct ReplayTests {
  /// Runs the notebook as an app would, recording it: outside taps, an effect's answer, an
  /// action sent at once, a secret.
  func record(_ states: StateRecording = .full) async throws -> (Recording, StoreRecorder) {
    let recorder = StoreRecorder(states: states)
    let store = Store(initialState: Notebook.State(), recordingTo: recorder) { Notebook() }
    store.send(Notebook.Action.addTapped)
    await store.send(Notebook.Action.loadTapped).finish()
    store.send(.ping)
    store.send(.tokenSet(Sensitive(wrappedValue: "s3cr3t-token")))
    store.send(Notebook.Action.addTapped)
    let recording = try #require(recorder.recording)
    return (recording, recorder)
  }

  @Test func aRecordingReplaysAgainstTheSameReducer() async throws {
    let (recording, recorder) = try await record()
    #expect(
      recording.steps.map(\.origin) == [
        .outside, .outside, .effect(path: "the root feature"), .outside,
        .effect(path: "the root feature"), .outside, .outside,
      ])
    #expect(recording.steps[1].effects == [.started(path: "the root feature")])
    // Through JSON and back, as a bug report carries it.
    let decoded = try Recording.decode(recorder.jsonData())
    #expect(decoded == recording)
    #expect(replay(decoded) { Notebook() })
  }

  @Test func aSensitiveValueIsNotInTheRecording() async throws {
    let (_, recorder) = try await record()
    let text = String(decoding: recorder.jsonData(), as: UTF8.self)
    #expect(!text.contains("s3cr3t"))
    #expect(text.contains("█████"))
  }

  @Test func aSensitiveValueThatChangedShowsAsChangedAndAReplayThatStopsWritingItFails()
    async throws
  {
    let (recording, recorder) = try await record()
    #expect(!String(decoding: recorder.jsonData(), as: UTF8.self).contains("s3cr3t"))
    // The step that set it records a change to another value, by number only.
    guard case .changes(let changes) = recording.steps[5].state else {
      Issue.record("expected changes")
      return
    }
    #expect(changes.map(\.description) == [#"token = "█████ 2""#])
    #expect(recording.steps[5].action == .object(["tokenSet": .object(["_0": .string("█████ 2")])]))
    let decoded = try Recording.decode(recorder.jsonData())
    withKnownIssue {
      #expect(!replay(decoded) { Notebook(variant: .ignoresToken) })
    } matching: { issue in
      let text = message(issue)
      return text.contains("Step 6 (Notebook.Action.tokenSet(█████)): the state differs")
        && text.contains("token")
    }
  }

  @Test func aDigestRecordingReplaysAndIsSmaller() async throws {
    let (full, _) = try await record(.full)
    let (digest, _) = try await record(.digest)
    #expect(replay(digest) { Notebook() })
    #expect(digest.jsonData().count < full.jsonData().count)
    guard case .digest(let value) = digest.steps[0].state else {
      Issue.record("expected a digest")
      return
    }
    #expect(value.count == 16)
  }

  @Test func aChangedStateFailsAtItsStepWithADiff() async throws {
    let (recording, _) = try await record()
    withKnownIssue {
      #expect(!replay(recording) { Notebook(variant: .countsTwice) })
    } matching: { issue in
      let text = message(issue)
      return text.contains("Step 1 (Notebook.Action.addTapped): the state differs")
        && text.contains("count: 1") && text.contains("count: 2")
    }
  }

  @Test func anEffectActionTheReducerNoLongerCausesFails() async throws {
    let (recording, _) = try await record()
    withKnownIssue {
      #expect(!replay(recording, effects: .ignored) { Notebook(variant: .noLoadEffect) })
    } matching: { issue in
      message(issue).contains(
        "Step 3: the recording has {\"loaded\"")
        && message(issue).contains("unexpected effect action")
    }
  }

  @Test func anActionTheReducerNowSendsFailsAsMissing() async throws {
    let (recording, _) = try await record()
    withKnownIssue {
      // (Compared, the step's effects would differ first: it now sends at once.)
      #expect(!replay(recording, effects: .ignored) { Notebook(variant: .extraSend) })
    } matching: { issue in
      message(issue).contains("Step 2: the reducer now sends {\"pong\"")
        && message(issue).contains("missing action")
    }
  }

  @Test func effectsStartedOrCancelledDifferentlyFail() async throws {
    let (recording, _) = try await record()
    withKnownIssue {
      #expect(!replay(recording) { Notebook(variant: .noLoadEffect) })
    } matching: { issue in
      let text = message(issue)
      return text.contains("Step 2 (Notebook.Action.loadTapped): the effects differ")
        && text.contains("recorded: [\"started in the root feature\"]")
        && text.contains("replayed: []")
    }
    withKnownIssue {
      #expect(!replay(recording) { Notebook(variant: .cancelsOnAdd) })
    } matching: { issue in
      message(issue).contains("replayed: [\"cancelled load in the root feature\"]")
    }
  }

  @Test func effectsThatDifferShowTheStateDiffToo() async throws {
    let (recording, _) = try await record()
    withKnownIssue {
      #expect(!replay(recording) { Notebook(variant: .ignoresLoad) })
    } matching: { issue in
      let text = message(issue)
      return text.contains("Step 2 (Notebook.Action.loadTapped): the effects differ")
        && text.contains("The state differs too. (− recorded, + replayed)")
        && text.contains("−   isLoading: true") && text.contains("+   isLoading: false")
    }
  }

  @Test func aDependencyReadWhileReducingIsNamedAsTheCause() async throws {
    let (recording, _) = try await record()
    withKnownIssue {
      #expect(!replay(recording) { Notebook(variant: .readsUUID) })
    } matching: { issue in
      message(issue).contains(
        "Step 1 (Notebook.Action.addTapped): the reducer read a dependency while reducing")
    }
  }

  @Test func onlyTheFinalStateCanBeCompared() async throws {
    var (recording, _) = try await record()
    // A state in the middle that no longer matches is not compared…
    // NB: the second step's state made whole first: it is kept as its changes from the first.
    recording.steps[1].state = try recording.state(after: 1)
    recording.steps[0].state = recording.steps[1].state
    #expect(replay(recording, comparing: .finalState) { Notebook() })
    // …but every state is by default.
    withKnownIssue {
      #expect(!replay(recording) { Notebook() })
    } matching: { issue in
      message(issue).contains("Step 1 (Notebook.Action.addTapped): the state differs")
    }
  }
}
