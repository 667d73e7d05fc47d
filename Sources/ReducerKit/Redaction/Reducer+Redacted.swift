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
  ) -> _Redacted<Self, _ClosureCondition<State, _StatedRedactionPolicy>> {
    _Redacted(
      base: self,
      condition: _ClosureCondition(
        isRedacted, commonPolicy: isCommonPolicy(allowing, whileRedacted)),
      allowing: allowing, effects: whileRedacted,
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
  ) -> _Redacted<Self, _FlagCondition<State>> {
    _Redacted(
      base: self,
      condition: _FlagCondition(
        isRedacted, commonPolicy: isCommonPolicy(allowing, whileRedacted)),
      allowing: allowing, effects: whileRedacted,
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
  ) -> _Redacted<Self, _AlwaysCondition<State, _StatedRedactionPolicy>> {
    _Redacted(
      base: self,
      condition: _AlwaysCondition(commonPolicy: isCommonPolicy(allowing, .cancelEffects)),
      allowing: allowing, effects: .cancelEffects,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  // NB: the overloads without a gate or a policy, which a call that gives neither picks (it
  // uses fewer defaults): their policy is the common one by type, so the store's send does not
  // test it (see `_RedactionPolicy`). One for the key path too, so that `\.isLoading` keeps
  // resolving to the flag read at its offset rather than to a closure.
  /// Makes this feature's logic inert while `isRedacted` holds, letting no action through and
  /// cancelling its running effects when redaction begins: the common policy of
  /// `redacted(when:allowing:whileRedacted:)`.
  /// - Parameters:
  ///   - isRedacted: Whether the feature is a placeholder now.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  /// - Returns: The redacted reducer.
  public func redacted(
    when isRedacted: @escaping (State) -> Bool,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _Redacted<Self, _ClosureCondition<State, _CommonRedactionPolicy>> {
    _Redacted(
      commonPolicy: self, _ClosureCondition(isRedacted, commonPolicy: true),
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Makes this feature's logic inert while the flag at `isRedacted` is set, letting no action
  /// through and cancelling its running effects when redaction begins: the common policy of
  /// `redacted(when:allowing:whileRedacted:)`, the flag read at its offset.
  /// - Parameters:
  ///   - isRedacted: The flag, e.g. `\.isLoading`.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  /// - Returns: The redacted reducer.
  public func redacted(
    when isRedacted: KeyPath<State, Bool>,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _Redacted<Self, _FlagCondition<State>> {
    _Redacted(
      commonPolicy: self, _FlagCondition(isRedacted, commonPolicy: true),
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Makes this feature's logic inert for good, letting no action through: a placeholder copy
  /// of a feature (see `placeholder(allowing:)`).
  /// - Parameters:
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  /// - Returns: The redacted reducer.
  public func placeholder(
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _Redacted<Self, _AlwaysCondition<State, _CommonRedactionPolicy>> {
    _Redacted(
      commonPolicy: self, _AlwaysCondition(commonPolicy: true),
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Whether a redaction takes the common path: no gate, effects cancelled.
  @usableFromInline
  func isCommonPolicy(
    _ allowing: ((State, Action) -> Bool)?, _ effects: RedactedEffects
  ) -> Bool {
    allowing == nil && effects == .cancelEffects
  }
}

extension Reducer where State: Redactable {
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
  public func redacted(
    allowing: ((_ state: State, _ action: Action) -> Bool)? = nil,
    whileRedacted: RedactedEffects = .cancelEffects,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _Redacted<Self, _ReasonsCondition<State, _StatedRedactionPolicy>> {
    _Redacted(
      base: self,
      condition: _ReasonsCondition(commonPolicy: isCommonPolicy(allowing, whileRedacted)),
      allowing: allowing, effects: whileRedacted,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Makes this feature's logic inert while its state's ``Redactable/redactionReasons`` are not
  /// empty, letting no action through and cancelling its running effects when redaction
  /// begins: the common policy of `redacted(allowing:whileRedacted:)`.
  /// - Parameters:
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  /// - Returns: The redacted reducer.
  public func redacted(
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _Redacted<Self, _ReasonsCondition<State, _CommonRedactionPolicy>> {
    _Redacted(
      commonPolicy: self, _ReasonsCondition(commonPolicy: true),
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
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

/// The reducer returned by `redacted(when:)`, `redacted()` and `placeholder()`; its
/// `Condition` is the form of the test (see ``_RedactionCondition``).
public struct _Redacted<Base: Reducer, Condition: _RedactionCondition>: Reducer
where Condition.State == Base.State {
  @usableFromInline let base: Base
  @usableFromInline let condition: Condition
  /// The call site, its ids, the gate and the policy: what the rare paths read.
  // NB: in one object, not inline: a reducer value is copied as its parent's body is built, and
  // the location's 48 bytes twice over made a redacted send 1.84–2.03× → 1.70–1.80× a plain one
  // (`benchmarks --filter redacted`, interleaved with the previous build). With the gate and the
  // policy in it too, the reducer is small enough to be passed in registers to its rare paths.
  @usableFromInline let site: RedactionSite<Base.State, Base.Action>

  @usableFromInline
  init(
    base: Base, condition: Condition, allowing: ((Base.State, Base.Action) -> Bool)?,
    effects: RedactedEffects, location: SourceLocation
  ) {
    self.base = base
    self.condition = condition
    self.site = RedactionSite(location: location, allowing: allowing, effects: effects)
  }

  /// `base` redacted under `condition` with the common policy: no gate, effects cancelled.
  @usableFromInline
  init(commonPolicy base: Base, _ condition: Condition, at location: SourceLocation) {
    self.init(
      base: base, condition: condition, allowing: nil, effects: .cancelEffects, location: location)
  }

  /// Where `redacted` was called.
  @usableFromInline
  var location: SourceLocation { site.location }

  // NB: the common path (no gate, effects cancelled, the condition read directly) makes no call
  // of its own but the feature's reduce; everything else is out of line.
  /// Runs the wrapped reducer unless the state is redacted and the gate does not let the action
  /// through.
  @inlinable @inline(__always)
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    guard condition._isDirect else { return reduceInGeneral(&state, action) }
    return reduceDirectly(&state, action)
  }

  // NB: at a store's root, the general path is the store's to take, outside its fast path,
  // which the store tells by a bit it tests anyway: the fast path then has no call, nor a test
  // of the condition's form. A flag's key path can only be told a stored property's at run
  // time, and a computed one's read was such a call: a swallowed action of the key-path form
  // 61 → 51 instructions against the hand-written guard's 40 (`benchmarks --instructions
  // --filter "(no-op)"`).
  /// Whether the general path is needed: a gate, effects kept running, a computed flag.
  @inlinable
  public var _takesGeneralPath: Bool { !condition._isDirect }

  /// ``reduce(into:action:)`` on a store's fast path, which ``_takesGeneralPath`` keeps for the
  /// common one.
  @inlinable @inline(__always)
  public func _reduceOnFastPath(
    into state: inout Base.State, action: Base.Action
  ) -> Effect<Base.Action> {
    assert(condition._isDirect, "A store's fast path ran a redacted reducer's general path")
    return reduceDirectly(&state, action)
  }

  /// The common path: no gate, effects cancelled, the condition read directly.
  @inlinable @inline(__always)
  func reduceDirectly(_ state: inout Base.State, _ action: Base.Action) -> Effect<Base.Action> {
    if condition._holdsDirectly(in: &state) {
      #if DEBUG
        RedactionDiagnostics.recordSwallowed(action, at: location)
        NavigationAudit.noteSwallowed()
      #endif
      // NB: while the store runs no effect there is nothing to cancel, and `.none` keeps a
      // swallowed action nearly as cheap as a no-op send: the cancellation, wrapped by every
      // `Scope` above it, measured 95 → 395 instructions per redacted send.
      if ReduceContext.storeRunsNoEffect { return .none }
      return site.cancelLive
    }
    let effect = base.reduce(into: &state, action: action)
    let began = condition._holdsDirectly(in: &state)
    if _fastPath(effect.isNone && !began) { return effect }
    return site.live(effect, redactionBegan: began)
  }

  /// Every policy and form of condition: a gate, effects kept running, a computed flag.
  @inlinable @inline(never)
  func reduceInGeneral(_ state: inout Base.State, _ action: Base.Action) -> Effect<Base.Action> {
    if condition._holds(in: &state) {
      if let allowing = site.allowing, allowing(state, action) {
        return site.gated(base.reduce(into: &state, action: action))
      }
      return swallow(action)
    }
    let effect = base.reduce(into: &state, action: action)
    return site.live(
      effect, redactionBegan: site.effects == .cancelEffects && condition._holds(in: &state))
  }

  /// Drops the action. If redaction began outside this reducer (a parent set the flag), the
  /// feature's live effects may still run: cancel them. Effects of actions the gate let through
  /// are never cancelled by a swallowed action.
  @inlinable
  func swallow(_ action: Base.Action) -> Effect<Base.Action> {
    #if DEBUG
      RedactionDiagnostics.recordSwallowed(action, at: location)
      NavigationAudit.noteSwallowed()
    #endif
    guard site.effects == .cancelEffects, !ReduceContext.storeRunsNoEffect else { return .none }
    return site.cancelLive
  }
}

/// Where `redacted` was called, the ids its effects run under there, and its policy. Two
/// `redacted` calls at one place have equal ids, so a feature instance's effects are found
/// whichever copy of the reducer cancels them (a body built again on every action, under
/// `dependency`, makes new copies).
@usableFromInline
final class RedactionSite<State, Action> {
  /// Where `redacted` was called.
  @usableFromInline let location: SourceLocation
  /// The id of the feature's live effects.
  @usableFromInline let liveID: RedactionCancelID
  /// The id of the effects of actions the gate let through.
  @usableFromInline let gatedID: RedactionCancelID
  /// The actions to let through while redacted.
  @usableFromInline let allowing: ((State, Action) -> Bool)?
  /// What happens to running effects when redaction begins.
  @usableFromInline let effects: RedactedEffects
  /// `.cancel(id: liveID)`, made once: a swallowed action returns it without allocating.
  @usableFromInline let cancelLive: Effect<Action>

  @usableFromInline
  init(
    location: SourceLocation, allowing: ((State, Action) -> Bool)?, effects: RedactedEffects
  ) {
    self.location = location
    self.liveID = RedactionCancelID(location: location, isGated: false)
    self.gatedID = RedactionCancelID(location: location, isGated: true)
    self.allowing = allowing
    self.effects = effects
    self.cancelLive = .cancel(id: liveID)
  }

  /// The effect of an action the feature ran: under the live id, after cancelling what ran
  /// before when redaction began with this action (the cancel runs before the new effect).
  @inlinable @inline(never)
  func live(_ effect: Effect<Action>, redactionBegan: Bool) -> Effect<Action> {
    // NB: the id is read only for an effect: wrapping it retains the location's strings.
    let effect = effect.isNone ? effect : effect.cancellable(id: liveID)
    return redactionBegan ? .merge(cancelLive, effect) : effect
  }

  /// The effect of an action the gate let through: under its own id, never cancelled by a
  /// swallowed action.
  @inlinable
  func gated(_ effect: Effect<Action>) -> Effect<Action> {
    effect.isNone ? effect : effect.cancellable(id: gatedID)
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
