// The runtime's side of `Effect.throttle`: it keeps one `ThrottleStateMachine` per id and
// feature instance, and does what the machine says.
extension EffectRuntime {
  func throttle<Action>(
    _ inner: Effect<Action>,
    id: CancelID,
    latest: Bool,
    window: ThrottleWindow,
    in context: Context,
    enqueue: (Action) -> Void,
    deliver: @escaping @MainActor @Sendable (Action) -> Void,
    tasks: inout [Task<Void, Never>]
  ) {
    guard let node = root.descendant(context.steps, creating: true) else {
      preconditionFailure("Internal inconsistency: a created node is missing.")
    }
    var windowContext = context
    windowContext.ids.append((context.steps, id))
    // NB: each throttled effect cancels the work of the one before (a held wait, or a run still
    // going), as the best-known library's `cancellable(id:cancelInFlight: true)` does; the
    // window itself is kept.
    for key in node.cancellables[id] ?? [] { cancelEffect(key) }
    var machine = node.throttles[id] ?? ThrottleStateMachine()
    switch machine.arrived(
      { [unowned self] (key: Int) -> [Task<Void, Never>] in
        var heldContext = windowContext
        heldContext.parent = key
        return self.startToAwait(inner, in: heldContext, deliver: deliver)
      }, latest: latest)
    {
    case .runNow:
      machine.ran(opening: window.open())
      node.throttles[id] = machine
      start(inner, in: windowContext, enqueue: enqueue, deliver: deliver, tasks: &tasks)

    case .hold(let generation, let until):
      node.throttles[id] = machine
      let steps = context.steps
      tasks.append(
        spawnParked(in: windowContext) { [weak self] key in
          do { try await until.sleepUntilEnd() } catch { return }
          guard !Task.isCancelled,
            let started = self?.throttleWindowEnded(
              at: steps, id: id, generation: generation, window: window, key: key)
          else { return }
          await Self.awaitAll(started)
        })
    }
  }

  /// The wait of a hold ended: runs the held effect if that hold is still the newest, opening
  /// the next window, and returns the work it started.
  private func throttleWindowEnded(
    at steps: [PathStep], id: CancelID, generation: Int, window: ThrottleWindow, key: Int
  ) -> [Task<Void, Never>]? {
    guard let node = root.descendant(steps, creating: false),
      var machine = node.throttles[id],
      let run = machine.windowEnded(generation: generation)
    else { return nil }
    machine.ran(opening: window.open())
    node.throttles[id] = machine
    return run(key)
  }
}
