extension Reducer {
  /// Makes this feature's logic inert while `isRedacted` holds: actions change no state, start
  /// no effect and touch no dependency.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in … }          // loading, cancel: always live
  ///   Rows()
  ///     .redacted(when: \.isLoading)          // rows are placeholders while loading
  /// }
  /// ```
  ///
  /// It covers everything inside the wrapped reducer: `Scope`, `ifLet` and `forEach` children
  /// included. When redaction begins, the wrapped feature's running effects are cancelled (or,
  /// with `whileRedacted: .keepEffectsRunning`, kept running with their actions swallowed), so no
  /// late result lands on placeholder data. When `isRedacted` stops holding, the real logic runs
  /// again from the next action.
  ///
  /// - Parameters:
  ///   - isRedacted: Whether the feature is a placeholder now, e.g. `\.isLoading`.
  ///   - allowing: The actions to let through to the real logic while redacted (a live "Cancel"
  ///     button, the one control an onboarding step enables). Actions that their effects send
  ///     back pass through the same gate.
  ///   - whileRedacted: What happens to the feature's effects that are running when redaction
  ///     begins.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  /// - Returns: The redacted reducer.
  public func redacted(
    when isRedacted: @escaping (State) -> Bool,
    allowing: ((_ state: State, _ action: Action) -> Bool)? = nil,
    whileRedacted: RedactedEffects = .cancelEffects,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _Redacted<Self> {
    _Redacted(
      base: self, condition: .closure(isRedacted), allowing: allowing, effects: whileRedacted,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Makes this feature's logic inert while the flag at `isRedacted` is set: the form of
  /// `redacted(when:)` for a stored flag, read at its offset in the state (no call per action).
  /// - Parameters:
  ///   - isRedacted: The flag, e.g. `\.isLoading`.
  ///   - allowing: The actions to let through to the real logic while redacted.
  ///   - whileRedacted: What happens to the feature's effects that are running when redaction
  ///     begins.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  /// - Returns: The redacted reducer.
  public func redacted(
    when isRedacted: KeyPath<State, Bool>,
    allowing: ((_ state: State, _ action: Action) -> Bool)? = nil,
    whileRedacted: RedactedEffects = .cancelEffects,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _Redacted<Self> {
    let condition: RedactionCondition<State> =
      StoredOffset(of: isRedacted).isStored
      ? .stored(StoredOffset(of: isRedacted), isRedacted) : .keyPath(isRedacted)
    return _Redacted(
      base: self, condition: condition, allowing: allowing, effects: whileRedacted,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Makes this feature's logic inert for good: a placeholder copy of a feature.
  ///
  /// ```swift
  /// Articles().placeholder()   // renders like the real feature; does nothing
  /// ```
  /// - Parameters:
  ///   - allowing: Actions to let through to the real logic anyway.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  /// - Returns: The redacted reducer.
  public func placeholder(
    allowing: ((_ state: State, _ action: Action) -> Bool)? = nil,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _Redacted<Self> {
    _Redacted(
      base: self, condition: .always, allowing: allowing, effects: .cancelEffects,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

extension Reducer where State: Redactable {
  // NB: inlinable, so that the condition's closure is made where `State` is known: made here,
  // it read `redactionReasons` through the protocol's witness, with the state passed
  // indirectly (151 → 113 instructions a swallowed send; a closure read straight from a field
  // of its own, to skip the condition's switch, measured worse, 104 → 113 for the closure
  // form: `benchmarks --instructions --filter "redacted send"`).
  /// Makes this feature's logic inert while its state's ``Redactable/redactionReasons`` are not
  /// empty: the same value the view reads to draw the redaction.
  /// - Parameters:
  ///   - allowing: The actions to let through while redacted.
  ///   - whileRedacted: What happens to running effects when redaction begins.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  /// - Returns: The redacted reducer.
  @inlinable
  public func redacted(
    allowing: ((_ state: State, _ action: Action) -> Bool)? = nil,
    whileRedacted: RedactedEffects = .cancelEffects,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _Redacted<Self> {
    redacted(
      when: { !$0.redactionReasons.isEmpty }, allowing: allowing, whileRedacted: whileRedacted,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

/// What happens to a feature's running effects when it becomes redacted.
public enum RedactedEffects: Sendable {
  /// Cancel them, so that nothing they would send arrives on placeholder data (the default).
  case cancelEffects
  /// Keep them running; the actions they send while the feature is redacted are swallowed
  /// (unless the gate lets them through).
  case keepEffectsRunning
}

/// The reducer returned by `redacted(when:)` and `placeholder()`.
public struct _Redacted<Base: Reducer>: Reducer {
  /// The offset of the stored flag when the policy is the common one — a stored flag, no gate,
  /// effects cancelled — decided when the reducer is built; ``StoredOffset/computed`` otherwise.
  // NB: tested first, so that the common policy's send reads one field and the flag: a redacted
  // send measured 90 → 75 instructions against switching over the condition, the gate and the
  // effect policy on every action (`Benchmarks/instructions.sh "redacted send"`).
  @usableFromInline let commonPolicyOffset: StoredOffset
  @usableFromInline let base: Base
  @usableFromInline let condition: RedactionCondition<Base.State>
  @usableFromInline let allowing: ((Base.State, Base.Action) -> Bool)?
  @usableFromInline let effects: RedactedEffects
  /// `.cancel(id: liveID)`, made once: a swallowed action returns it without allocating.
  @usableFromInline let cancelLive: Effect<Base.Action>
  /// The call site and the ids of its effects.
  // NB: in one object, not inline: a reducer value is copied as its parent's body is built, and
  // the location's 48 bytes twice over made a redacted send 1.84–2.03× → 1.70–1.80× a plain one
  // (`benchmarks --filter redacted`, interleaved with the previous build).
  @usableFromInline let site: RedactionSite

  @usableFromInline
  init(
    base: Base, condition: RedactionCondition<Base.State>,
    allowing: ((Base.State, Base.Action) -> Bool)?, effects: RedactedEffects,
    location: SourceLocation
  ) {
    self.base = base
    self.condition = condition
    self.allowing = allowing
    self.effects = effects
    switch (condition, allowing, effects) {
    case (.stored(let offset, _), nil, .cancelEffects): self.commonPolicyOffset = offset
    default: self.commonPolicyOffset = .computed
    }
    let site = RedactionSite(location: location)
    self.cancelLive = .cancel(id: site.liveID)
    self.site = site
  }

  /// Where `redacted` was called.
  @usableFromInline
  var location: SourceLocation { site.location }

  /// The id the wrapped feature's live effects run under, in the instance that returns them.
  @usableFromInline
  var liveID: RedactionCancelID { site.liveID }

  /// The id of the effects of actions that the gate let through while redacted.
  @usableFromInline
  var gatedID: RedactionCancelID { site.gatedID }

  /// Runs the wrapped reducer unless the state is redacted and the gate does not let the action
  /// through.
  @inlinable @inline(__always)
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    if commonPolicyOffset.isStored {
      #if REDUCERKIT_INTERNAL_CHECKS
        _ = condition.holds(in: &state)
      #endif
      if RedactionCondition.flag(at: commonPolicyOffset, in: &state) {
        #if DEBUG
          RedactionDiagnostics.recordSwallowed(action, at: location)
          NavigationAudit.noteSwallowed()
        #endif
        return ReduceContext.storeRunsNoEffect ? .none : cancelLive
      }
      let effect = run(&state, action, isGated: false)
      guard RedactionCondition.flag(at: commonPolicyOffset, in: &state) else { return effect }
      return .merge(cancelLive, effect)
    }
    if condition.holds(in: &state) {
      if let allowing, allowing(state, action) {
        return run(&state, action, isGated: true)
      }
      return swallow(action)
    }
    let effect = run(&state, action, isGated: false)
    if effects == .cancelEffects, condition.holds(in: &state) {
      // NB: redaction began with this action: cancel what was running before it (the cancel
      // runs before the effect this action just started).
      return .merge(cancelLive, effect)
    }
    return effect
  }

  @inlinable
  func run(_ state: inout Base.State, _ action: Base.Action, isGated: Bool) -> Effect<
    Base.Action
  > {
    let effect = base.reduce(into: &state, action: action)
    if effect.isNone { return effect }
    // NB: the id is read only for an effect: wrapping it retains the location's strings.
    return effect.cancellable(id: isGated ? gatedID : liveID)
  }

  /// Drops the action. If redaction began outside this reducer (a parent set the flag), the
  /// feature's live effects may still run: cancel them. Effects of actions the gate let through
  /// are never cancelled by a swallowed action.
  // NB: `@inline(__always)`: out of line, the call and its prologue were a seventh of a
  // redacted send (118 → 102 instructions, CONTRIBUTING's "Performance notes").
  @inlinable @inline(__always)
  func swallow(_ action: Base.Action) -> Effect<Base.Action> {
    #if DEBUG
      RedactionDiagnostics.recordSwallowed(action, at: location)
      NavigationAudit.noteSwallowed()
    #endif
    // NB: while the store runs no effect there is nothing to cancel, and `.none` keeps a
    // swallowed action nearly as cheap as a no-op send: the cancellation, wrapped by every
    // `Scope` above it, measured 95 → 395 instructions per redacted send.
    guard effects == .cancelEffects, !ReduceContext.storeRunsNoEffect else { return .none }
    return cancelLive
  }
}

/// When a redacted feature is a placeholder, decided when the reducer is built: always (a
/// `placeholder()`), a stored flag read at its offset, a key path, or the feature's closure.
@usableFromInline
enum RedactionCondition<State> {
  case always
  /// A stored flag, read at its offset (its key path for the internal checks).
  case stored(StoredOffset, KeyPath<State, Bool>)
  case keyPath(KeyPath<State, Bool>)
  case closure((State) -> Bool)

  /// Whether the condition holds in `state`.
  // NB: `inout`, so that a stored flag is read in place: a redacted send 122 → 96 instructions
  // against calling the feature's closure (`benchmarks --filter redacted --instructions`).
  @inlinable
  func holds(in state: inout State) -> Bool {
    switch self {
    case .always: return true
    case .stored(let offset, let keyPath):
      #if REDUCERKIT_INTERNAL_CHECKS
        InternalChecks.verify(
          inPlace: Self.flag(at: offset, in: &state), throughKeyPath: state[keyPath: keyPath],
          keyPath, offset)
      #endif
      _ = keyPath
      return Self.flag(at: offset, in: &state)
    case .keyPath(let keyPath): return state[keyPath: keyPath]
    case .closure(let isRedacted): return isRedacted(state)
    }
  }

  /// The stored flag at `offset` in `state`.
  @inlinable
  static func flag(at offset: StoredOffset, in state: inout State) -> Bool {
    offset.read(&state, as: Bool.self)
  }
}

/// The cancellation id of a redacted feature's effects: per `redacted` call site, and, like every
/// id, per feature instance.
@usableFromInline
struct RedactionCancelID: Hashable, Sendable, CustomStringConvertible {
  let location: SourceLocation
  let isGated: Bool

  /// `redacted in App/Feature.swift` (gated: `… (gated)`), as recordings show it: no file path,
  /// so that a recording replays on another machine, and no line, so that it still replays once
  /// lines above the call move.
  @usableFromInline
  var description: String {
    "redacted in \(location.fileID)\(isGated ? " (gated)" : "")"
  }

  @usableFromInline
  init(location: SourceLocation, isGated: Bool) {
    self.location = location
    self.isGated = isGated
  }
}

/// Where `redacted` was called, and the ids its effects run under there. Two `redacted` calls at
/// one place have equal ids, so a feature instance's effects are found whichever copy of the
/// reducer cancels them (a body built again on every action, under `dependency`, makes new
/// copies).
@usableFromInline
final class RedactionSite: Sendable {
  /// Where `redacted` was called.
  @usableFromInline let location: SourceLocation
  /// The id of the feature's live effects.
  @usableFromInline let liveID: RedactionCancelID
  /// The id of the effects of actions the gate let through.
  @usableFromInline let gatedID: RedactionCancelID

  @usableFromInline
  init(location: SourceLocation) {
    self.location = location
    self.liveID = RedactionCancelID(location: location, isGated: false)
    self.gatedID = RedactionCancelID(location: location, isGated: true)
  }
}
