/// An effect an action started or cancelled, with the feature instance it belongs to.
public enum EffectEvent: Equatable, Sendable, CustomStringConvertible {
  /// Work started (a `.run`, a concatenation, a throttle, a debounce's wait) by the instance
  /// at `path`.
  case started(path: String)
  /// An action was sent at once (`.send`) by the instance at `path`; it is the next step.
  case sent(path: String)
  /// The effects under the cancellation id `id` of the instance at `path` were cancelled.
  case cancelled(path: String, id: String)

  /// `started in rows[id: 3]`, or `cancelled "load" in the root feature`.
  public var description: String {
    switch self {
    case .started(let path): "started in \(path)"
    case .sent(let path): "sent at once by \(path)"
    case .cancelled(let path, let id): "cancelled \(id) in \(path)"
    }
  }
}

extension Effect {
  /// What this effect starts and cancels, with the path of the feature instance each belongs to,
  /// read from its structure without running it; and the actions it sends at once. A recording
  /// keeps the events, and a replay compares the events of today's reducer with them.
  @usableFromInline package func recordedEvents() -> (
    events: [EffectEvent], sends: [(action: Action, path: String)]
  ) {
    var events: [EffectEvent] = []
    var sends: [(action: Action, path: String)] = []
    collect(at: [], into: &events, sends: &sends)
    return (events, sends)
  }

  private func collect(
    at steps: [PathStep], into events: inout [EffectEvent],
    sends: inout [(action: Action, path: String)]
  ) {
    let path = PathStep.describe(path: steps)
    switch operation {
    case .none: return
    case .send(let action):
      events.append(.sent(path: path))
      sends.append((action, path))
    case .run, .concatenate, .throttle: events.append(.started(path: path))
    case .merge(let effects):
      for effect in effects { effect.collect(at: steps, into: &events, sends: &sends) }
    case .cancellable(let inner, let id, let cancelInFlight):
      if cancelInFlight { events.append(.cancelled(path: path, id: EffectEvent.name(of: id))) }
      inner.collect(at: steps, into: &events, sends: &sends)
    case .cancel(.id(let id)):
      events.append(.cancelled(path: path, id: EffectEvent.name(of: id)))
    case .cancel(.child(let component)):
      events.append(.cancelled(path: PathStep.describe(path: steps + component.steps), id: "all"))
    case .cancel(.elements(let component, _)):
      events.append(
        .cancelled(path: PathStep.describe(path: steps + component.steps), id: "removed elements"))
    case .scoped(let component, let inner):
      inner.collect(at: steps + component.steps, into: &events, sends: &sends)
    case .dependencies(_, let inner):
      inner.collect(at: steps, into: &events, sends: &sends)
    }
  }
}

extension EffectEvent {
  /// How a cancellation id reads in a recording: its description where it has one (never a file
  /// path, so that a recording replays on another machine), its dump otherwise.
  static func name(of id: CancelID) -> String {
    if let text = id.base.base as? any CustomStringConvertible { return text.description }
    return describe(id.base.base)
  }
}

extension Reducer {
  /// Reduces `action` as a recording store would — `@Dependency` reads see `dependencies`, and
  /// the reducer is not told whether effects run — without starting the effect it returns. For
  /// replaying a recording.
  package func reduceForReplay(
    into state: inout State, action: Action, dependencies: DependencyValues
  ) -> Effect<Action> {
    ReduceContext(values: dependencies).run {
      reduce(into: &state, action: action)
    }
  }
}
