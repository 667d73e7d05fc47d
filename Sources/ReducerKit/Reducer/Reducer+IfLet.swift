extension Reducer {
  /// Runs a child reducer on optional state while it is present, before this reducer.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifLet(\.detail, action: .detail) { Detail() }
  /// ```
  ///
  /// The child is an instance of its own, filed under the key path. When this reducer sets the
  /// child's state to `nil`, exactly the child's running effects (and its own children's) are
  /// cancelled. A child action that arrives while the state is `nil` is reported as a runtime
  /// warning pointing at this call, and ignored.
  /// - Parameters:
  ///   - toChildState: Where the optional child state lives.
  ///   - toChildAction: The case that carries the child's actions.
  ///   - child: Builds the child reducer.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  /// - Returns: The combined reducer.
  @inlinable
  public func ifLet<ChildState, ChildAction, Child: Reducer<ChildState, ChildAction>>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: CasePath<Action, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLet<Self, Child, CasePath<Action, ChildAction>> {
    _IfLet(
      base: self, toChildState: toChildState, toChildAction: toChildAction, child: child(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

extension Reducer {
  /// Runs an optional alert or dialog (``AlertState``, ``ConfirmationDialogState``) that needs
  /// no reducer of its own: any of its actions answers it, so it is set to `nil` before the
  /// parent handles the action.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifLet(\.alert, action: .alert)
  /// ```
  /// - Parameters:
  ///   - toChildState: The optional alert or dialog state.
  ///   - toChildAction: The case that embeds its actions.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  /// - Returns: A reducer running the parent and dismissing the answered alert.
  @inlinable
  public func ifLet<ChildState: _EphemeralState, ChildAction>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: CasePath<Action, ChildAction>,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLet<Self, _DismissedWhenAnswered<ChildState, ChildAction>, CasePath<Action, ChildAction>>
  {
    ifLet(
      toChildState, action: toChildAction, then: { _DismissedWhenAnswered() }, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }
}

/// The reducer returned by ``Reducer/ifLet(_:action:then:fileID:filePath:line:column:)``.
public struct _IfLet<Base: Reducer, Child: Reducer, ActionPath: _ActionPath>: Reducer
where ActionPath.EnumRoot == Base.Action, ActionPath.CaseValue == Child.Action {
  @usableFromInline let base: Base
  @usableFromInline let toChildState: WritableKeyPath<Base.State, Child.State?>
  @usableFromInline let toChildAction: ActionPath
  @usableFromInline let child: _EmbeddedChild<Child>
  @usableFromInline let location: SourceLocation
  @usableFromInline let identity = ChildIdentity<Child.State>()
  /// Whether the child is an alert or a dialog, which any of its actions answers (and so
  /// dismisses), decided once from its type.
  @usableFromInline let isEphemeral = Child.State.self is any _EphemeralState.Type

  @usableFromInline
  init(
    base: Base, toChildState: WritableKeyPath<Base.State, Child.State?>,
    toChildAction: ActionPath, child: Child, location: SourceLocation
  ) {
    self.base = base
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.child = _EmbeddedChild(child)
    self.location = location
  }

  /// Runs the child (if present and the action is the child's), then the base reducer.
  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    var childEffect = Effect<Base.Action>.none
    if let childAction = toChildAction._extract(action) {
      let embed = toChildAction._embedding
      if let effect = state[keyPath: toChildState]._modifyIfPresent({
        child.reduce(into: &$0, action: childAction)
      }) {
        childEffect = effect._scoped(ScopeComponent(key: toChildState), embed: embed)
        // NB: an answered alert is gone before the parent sees its button's action.
        if isEphemeral { state[keyPath: toChildState] = nil }
      } else {
        reportIssue(
          """
          An "ifLet" at \(location) received a child action while its state was nil:
            \(describe(childAction))

          The action was ignored. This happens when the parent sets the child state to nil \
          before an action for it is sent — for example a view still sending after it was \
          dismissed, or an effect that was not cancelled. Make sure the child state is set \
          whenever its actions can be sent.
          """,
          at: location
        )
      }
    }
    let wasPresent = state[keyPath: toChildState] != nil
    let idBefore = wasPresent ? identity.of(state[keyPath: toChildState]) : nil
    let baseEffect = base.reduce(into: &state, action: action)
    // NB: a child replaced by one with another id is gone too: its effects are cancelled.
    if wasPresent, identity.isGone(before: idBefore, after: state[keyPath: toChildState]) {
      return .merge(
        childEffect, baseEffect, Effect(.cancel(.child(ScopeComponent(key: toChildState)))))
    }
    return childEffect.merge(with: baseEffect)
  }
}

extension Optional {
  /// Mutates the wrapped value in place, without a copy; `nil` when there is none.
  @inlinable
  mutating func _modifyIfPresent<R>(_ body: (inout Wrapped) -> R) -> R? {
    guard case .some(var wrapped) = self else { return nil }
    // NB: clearing `self` first leaves `wrapped` as the only reference, so copy-on-write
    // storage inside it is not copied by the mutation.
    self = nil
    defer { self = .some(wrapped) }
    return body(&wrapped)
  }
}
