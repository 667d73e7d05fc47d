import Foundation
import ReducerKit

/// Writes down when a store reduces each action and when its effects start, deliver actions,
/// finish and are cancelled, as a trace in the Chrome trace event format: the file opens in
/// Perfetto (ui.perfetto.dev) or `chrome://tracing`.
///
/// ```swift
/// let tracer = StoreTracer()
/// let store = Store(initialState: Articles.State(), tracingTo: tracer) { Articles() }
/// // … the app runs …
/// try tracer.write(to: URL(fileURLWithPath: "session.trace.json"))
/// ```
///
/// Each action is a slice on the "reducer" track, named by its chain of cases
/// (`rows.element.toggle`) and lasting as long as its reduce; each piece of effect work is an
/// asynchronous span from its start to its end (finished or cancelled), with a mark where it
/// delivered an action and where it was cancelled. Tracing is off unless a store is created with a tracer: a store without
/// one compiles no tracing code. A traced store names actions by reflection and reads the
/// clock twice per action; the tracer keeps every event until it is written.
@MainActor
public final class StoreTracer {
  /// One thing that happened, with its time from the tracer's start in nanoseconds.
  enum Event {
    case reduce(name: String, step: Int, origin: String, effect: Int?, start: Int64, end: Int64)
    case effectStarted(id: Int, path: String, parent: Int?, at: Int64)
    case effectCancelled(id: Int, at: Int64)
    case effectEnded(id: Int, cancelled: Bool, at: Int64)
    case delivered(id: Int, name: String, at: Int64)
  }

  private(set) var events: [Event] = []
  private let clock = ContinuousClock()
  private let start: ContinuousClock.Instant
  private var hasStore = false

  /// Creates a tracer; its clock starts now.
  public init() {
    start = clock.now
  }

  /// The time since the tracer started, in nanoseconds.
  func now() -> Int64 {
    let elapsed = clock.now - start
    return elapsed.components.seconds * 1_000_000_000
      + elapsed.components.attoseconds / 1_000_000_000
  }

  func attach() {
    if hasStore {
      reportIssue("A StoreTracer traces one store; a second store was given the same tracer.")
    }
    hasStore = true
  }

  func append(_ event: Event) { events.append(event) }

  /// How many actions were traced.
  public var actionCount: Int {
    events.reduce(0) {
      if case .reduce = $1 { $0 + 1 } else { $0 }
    }
  }

  /// The trace as JSON in the Chrome trace event format (an object with `traceEvents`).
  public func jsonData() -> Data {
    var writer = JSONWriter(indented: false)
    writer.write(TraceEventFormat.document(events))
    return Data(writer.utf8)
  }

  /// Writes the trace to `url`, atomically.
  /// - Parameter url: Where to write (`session.trace.json`).
  /// - Throws: A file-system error.
  public func write(to url: URL) throws {
    try jsonData().write(to: url, options: .atomic)
  }
}

/// The hook of a traced store: it times each reduce and hands the tracer what happened.
@MainActor
@usableFromInline
final class TracingHook<State, Action>: StoreHook {
  @usableFromInline static var isWatching: Bool { true }

  // NB: weak, as the recorder's hook: a tracer no one holds has no one to trace for.
  @usableFromInline weak var tracer: StoreTracer?
  var began: Int64 = 0
  var steps = 0
  /// The effect delivering the next action, and when it did.
  var delivery: (id: Int, at: Int64)?

  @usableFromInline
  init(_ tracer: StoreTracer) {
    self.tracer = tracer
    tracer.attach()
  }

  @usableFromInline
  func willReduce(from origin: Recording.Origin, state: State, at location: SourceLocation?) {}

  @usableFromInline
  func reduceBegins() {
    began = tracer?.now() ?? 0
  }

  @usableFromInline
  func didReduce(
    _ action: Action, from origin: Recording.Origin, effect: Effect<Action>, issues: [String],
    state: State, at location: SourceLocation?
  ) {
    guard let tracer else { return }
    let end = tracer.now()
    steps += 1
    let name = ActionName.of(action)
    var effectID: Int?
    if case .effect = origin, let delivery {
      effectID = delivery.id
      tracer.append(.delivered(id: delivery.id, name: name, at: delivery.at))
    }
    delivery = nil
    tracer.append(
      .reduce(
        name: name, step: steps, origin: origin.description, effect: effectID, start: began,
        end: end))
  }

  @usableFromInline
  func effect(_ event: EffectLifecycleEvent) {
    guard let tracer else { return }
    switch event {
    case .started(let id, let path, let parent, _):
      tracer.append(.effectStarted(id: id, path: path, parent: parent, at: tracer.now()))
    case .cancelled(let id):
      tracer.append(.effectCancelled(id: id, at: tracer.now()))
    case .ended(let id, let cancelled):
      tracer.append(.effectEnded(id: id, cancelled: cancelled, at: tracer.now()))
    case .delivers(let id):
      delivery = (id, tracer.now())
    }
  }
}
