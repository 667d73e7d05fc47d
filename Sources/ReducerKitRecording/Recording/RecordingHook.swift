import Foundation
import ReducerKit
import ReducerKitShims

/// The hook of a recording store (see `StoreHook`): it hands each step to its
/// ``StoreRecorder`` to encode, at once or — ``StoreRecorder/Encoding/deferred`` — when the
/// recording is read or written, or in the background once a few hundred are waiting.
@MainActor
@usableFromInline
final class RecordingHook<State: Encodable, Action: Encodable>: StoreHook {
  @usableFromInline static var isWatching: Bool { true }

  /// A step reduced, not yet encoded.
  // NB: what most steps lack (effect events, issues) and what most steps repeat (where the
  // action was sent) are kept beside the steps and referred to by index: a step that held them
  // copied and destroyed two arrays and an optional location through value witnesses, about 110
  // of a deferred recorded send's 812 instructions (`benchmarks --instructions --filter
  // "recording store (deferred)"`).
  @usableFromInline
  struct PendingStep {
    @usableFromInline let action: Action
    @usableFromInline let origin: Recording.Origin
    @usableFromInline let state: State
    /// The step's effect events and issues in `pendingExtras`, or -1 when it has neither.
    @usableFromInline var extras: Int32
    /// Where its action was sent, in `pendingLocations`, or -1 when not known.
    @usableFromInline var location: Int32
    /// The monotonic clock when it was reduced (0 when times are not recorded).
    @usableFromInline let reducedAt: UInt64

    @usableFromInline
    init(
      action: Action, origin: Recording.Origin, state: State, extras: Int32, location: Int32,
      reducedAt: UInt64
    ) {
      self.action = action
      self.origin = origin
      self.state = state
      self.extras = extras
      self.location = location
      self.reducedAt = reducedAt
    }
  }

  // NB: weak: the recorder holds the hook (to encode what it keeps when the recording is read,
  // even after the store is gone), and a recorder no one holds has no one to record for.
  @usableFromInline weak var recorder: StoreRecorder?
  /// Steps reduced, not yet encoded.
  // NB: steps and effect events apart, rather than one array of an enum of both: copying the
  // enum into the array took a deferred recorded send 1,210 → 1,702 instructions. And
  // `@exclusivity(unchecked)` on what a send touches: only the main actor does, the store's send
  // and `flush` (which takes the arrays before it encodes, so an encoding that sends appends to
  // fresh ones); the dynamic checks were a third of a deferred recorded send (CONTRIBUTING's
  // "Performance notes").
  @exclusivity(unchecked) @usableFromInline var pending: [PendingStep] = []
  /// Effect events not yet noted, each with the number of pending steps before it.
  @exclusivity(unchecked) @usableFromInline var pendingEffects:
    [(stepsBefore: Int, event: EffectLifecycleEvent)] = []
  @exclusivity(unchecked) @usableFromInline var isFlushScheduled = false
  /// Whether steps are being encoded: an encoding that sends (a value's `encode(to:)` sending
  /// to the store) must not encode later steps before the earlier ones it is encoding.
  @exclusivity(unchecked) @usableFromInline var isFlushing = false
  /// The effect events and issues of the pending steps that have any.
  @exclusivity(unchecked) @usableFromInline var pendingExtras:
    [(events: [Recording.EffectEvent], issues: [String])] = []
  /// Where the pending steps' actions were sent, each place once per run of steps sent from it.
  @exclusivity(unchecked) @usableFromInline var pendingLocations: [SourceLocation] = []

  /// Steps kept typed before they are encoded in the background: a quarter of
  /// ``pendingBound``.
  @exclusivity(unchecked) @usableFromInline var pendingLimit = RecordingHook.mostStepsKept / 4

  /// Steps kept typed at most: past it, the main actor has not turned to encode them (the app
  /// sends in a loop), and all but the last ``pendingLimit`` are encoded at once. Each kept
  /// state is a copy of its own once the app writes its state again, so the steps kept are a
  /// memory bound, set by the state's size (see ``keepsStepsForStateWeight(_:)``).
  @exclusivity(unchecked) @usableFromInline var pendingBound = RecordingHook.mostStepsKept

  /// The number of steps kept at which a send calls `flushPast()`: ``pendingLimit`` until a
  /// flush is scheduled, then ``pendingBound``.
  // NB: one comparison per send where the limit, the scheduled flag and the bound were three
  // (the limit and the bound became a state's, not constants).
  @exclusivity(unchecked) @usableFromInline var flushPoint = RecordingHook.mostStepsKept / 4

  /// The most steps kept, whatever the state: a feed growing a post a step, sent 10,000 times
  /// in one turn, peaked at 1.3 GB kept unbounded (`benchmarks --session-only growing:10000`).
  @usableFromInline static var mostStepsKept: Int { 1_024 }

  /// The fewest steps a bound keeps, however large the state.
  static var fewestStepsKept: Int { 16 }

  /// The JSON values the kept states may hold between them, about 7 MB of a feed's posts.
  // NB: 1,024 steps of a feed of 5,000 posts peaked at 350 MB (`/usr/bin/time -v benchmarks
  // --session-only growing:10000`): a copy of the feed per step kept. Halved from 2^21 when the
  // queue began to leave what it encoded to the main actor to release (a step is in flight
  // until then, and holds the JSON its state replaced too): the "memory to record" of that
  // session 60 → 76–85 MB at 2^21, 63–68 MB at 2^20 (`benchmarks --sessions`).
  static var keptWeightBudget: Int { 1 << 20 }

  /// Sets the bounds for states of `weight` JSON values (the recorder's estimate of the last
  /// one it encoded): as many steps as ``keptWeightBudget`` allows, between
  /// ``fewestStepsKept`` and ``mostStepsKept``.
  func keepsStepsForStateWeight(_ weight: Int) {
    let steps = Self.keptWeightBudget / max(weight, 1)
    pendingBound = min(max(steps, Self.fewestStepsKept), Self.mostStepsKept)
    pendingLimit = pendingBound / 4
    placeFlushPoint()
  }

  /// `flushPoint` for the bounds and whether a flush is scheduled.
  @inlinable
  func placeFlushPoint() {
    flushPoint = isFlushScheduled ? pendingBound : pendingLimit
  }

  @usableFromInline
  init(_ recorder: StoreRecorder, initialState: State, nextStackElementID: Int) {
    self.recorder = recorder
    self.defers = recorder.encoding == .deferred
    self.stampsTimes = recorder.recordsTimes
    // NB: a second store given the recorder records nothing: its hook lets go of the recorder,
    // and the first store's hook keeps flushing (it lost its pending steps to the second's
    // flush before, and its clock was restarted).
    guard recorder.start(initialState: initialState, nextStackElementID: nextStackElementID)
    else {
      self.recorder = nil
      return
    }
    recorder.flushPending = { [self] in flush() }
    keepsStepsForStateWeight(recorder.stateWeightEstimate)
    // NB: room for the steps kept before a flush is scheduled, made once: the list keeps its
    // capacity between flushes anyway, and growing it from empty copied each step kept about
    // once (a deferred recorded send 822 → 813 instructions, `benchmarks --instructions`).
    if defers { pending.reserveCapacity(pendingLimit) }
  }

  @usableFromInline let defers: Bool
  /// Whether each step is stamped with the clock.
  @usableFromInline let stampsTimes: Bool

  /// Whether steps are encoded as they happen: unless deferred, and while any shared value
  /// exists.
  @inlinable
  var encodesAtOnce: Bool {
    !defers || (SharedRoots.alive.load() > 0 && encodesAtOnceWhileSharedValuesExist)
  }

  /// Whether a shared value anywhere in the process makes the hook encode each step at once:
  /// always, but in the tests of the deferred path, which run beside tests that hold shared
  /// values.
  @exclusivity(unchecked) @usableFromInline var encodesAtOnceWhileSharedValuesExist = true

  @inlinable
  func willReduce(from origin: Recording.Origin, state: State, at location: SourceLocation?) {
    // NB: only a state holding a shared value can change between sends.
    guard encodesAtOnce else { return }
    flush()
    recorder?.willReduce(state: state, at: location)
  }

  @inlinable
  func didReduce(
    _ action: Action, from origin: Recording.Origin, effect: Effect<Action>, issues: [String],
    state: State, at location: SourceLocation?
  ) {
    let events = effect.isNone ? [] : effect.recordedEvents().events
    let reducedAt = stampsTimes ? reducerkit_monotonic_nanoseconds() : 0
    // NB: a deferred step does not look for its recorder (a weak load, a retain and a release:
    // with the runtime's delivery mark unchecked, 1,049 → 824 instructions per deferred recorded
    // send); `flush` drops what no one records.
    if encodesAtOnce {
      guard let recorder else { return }
      flush()
      recorder.append(
        action: action, origin: origin, events: events, issues: issues, state: state,
        at: location, reducedAt: reducedAt)
      return
    }
    var extras: Int32 = -1
    if !events.isEmpty || !issues.isEmpty {
      extras = Int32(truncatingIfNeeded: pendingExtras.count)
      pendingExtras.append((events, issues))
    }
    pending.append(
      PendingStep(
        action: action, origin: origin, state: state, extras: extras,
        location: pendingLocation(location), reducedAt: reducedAt))
    // NB: the scheduled flag is part of the flush point, tested here, not in a call: until the
    // flush runs, every step past the limit came this way (a deferred recorded send 826 → 806
    // instructions in a loop of sends).
    if pending.count >= flushPoint { flushPast() }
  }

  /// Schedules the encoding in the background, or, past `pendingBound`, encodes all but the
  /// last `pendingLimit` steps kept at once.
  @usableFromInline @inline(never)
  func flushPast() {
    guard pending.count >= pendingBound, !isFlushing else { return scheduleFlush() }
    flush(upTo: pending.count - pendingLimit)
  }

  @inlinable
  func scheduleFlush() {
    if encoder != nil { return handOff() }
    if !isFlushScheduled {
      isFlushScheduled = true
      placeFlushPoint()
      Task { @MainActor [weak self] in self?.flushInTurns() }
    }
  }

  /// The queue that encodes the steps kept off the main actor, for a store whose state and
  /// actions are `Sendable` (see ``encodesOffMainActor()``); `nil`: the main actor encodes them,
  /// in turns.
  @usableFromInline var encoder: DispatchQueue?
  /// Batches handed to ``encoder`` since the main actor last waited for it.
  var batchesHandedOff = 0
  /// Steps handed to ``encoder`` and not yet released by the main actor (encoded or not): past
  /// ``pendingBound``, the main actor waits for it before it hands it more (the steps kept are
  /// the recording's memory).
  let stepsInFlight = AtomicCell(0)
  /// The recorder's estimate of the state's size after ``encoder``'s last batch.
  let weightSeen = AtomicCell(0)
  /// Encodes a batch on ``encoder`` (made where the state and actions are known `Sendable`).
  var encodeOnQueue: ((Batch, StoreRecorder) -> Void)?
  /// Releases, on the main actor, what the queue is done with: the batches it encoded and the
  /// states they replaced as the recorder's last one.
  var releaseEncoded: (() -> Void)?

  /// Hands the steps kept to ``encoder``, which encodes them while the app goes on.
  @usableFromInline @inline(never)
  func handOff() {
    // NB: not while the main actor encodes (an encoding that sends): the queue would encode
    // later steps beside the earlier ones.
    guard encoder != nil, let recorder, !isFlushing else { return }
    boundStepsByWeightSeen()
    if stepsInFlight.load(ordering: .acquiring) >= pendingBound { drainEncoder() }
    releaseEncoded?()
    let batch = takeBatch(upTo: .max)
    guard !batch.steps.isEmpty || !batch.effects.isEmpty else { return }
    _ = stepsInFlight.wrappingAdd(batch.steps.count)
    batchesHandedOff += 1
    encodeOnQueue?(batch, recorder)
  }

  /// Waits for ``encoder`` to encode what it was handed, and says the failures it met: the
  /// main actor then touches the recorder alone.
  func drainEncoder() {
    guard let encoder, batchesHandedOff > 0 else { return }
    encoder.sync {}
    releaseEncoded?()
    batchesHandedOff = 0
    recorder?.sayFailuresMetOffMain()
    boundStepsByWeightSeen()
  }

  /// Sets the bounds from the state's size ``encoder`` last saw, if it saw one.
  func boundStepsByWeightSeen() {
    let weight = weightSeen.load(ordering: .relaxed)
    if weight > 0 { keepsStepsForStateWeight(weight) }
  }

  /// The index in `pendingLocations` of `location`: the last one's when it is the same place
  /// (a burst of sends from one line: keystrokes, a timer's ticks), else a new one's.
  // NB: compared field by field in place, the numbers first: comparing the last location
  // copied out (`==`) was 82 instructions a step, this is about 40 (its strings are still
  // retained and released around their comparison). A closure over the list's buffer to compare
  // bytes was dearer: the main actor's isolation was checked on each call.
  @inlinable @inline(__always)
  func pendingLocation(_ location: SourceLocation?) -> Int32 {
    guard let location else { return -1 }
    let last = pendingLocations.count &- 1
    if last >= 0, pendingLocations[last].line == location.line,
      pendingLocations[last].column == location.column,
      pendingLocations[last].fileID == location.fileID,
      pendingLocations[last].filePath == location.filePath
    {
      return Int32(truncatingIfNeeded: last)
    }
    pendingLocations.append(location)
    return Int32(truncatingIfNeeded: last &+ 1)
  }

  /// The main actor's time one turn of background encoding takes, at most, and the one step
  /// that crosses it: the app's frames go on between turns whatever a step costs.
  // NB: a time, not a number of steps: 32 steps a turn (the rule before) held the main actor
  // about 4 ms at a feed of 5,000 posts and 0.4 ms at a small state, and a state ten times the
  // feed would have held it for a dropped frame or two each turn.
  static var turnBudgetNanoseconds: UInt64 { 4_000_000 }

  /// Encodes the first steps kept, as many as take ``turnBudgetNanoseconds``, and the rest in
  /// later turns: one step first, to time a step, then as many more as the time left allows at
  /// the time a step has taken.
  @usableFromInline
  func flushInTurns() {
    isFlushScheduled = false
    placeFlushPoint()
    let start = reducerkit_monotonic_nanoseconds()
    var encoded: UInt64 = 0
    var elapsed: UInt64 = 0
    // NB: at least once: with no step kept, the effect events kept are noted.
    repeat {
      let perStep = encoded == 0 ? Self.turnBudgetNanoseconds : max(elapsed / encoded, 1)
      let steps = max((Self.turnBudgetNanoseconds - elapsed) / perStep, 1)
      let count = min(pending.count, Int(min(steps, UInt64(Self.mostStepsKept))))
      flush(upTo: count)
      encoded += UInt64(count)
      elapsed = reducerkit_monotonic_nanoseconds() &- start
    } while !pending.isEmpty && elapsed < Self.turnBudgetNanoseconds
    if !pending.isEmpty { scheduleFlush() }
  }

  @inlinable
  func reduceBegins() {}

  @usableFromInline
  func effect(_ event: EffectLifecycleEvent) {
    guard case .delivers = event else {
      if encodesAtOnce {
        flush()
        recorder?.note(event)
      } else {
        pendingEffects.append((pending.count, event))
        if pendingEffects.count >= pendingLimit, !isFlushScheduled { scheduleFlush() }
      }
      return
    }
  }

  /// Drops the side tables' entries that only encoded steps used, and renumbers the kept
  /// steps' references: steps refer to entries in the order they were kept, so the first kept
  /// step that refers to one refers to the lowest. (Without it, a stream of steps that never
  /// lets the kept list empty — a loop of sends past `pendingBound` — grew the tables without
  /// end.)
  @usableFromInline
  func dropSideTableEntriesBeforeRemainingSteps() {
    let firstExtras =
      pending.first { $0.extras >= 0 }?.extras
      ?? Int32(truncatingIfNeeded: pendingExtras.count)
    let firstLocation =
      pending.first { $0.location >= 0 }?.location
      ?? Int32(truncatingIfNeeded: pendingLocations.count)
    guard firstExtras > 0 || firstLocation > 0 else { return }
    pendingExtras.removeFirst(Int(firstExtras))
    pendingLocations.removeFirst(Int(firstLocation))
    for index in pending.indices {
      if pending[index].extras >= 0 { pending[index].extras -= firstExtras }
      if pending[index].location >= 0 { pending[index].location -= firstLocation }
    }
  }

  /// Encodes the steps kept typed, in order: all of them, or the first `limit` (and the effect
  /// events before them).
  @usableFromInline
  func flush() { flush(upTo: .max) }

  @usableFromInline
  func flush(upTo limit: Int) {
    if limit == .max {
      isFlushScheduled = false
      placeFlushPoint()
    }
    drainEncoder()
    guard !pending.isEmpty || !pendingEffects.isEmpty else { return }
    guard let recorder else {
      pending.removeAll()
      pendingEffects.removeAll()
      pendingExtras.removeAll()
      pendingLocations.removeAll()
      return
    }
    let wasFlushing = isFlushing
    isFlushing = true
    defer { isFlushing = wasFlushing }
    let batch = takeBatch(upTo: limit)
    batch.encode(into: recorder)
    if !batch.steps.isEmpty { keepsStepsForStateWeight(recorder.stateWeightEstimate) }
  }

  /// Steps taken from the kept ones to encode, with the effect events before and among them and
  /// the side tables they refer to.
  @usableFromInline
  struct Batch {
    let steps: ArraySlice<PendingStep>
    let effects: ArraySlice<(stepsBefore: Int, event: EffectLifecycleEvent)>
    let extras: [(events: [Recording.EffectEvent], issues: [String])]
    let locations: [SourceLocation]
  }

  /// Takes the first `limit` steps kept (all of them for `.max`) and the effect events before
  /// them.
  func takeBatch(upTo limit: Int) -> Batch {
    let count = min(limit, pending.count)
    let steps = pending[..<count]
    // NB: the steps encoded read the side tables as they are now; a partial batch then drops
    // the entries only they used (renumbering the steps kept), a whole one empties them.
    let (extras, locations) = (pendingExtras, pendingLocations)
    let effects: ArraySlice<(stepsBefore: Int, event: EffectLifecycleEvent)>
    if count == pending.count {
      effects = pendingEffects[...]
      pending.removeAll(keepingCapacity: true)
      pendingEffects.removeAll(keepingCapacity: true)
      pendingExtras.removeAll(keepingCapacity: true)
      pendingLocations.removeAll(keepingCapacity: true)
    } else {
      // NB: the events after the last step taken stay, counted from the steps left.
      let split = pendingEffects.firstIndex { $0.stepsBefore >= count } ?? pendingEffects.count
      effects = pendingEffects[..<split]
      pending.removeFirst(count)
      dropSideTableEntriesBeforeRemainingSteps()
      pendingEffects = pendingEffects[split...].map { ($0.stepsBefore - count, $0.event) }
    }
    return Batch(steps: steps, effects: effects, extras: extras, locations: locations)
  }
}

extension RecordingHook.Batch {
  /// Encodes the steps and events into `recorder`, in order: on the main actor, or on
  /// ``RecordingHook/encoder`` with the main actor waiting for it before it touches the recorder
  /// again.
  func encode(into recorder: StoreRecorder) {
    var nextEffect = effects.startIndex
    for (index, step) in steps.enumerated() {
      while nextEffect < effects.endIndex, effects[nextEffect].stepsBefore <= index {
        recorder.note(effects[nextEffect].event)
        nextEffect += 1
      }
      let (events, issues) = step.extras < 0 ? ([], []) : extras[Int(step.extras)]
      recorder.append(
        action: step.action, origin: step.origin, events: events, issues: issues,
        state: step.state, at: step.location < 0 ? nil : locations[Int(step.location)],
        reducedAt: step.reducedAt)
    }
    for effect in effects[nextEffect...] { recorder.note(effect.event) }
  }
}

extension RecordingHook where State: Sendable, Action: Sendable {
  /// Has the steps kept encoded on a queue of their own, off the main actor: the state and the
  /// actions are values any thread may read.
  @usableFromInline
  func encodesOffMainActor() -> Self {
    guard defers, recorder != nil else { return self }
    let queue = DispatchQueue(label: "ReducerKit.StoreRecorder", qos: .utility)
    encoder = queue
    // NB: what the queue is done with — the batch's states (a copy of a growing feed each,
    // which the app's own append made) and the JSON of the states its steps replaced (a feed's
    // array of posts each) — is released by the main actor at its next hand-off while the main
    // actor is ahead (another batch waits behind this one), since it would only wait for the
    // queue then; otherwise by the queue, so that an app whose queue keeps up pays nothing for
    // it. Released on the queue always, they were a third of its work, and the queue is what a
    // loop of sends waits for: a 10,000-step growing session's sends 962 → 643–663 ms
    // (`benchmarks --sessions`); released on the main actor always, the main actor paid for
    // them even where the queue kept up. A step counts as kept until it is released, which
    // keeps the peak memory where it was.
    let encoded = LockedValue<[(Batch, [JSONValue])]>([])
    let (batchesWaiting, stepsInFlight) = (AtomicCell(0), stepsInFlight)
    @Sendable func takeEncoded() -> [(Batch, [JSONValue])] {
      let taken = encoded.withLock { list in
        var taken: [(Batch, [JSONValue])] = []
        swap(&taken, &list)
        return taken
      }
      _ = stepsInFlight.wrappingAdd(-taken.reduce(0) { $0 + $1.0.steps.count })
      return taken
    }
    releaseEncoded = { withExtendedLifetime(takeEncoded()) {} }
    encodeOnQueue = { [weightSeen] batch, recorder in
      _ = batchesWaiting.wrappingAdd(1)
      queue.async {
        recorder.encodesOffMain = true
        batch.encode(into: recorder)
        recorder.encodesOffMain = false
        let replaced = recorder.takeStatesReplacedOffMain()
        weightSeen.store(recorder.stateWeightEstimate, ordering: .relaxed)
        if batchesWaiting.wrappingAdd(-1).newValue > 0 {
          encoded.withLock { $0.append((batch, replaced)) }
        } else {
          // NB: caught up: this batch and the states it replaced end here, with the block (what
          // the main actor has not taken yet waits for its next hand-off, or for the recording
          // to be read).
          _ = stepsInFlight.wrappingAdd(-batch.steps.count)
        }
      }
    }
    return self
  }
}

// NB: the steps' states and actions are `Sendable` where a batch is handed to the queue; its
// other parts are values.
extension RecordingHook.Batch: @unchecked Sendable where State: Sendable, Action: Sendable {}
