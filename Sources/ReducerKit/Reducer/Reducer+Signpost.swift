import Foundation

extension Reducer {
  /// Marks how long each action takes to reduce and each of its effects' work takes to run, as
  /// intervals handed to `log` — the best-known library's `signpost`.
  ///
  /// ```swift
  /// Feature().signpost()                         // each interval to standard error
  /// Feature().signpost("Search", log: .disabled) // nothing
  /// Feature().signpost(log: SignpostLog { interval in signposter.emitEvent(…) })
  /// ```
  ///
  /// The kit imports no `os`, so the default log writes each interval as a line to standard
  /// error (`[signpost] Search action Feature.Action.queryChanged(_:) 14µs`); on Apple
  /// platforms, hand the intervals to an `OSSignposter` with a log of your own to see them in
  /// Instruments. Actions are named by their case, without their values.
  /// - Parameters:
  ///   - prefix: Put before every interval's name, to tell features apart.
  ///   - log: Where the intervals go; ``SignpostLog/default`` by default.
  /// - Returns: The reducer, timed.
  public func signpost(_ prefix: String = "", log: SignpostLog = .default) -> _Signpost<Self> {
    _Signpost(base: self, prefix: prefix, log: log)
  }
}

/// Where ``Reducer/signpost(_:log:)`` sends its intervals.
public struct SignpostLog: Sendable {
  let record: (@Sendable (SignpostInterval) -> Void)?

  /// A log that hands each interval to `record`, once the interval has ended.
  /// - Parameter record: Receives each interval.
  public init(_ record: @escaping @Sendable (SignpostInterval) -> Void) {
    self.record = record
  }

  private init(disabled: Void) { self.record = nil }

  /// Each interval as one line on standard error.
  public static var `default`: Self {
    Self { interval in
      let (seconds, attoseconds) = interval.duration.components
      let microseconds = Double(seconds) * 1e6 + Double(attoseconds) / 1e12
      let prefix = interval.prefix.isEmpty ? "" : interval.prefix + " "
      let line =
        "[signpost] \(prefix)\(interval.kind) \(interval.name) \(Int(microseconds.rounded()))µs\n"
      FileHandle.standardError.write(Data(line.utf8))
    }
  }

  /// Nothing: the reducer runs as if it were not timed.
  public static var disabled: Self { Self(disabled: ()) }
}

/// One action's reduce, or one effect's work, and how long it took.
public struct SignpostInterval: Sendable, Equatable {
  /// What was timed.
  public enum Kind: String, Sendable, Equatable, CustomStringConvertible {
    /// The reducer running one action.
    case action
    /// One effect's work, from its start to its end (or its cancellation).
    case effect

    /// `action` or `effect`.
    public var description: String { rawValue }
  }

  /// The prefix given to `signpost`.
  public let prefix: String
  /// What was timed.
  public let kind: Kind
  /// The action's case, without its values (`Feature.Action.row(id:, action: .toggled)`); for
  /// an effect, the case of the action that returned it.
  public let name: String
  /// How long it took.
  public let duration: Duration
}

/// The reducer returned by ``Reducer/signpost(_:log:)``.
public struct _Signpost<Base: Reducer>: Reducer {
  let base: Base
  let prefix: String
  let log: SignpostLog

  /// Runs the base reducer, timing it and the work of the effect it returns.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    guard let record = log.record else { return base.reduce(into: &state, action: action) }
    let clock = ContinuousClock()
    let start = clock.now
    let effect = base.reduce(into: &state, action: action)
    let name = caseLabel(of: action)
    record(
      SignpostInterval(
        prefix: prefix, kind: .action, name: name, duration: start.duration(to: clock.now)))
    let prefix = self.prefix
    return effect.timingWork { duration in
      record(SignpostInterval(prefix: prefix, kind: .effect, name: name, duration: duration))
    }
  }
}

extension Effect {
  /// The effect with each piece of work timed, `record` told how long each took.
  fileprivate func timingWork(_ record: @escaping @Sendable (Duration) -> Void) -> Self {
    switch operation {
    case .none, .send, .cancel:
      return self
    case .run(let priority, let body):
      return Self(
        .run(priority: priority) { send in
          let clock = ContinuousClock()
          let start = clock.now
          await body(send)
          record(start.duration(to: clock.now))
        })
    case .merge(let effects):
      return Self(.merge(effects.map { $0.timingWork(record) }))
    case .concatenate(let effects):
      return Self(.concatenate(effects.map { $0.timingWork(record) }))
    case .cancellable(let effect, let id, let cancelInFlight):
      return Self(.cancellable(effect.timingWork(record), id: id, cancelInFlight: cancelInFlight))
    case .scoped(let component, let effect):
      return Self(.scoped(component, effect.timingWork(record)))
    case .dependencies(let values, let effect):
      return Self(.dependencies(values, effect.timingWork(record)))
    case .throttle(let effect, let id, let latest, let window):
      return Self(.throttle(effect.timingWork(record), id: id, latest: latest, window: window))
    }
  }
}
