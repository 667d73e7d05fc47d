extension Reducer {
  /// Runs a presented child — a sheet, a drill-down, or a destination enum — when the parent
  /// presents it.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in … }
  ///     .ifLet(\.$destination, action: .destination) { Destination() }
  /// }
  /// ```
  ///
  /// - `.presented(childAction)` runs the child, then the parent. If nothing is presented, the
  ///   action is ignored and a runtime warning names this line.
  /// - `.dismiss` runs the parent (which still sees the child), then sets the child to `nil`.
  /// - Whenever the child stops being presented — dismissed, set to `nil` by the parent, or
  ///   replaced by the parent with another case of a destination enum (or, if it is
  ///   `Identifiable`, with another id) — every effect of the child, and of children below it,
  ///   is cancelled.
  /// - The child's effects can dismiss it with `@Dependency(\.dismiss)`.
  ///
  /// - Parameters:
  ///   - toPresentationState: The child's presentation state: `\.$destination`.
  ///   - toPresentationAction: The case that embeds the child's presentation actions.
  ///   - destination: The child's reducer.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  /// - Returns: A reducer running the parent and the presented child.
  @inlinable
  public func ifLet<
    DestinationState, DestinationAction, Destination: Reducer<DestinationState, DestinationAction>
  >(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CasePath<Action, PresentationAction<DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _Presentation<Self, Destination> {
    _Presentation(
      base: self, toState: toPresentationState, toAction: toPresentationAction,
      destination: destination(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Presents an alert or a confirmation dialog, which has no reducer of its own: a button's
  /// action arrives as `.presented(action)` (the parent handles it) and dismisses it.
  ///
  /// ```swift
  /// .ifLet(\.$alert, action: .alert)
  /// ```
  /// - Parameters:
  ///   - toPresentationState: The alert's presentation state: `\.$alert`.
  ///   - toPresentationAction: The case that embeds the alert's actions.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  /// - Returns: A reducer running the parent and dismissing the alert when it is answered.
  @inlinable
  public func ifLet<DestinationState: _EphemeralState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CasePath<Action, PresentationAction<DestinationAction>>,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _Presentation<Self, _DismissedWhenAnswered<DestinationState, DestinationAction>> {
    ifLet(
      toPresentationState, action: toPresentationAction,
      destination: { _DismissedWhenAnswered() }, fileID: fileID, filePath: filePath, line: line,
      column: column)
  }

  /// Handles a case of a destination enum that is an alert or a confirmation dialog: any action
  /// for it dismisses the presentation around the destination.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   EmptyReducer()
  ///     .ifCaseLet(.detail, action: .detail) { Detail() }
  ///     .ifCaseLet(.alert, action: .alert)
  /// }
  /// ```
  /// - Parameters:
  ///   - toCaseState: The alert's case of the state.
  ///   - toCaseAction: The alert's case of the action.
  /// - Returns: A reducer that asks the presentation to dismiss the alert once it is answered.
  @inlinable
  public func ifCaseLet<CaseState: _EphemeralState, CaseAction>(
    _ toCaseState: CasePath<State, CaseState>,
    action toCaseAction: CasePath<Action, CaseAction>
  ) -> _EphemeralCase<Self, CaseState, CaseAction> {
    _EphemeralCase(base: self, toCaseState: toCaseState, toCaseAction: toCaseAction)
  }
}

/// State that is dismissed as soon as it is answered: ``AlertState`` and
/// ``ConfirmationDialogState``.
public protocol _EphemeralState {}

/// The reducer of an alert or dialog: any action dismisses it.
public struct _DismissedWhenAnswered<State, Action>: Reducer {
  @inlinable init() {}

  /// Asks the presentation to dismiss the alert.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    Effect(.dismissPresentation)
  }
}

/// ``Reducer/ifCaseLet(_:action:)`` for an alert case of a destination enum.
public struct _EphemeralCase<Base: Reducer, CaseState, CaseAction>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let toCaseState: CasePath<Base.State, CaseState>
  @usableFromInline let toCaseAction: CasePath<Base.Action, CaseAction>

  @inlinable
  init(
    base: Base, toCaseState: CasePath<Base.State, CaseState>,
    toCaseAction: CasePath<Base.Action, CaseAction>
  ) {
    self.base = base
    self.toCaseState = toCaseState
    self.toCaseAction = toCaseAction
  }

  /// Runs the base reducer; asks for dismissal when the action is for the alert case.
  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let isAnswer = toCaseAction.extract(action) != nil && toCaseState.extract(state) != nil
    let effect = base.reduce(into: &state, action: action)
    return isAnswer ? .merge(effect, Effect(.dismissPresentation)) : effect
  }
}

/// ``Reducer/ifLet(_:action:destination:fileID:filePath:line:column:)`` for a presented child.
public struct _Presentation<Base: Reducer, Destination: Reducer>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let toState: StatePath<Base.State, PresentationState<Destination.State>>
  @usableFromInline let toAction: CasePath<Base.Action, PresentationAction<Destination.Action>>
  @usableFromInline let destination: _EmbeddedChild<Destination>
  @usableFromInline let location: SourceLocation
  /// The presented child's instance, named after the action case (`destination`).
  @usableFromInline let component: ScopeComponent

  @usableFromInline
  init(
    base: Base, toState: WritableKeyPath<Base.State, PresentationState<Destination.State>>,
    toAction: CasePath<Base.Action, PresentationAction<Destination.Action>>,
    destination: Destination, location: SourceLocation
  ) {
    self.base = base
    self.toState = StatePath(toState)
    self.toAction = toAction
    self.destination = _EmbeddedChild(destination)
    self.location = location
    let name = Mirror(reflecting: toAction.embed(.dismiss)).children.first?.label
    self.component = ScopeComponent(key: NamedKey(toState, name: name ?? "presented"))
  }

  /// Runs the presented child for its actions, then the parent; dismisses and cancels.
  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    // NB: the presentation state is reached in place (`StatePath`), as `forEach` reaches its
    // collection: no key-path projection per parent action.
    let wasPresented = toState.modify(&state) { $0.value != nil }
    var destinationEffect = Effect<Base.Action>.none
    var dismissesAfterParent = false
    switch toAction.extract(action) {
    case .presented(let destinationAction):
      if let effect = toState.modify(
        &state,
        {
          $0.value._modifyIfPresent { destination.reduce(into: &$0, action: destinationAction) }
        })
      {
        let (kept, answered) = effect.takingDismissRequests()
        destinationEffect = presented(kept)
        // NB: an answered alert is gone before the parent handles its button's action.
        if answered { toState.modify(&state) { $0.value = nil } }
      } else {
        reportNotPresented(action: .presented(destinationAction))
      }
    case .dismiss:
      if wasPresented {
        dismissesAfterParent = true
      } else {
        reportNotPresented(action: .dismiss)
      }
    case nil:
      break
    }

    // NB: a copy only while something is presented, to tell a replacement from a mutation.
    let before = wasPresented ? toState.modify(&state) { $0 } : nil
    let baseEffect = base.reduce(into: &state, action: action)
    if dismissesAfterParent { toState.modify(&state) { $0.value = nil } }
    guard let before, toState.modify(&state, { endsPresentation(before, $0) }) else {
      return destinationEffect.merge(with: baseEffect)
    }
    return .merge(
      destinationEffect, baseEffect, Effect(.cancel(.child(component))))
  }

  /// The destination's effect as the parent returns it: in the destination's instance, with
  /// its actions embedded, able to dismiss it.
  @inlinable
  func presented(_ effect: Effect<Destination.Action>) -> Effect<Base.Action> {
    let embed = toAction.embed
    switch effect.operation {
    case .none: return .none
    case .send(let action): return .send(embed(.presented(action)))
    default:
      return Effect(
        .presented(
          dismiss: { embed(.dismiss) },
          effect._scoped(component, embed: { embed(.presented($0)) })))
    }
  }

  /// Whether the presented child is gone in `after`: set to `nil`, or replaced by the parent
  /// with a different child (another enum case, or another id) since `before`.
  @inlinable
  func endsPresentation(
    _ before: PresentationState<Destination.State>, _ after: PresentationState<Destination.State>
  ) -> Bool {
    guard let new = after.value else { return true }
    // NB: only when the parent assigned the child does it compare identities (by reflection,
    // off the hot path): the child's own mutations go through the projected value.
    guard after.assignments != before.assignments, let old = before.value else { return false }
    return PresentationIdentity(old) != PresentationIdentity(new)
  }

  @usableFromInline
  func reportNotPresented(action: PresentationAction<Destination.Action>) {
    reportIssue(
      """
      An "ifLet" at \(location) received an action for a child that is not presented:
        \(describe(action))

      The action was ignored. This happens when something still sends to a child after it \
      was dismissed — a view that outlived it, or an effect that was not cancelled. Dismissing \
      through "ifLet" cancels the child's effects for you.
      """,
      at: location
    )
  }
}

/// Which child is presented: the case of an enum (recursively, for nested enums) and the id of
/// an `Identifiable` value. Two values with the same identity are the same presentation.
@usableFromInline
struct PresentationIdentity: Equatable {
  let cases: [String]
  let id: AnyHashable?

  @usableFromInline
  init(_ value: Any) {
    var cases: [String] = []
    var current = value
    var id = Self.id(of: value)
    while true {
      let mirror = Mirror(reflecting: current)
      guard mirror.displayStyle == .enum, let payload = mirror.children.first else {
        if mirror.displayStyle == .enum { cases.append(String(describing: current)) }
        break
      }
      cases.append(payload.label ?? "?")
      current = payload.value
      if id == nil { id = Self.id(of: current) }
    }
    self.cases = cases
    self.id = id
  }

  private static func id(of value: Any) -> AnyHashable? {
    func open<Value: Identifiable>(_ value: Value) -> AnyHashable { AnyHashable(value.id) }
    guard let identifiable = value as? any Identifiable else { return nil }
    return open(identifiable)
  }
}

extension Effect {
  /// This effect without its requests to dismiss the presented child, and whether it had any.
  @inlinable
  func takingDismissRequests() -> (Self, Bool) {
    switch operation {
    case .dismissPresentation:
      return (.none, true)
    case .merge(let effects):
      var asked = false
      let kept = effects.map { effect in
        let (kept, asks) = effect.takingDismissRequests()
        asked = asked || asks
        return kept
      }
      return asked ? (.merge(kept), true) : (self, false)
    case .scoped(let component, let effect):
      let (kept, asks) = effect.takingDismissRequests()
      return asks ? (Self(.scoped(component, kept)), true) : (self, false)
    case .dependencies(let values, let effect):
      let (kept, asks) = effect.takingDismissRequests()
      return asks ? (Self(.dependencies(values, kept)), true) : (self, false)
    default:
      return (self, false)
    }
  }
}
