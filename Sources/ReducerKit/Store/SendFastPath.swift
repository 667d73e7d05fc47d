/// What a root store does per action to be fast, in one place: the reduce context the reducer's
/// `@Dependency` reads find through the thread's slot, and the check that the main actor is
/// still on the thread whose slot is cached. `RootCore` uses it and otherwise reads like a plain
/// store, but for the early return of an action with nothing to follow, which stays in
/// `RootCore.send` (moved here, it cost 17–21 instructions per send).
///
/// Each construct here is in CONTRIBUTING's "Performance notes" with what it saves. Used by the
/// root alone, on the main actor.
@usableFromInline
struct SendFastPath {
  /// The reduce context: the dependency values reducers see.
  @usableFromInline var context: ReduceContext {
    didSet { contextPointer = Unmanaged.passUnretained(context) }
  }
  /// `context`, unretained, so that an action does not retain and release it.
  // NB: 29.7 → 17.7 ns per counter send against running the retained context.
  @usableFromInline var contextPointer: Unmanaged<ReduceContext>
  /// The storage of the reduce-context slot of the thread the main actor last ran on, and that
  /// thread; kept so that an action pays neither a thread-local lookup nor a retain of the slot.
  /// (The main actor is not always the main thread: on Linux, after `dispatchMain()`, its jobs
  /// run on whichever thread drains the main queue.)
  // NB: per counter send, 18.3 → 16.7 ns against `ThreadSlot.current` on every action; then,
  // with the early return below, 29.6 → 13 ns (a slower machine) against keeping the slot
  // object, which was retained around every action. The slot is retained here (so `storage`
  // stays valid; `release()` lets it go) and marks itself when its thread ends, because a new
  // thread may get the ended thread's id.
  @usableFromInline var storage: UnsafeMutablePointer<ThreadSlot.Context>
  @usableFromInline var thread: ThreadSlot.ThreadID
  /// The slot of `thread`, retained (so `storage` stays valid) but read unretained.
  @usableFromInline var slot: Unmanaged<ThreadSlot>
  @usableFromInline unowned(unsafe) var slotReference: ThreadSlot

  init(context: ReduceContext) {
    self.context = context
    self.contextPointer = Unmanaged.passUnretained(context)
    let slot = ThreadSlot.current
    self.storage = slot.storage
    self.thread = slot.thread
    self.slot = Unmanaged.passRetained(slot)
    self.slotReference = slot
  }

  /// Lets the cached slot go (the root's `deinit`).
  func release() { slot.release() }

  /// Runs `body` — one reduce — with the context installed in the current thread's slot.
  // NB: `@inline(__always)`, with `RootCore.reduce`: out of line a counter send paid a call and
  // a prologue (see the notes).
  @inlinable @inline(__always)
  mutating func run<Result>(_ body: () -> Result) -> Result {
    if ThreadSlot.currentThread != thread || slotReference.hasThreadEnded {
      takeCurrentThreadSlot()
    }
    return ReduceContext.run(contextPointer, in: storage, body)
  }

  @usableFromInline
  mutating func takeCurrentThreadSlot() {
    let current = ThreadSlot.current
    slot.release()
    slot = Unmanaged.passRetained(current)
    slotReference = current
    storage = current.storage
    thread = current.thread
  }
}
