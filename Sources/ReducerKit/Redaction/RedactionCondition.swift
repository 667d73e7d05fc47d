// NB: a generic parameter rather than an enum of the forms: the `Redactable` form read the
// reasons through a closure, 112 instructions a swallowed send, against the flag's 63; in the
// type it is read inline, as the flag is (`benchmarks --instructions --filter "redacted send"`).
/// How a redacted reducer decides that its feature is a placeholder, as a type: the `redacted`
/// overload a feature calls picks it, so that the store's send is compiled for that one form
/// (a flag read at its offset, the state's own ``Redactable/redactionReasons`` read inline, a
/// closure, always) with no dispatch over the others.
///
/// You do not conform to this protocol: `redacted(when:)`, `redacted()` and `placeholder()`
/// choose the condition. It is public only because it appears in ``_Redacted``'s type.
public protocol _RedactionCondition<State> {
  /// The state the condition reads.
  associatedtype State

  /// Whether the common path applies: the condition is read directly (a key path's flag has an
  /// offset) and the redaction's policy is the common one (no gate, effects cancelled). Decided
  /// when the reducer is built.
  var _isDirect: Bool { get }

  /// Whether the condition holds in `state`, read the direct way: called only where
  /// ``_isDirect`` holds.
  func _holdsDirectly(in state: inout State) -> Bool

  /// Whether the condition holds in `state`, whatever the form.
  func _holds(in state: inout State) -> Bool
}

// NB: in the type rather than a stored flag tested first: then no path of a `Redactable`
// feature's send calls anything while the reduce context is installed (the general path was
// one), so the store's send saves two registers fewer and drops the context's store as dead: a
// swallowed action 60 → 48–49 instructions against the hand-written guard's 40–41, of the
// closure form 72 → 69 (`benchmarks --instructions --filter "(no-op)"`).
/// Whether a redaction's policy is the common one (no gate, effects cancelled), as a type: the
/// overloads of `redacted` and `placeholder()` called without a gate or a policy pick
/// ``_CommonRedactionPolicy``, so that the store's send tests nothing for it; those given one
/// pick ``_StatedRedactionPolicy``, tested when the reducer runs.
///
/// You do not conform to this protocol. It is public only because it appears in the
/// conditions' types.
public protocol _RedactionPolicy {
  /// Whether the policy is the common one, whatever the call said.
  static var _isCommon: Bool { get }
}

/// The common policy: no gate, effects cancelled.
public enum _CommonRedactionPolicy: _RedactionPolicy {
  /// Always.
  @inlinable public static var _isCommon: Bool { true }
}

/// The policy the call stated (a gate, effects kept running, or the defaults spelled out).
public enum _StatedRedactionPolicy: _RedactionPolicy {
  /// Never by the type: the condition's stored flag says.
  @inlinable public static var _isCommon: Bool { false }
}

/// A flag named by a key path: read at its offset where it has one (a stored property, nested
/// ones included), through the key path otherwise.
public struct _FlagCondition<State>: _RedactionCondition {
  /// The flag's offset when the common path applies, ``StoredOffset/computed`` otherwise: one
  /// sign test decides both.
  // NB: the offset and the policy in one word: a redacted send measured 90 → 75 instructions
  // against testing them apart (`benchmarks --instructions --filter "redacted send"`).
  @usableFromInline let directOffset: StoredOffset
  /// The flag's offset, or ``StoredOffset/computed``, for the other paths.
  @usableFromInline let offset: StoredOffset
  @usableFromInline let keyPath: KeyPath<State, Bool>

  @usableFromInline
  init(_ keyPath: KeyPath<State, Bool>, commonPolicy: Bool) {
    let offset = StoredOffset(of: keyPath)
    self.offset = offset
    self.directOffset = commonPolicy ? offset : .computed
    self.keyPath = keyPath
  }

  /// Whether the flag has an offset and the policy is the common one.
  @inlinable public var _isDirect: Bool { directOffset.isStored }

  /// The flag, read at its offset.
  @inlinable
  public func _holdsDirectly(in state: inout State) -> Bool {
    #if REDUCERKIT_INTERNAL_CHECKS
      InternalChecks.verify(
        inPlace: directOffset.read(&state, as: Bool.self),
        throughKeyPath: state[keyPath: keyPath], keyPath, directOffset)
    #endif
    return directOffset.read(&state, as: Bool.self)
  }

  /// The flag, at its offset or through the key path.
  @inlinable
  public func _holds(in state: inout State) -> Bool {
    offset.isStored ? offset.read(&state, as: Bool.self) : state[keyPath: keyPath]
  }
}

/// The feature's own closure.
public struct _ClosureCondition<State, Policy: _RedactionPolicy>: _RedactionCondition {
  @usableFromInline let isRedacted: (State) -> Bool
  @usableFromInline let commonPolicy: Bool

  @usableFromInline
  init(_ isRedacted: @escaping (State) -> Bool, commonPolicy: Bool) {
    self.isRedacted = isRedacted
    self.commonPolicy = commonPolicy
  }

  /// Whether the policy is the common one.
  @inlinable public var _isDirect: Bool { Policy._isCommon || commonPolicy }

  /// The closure's answer.
  @inlinable
  public func _holdsDirectly(in state: inout State) -> Bool { isRedacted(state) }

  /// The closure's answer.
  @inlinable
  public func _holds(in state: inout State) -> Bool { isRedacted(state) }
}

/// The state's own ``Redactable/redactionReasons``, not empty: read where the state's type is
/// known, so that a computed `redactionReasons` is inlined into the send.
public struct _ReasonsCondition<State: Redactable, Policy: _RedactionPolicy>:
  _RedactionCondition
{
  @usableFromInline let commonPolicy: Bool

  @usableFromInline
  init(commonPolicy: Bool) { self.commonPolicy = commonPolicy }

  /// Whether the policy is the common one.
  @inlinable public var _isDirect: Bool { Policy._isCommon || commonPolicy }

  /// Whether the state has redaction reasons.
  @inlinable
  public func _holdsDirectly(in state: inout State) -> Bool { !state.redactionReasons.isEmpty }

  /// Whether the state has redaction reasons.
  @inlinable
  public func _holds(in state: inout State) -> Bool { !state.redactionReasons.isEmpty }
}

/// Always: a `placeholder()`.
public struct _AlwaysCondition<State, Policy: _RedactionPolicy>: _RedactionCondition {
  @usableFromInline let commonPolicy: Bool

  @usableFromInline
  init(commonPolicy: Bool) { self.commonPolicy = commonPolicy }

  /// Whether the policy is the common one.
  @inlinable public var _isDirect: Bool { Policy._isCommon || commonPolicy }

  /// Always true.
  @inlinable
  public func _holdsDirectly(in state: inout State) -> Bool { true }

  /// Always true.
  @inlinable
  public func _holds(in state: inout State) -> Bool { true }
}
