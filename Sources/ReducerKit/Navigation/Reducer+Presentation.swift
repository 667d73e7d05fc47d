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
  /// - `.presented(childAction)` runs the child, then the parent. If nothing is presented, or
  ///   the action is for another case of a destination enum than the one presented (a late tap
  ///   on an alert that a sheet replaced), it reaches nothing — neither the child nor the
  ///   parent — and raises one runtime warning.
  /// - `.dismiss` runs the parent (which still sees the child), then sets the child to `nil`;
  ///   with nothing presented it reaches nothing and raises a warning.
  /// - An alert or dialog (``AlertState``, ``ConfirmationDialogState``, directly or as a case
  ///   handled by `ifCaseLet(_:action:)`) is dismissed when answered, before the
  ///   parent sees its button's action.
  /// - Whenever the child stops being presented — dismissed, set to `nil` by the parent, or
  ///   replaced with another case of a destination enum (or, if it is `Identifiable`, another
  ///   id), however the parent rebuilt its state — every effect of the child, and of children
  ///   below it, is cancelled.
  /// - The child's effects can dismiss it with `@Dependency(\.dismiss)`; actions the child
  ///   sends synchronously in the action that ends its presentation (a delegate action) still
  ///   reach the parent.
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
  ) -> _Presentation<Self, Destination, CasePath<Action, PresentationAction<DestinationAction>>> {
    _Presentation(
      base: self, toState: toPresentationState, toAction: toPresentationAction,
      destination: destination(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// `ifLet(_:action:destination:)` for a presented child.
public struct _Presentation<Base: Reducer, Destination: Reducer, ActionPath: _ActionPath>: Reducer
where
  ActionPath.EnumRoot == Base.Action,
  ActionPath.CaseValue == PresentationAction<Destination.Action>
{
  @usableFromInline let base: Base
  @usableFromInline let toState: StatePath<Base.State, PresentationState<Destination.State>>
  @usableFromInline let toAction: ActionPath
  @usableFromInline let destination: _EmbeddedChild<Destination>
  @usableFromInline let location: SourceLocation
  /// The presented child's instance, named after the action case (`destination`).
  @usableFromInline let component: ScopeComponent
  /// Which case of a destination enum an action is for, where the destination says
  /// (`ifCaseLet(_:action:)` chains): `nil` for a plain child.
  @usableFromInline let router: ((Destination.Action, Destination.State?) -> PresentationRoute)?
  /// Where the presentation's storage is in the parent's state, found on the first action.
  @usableFromInline let storage = PresentationStorage<Base.State, Destination.State>()

  @usableFromInline
  init(
    base: Base, toState: WritableKeyPath<Base.State, PresentationState<Destination.State>>,
    toAction: ActionPath, destination: Destination, location: SourceLocation
  ) {
    self.base = base
    self.toState = StatePath(toState)
    self.toAction = toAction
    self.destination = _EmbeddedChild(destination)
    self.location = location
    let name = Mirror(reflecting: toAction._embedding(.dismiss)).children.first?.label
    self.component = ScopeComponent(key: NamedKey(toState, name: name ?? "presented"))
    self.router = PresentationRoute.router(for: self.destination)
  }

  /// Runs the presented child for its actions, then the parent; dismisses and cancels.
  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    // NB: the presentation state is reached in place (`StatePath`), as `forEach` reaches its
    // collection: no key-path projection per parent action.
    let wasPresented = modifyPresentation(&state) { $0.value != nil }
    var destinationEffect = Effect<Base.Action>.none
    var dismissesAfterParent = false
    let presentationAction = toAction._extract(action)
    #if DEBUG
      if presentationAction != nil { NavigationAudit.noteHandled() }
    #endif
    switch presentationAction {
    case .presented(let destinationAction):
      guard wasPresented else {
        // NB: a child's farewell (an action it sent as the parent ended its presentation)
        // reaches the parent; anything else addressed to a gone child reaches nothing.
        guard modifyPresentation(&state, { $0.farewells.take() }) else {
          reportNotPresented(action: .presented(destinationAction))
          return .none
        }
        return base.reduce(into: &state, action: action)
      }
      let route = modifyPresentation(&state) { presentation in
        router.map { route in route(destinationAction, presentation.value) } ?? .unknown
      }
      if case .stale = route {
        reportStale(action: destinationAction, state: modifyPresentation(&state) { $0.value })
        return .none
      }
      let effect = modifyPresentation(&state) {
        $0.value._modifyIfPresent { destination.reduce(into: &$0, action: destinationAction) }
      }
      destinationEffect = presented(effect ?? .none)
      // NB: an answered alert is gone before the parent handles its button's action.
      if case .current(isEphemeral: true) = route { modifyPresentation(&state) { $0.value = nil } }
    case .dismiss:
      guard wasPresented else {
        reportNotPresented(action: .dismiss)
        return .none
      }
      dismissesAfterParent = true
    case nil:
      break
    }

    // NB: a copy only while something is presented, to tell a replacement from a mutation.
    let before = wasPresented ? modifyPresentation(&state) { $0 } : nil
    let baseEffect = base.reduce(into: &state, action: action)
    if dismissesAfterParent {
      modifyPresentation(&state) { presentation in
        // NB: a parent that presented another child while handling the dismissal (another id,
        // or another case) keeps it; the dismissed child still ends, below.
        if let before, presentation.value != nil, endsPresentation(before, presentation) {
          return
        }
        presentation.value = nil
      }
    }
    guard let before, modifyPresentation(&state, { endsPresentation(before, $0) }) else {
      return destinationEffect.merge(with: baseEffect)
    }
    modifyPresentation(&state) { $0.farewells.owe(for: destinationEffect) }
    return .merge(
      destinationEffect, baseEffect, Effect(.cancel(.child(component))))
  }

  /// Runs `body` on the presentation in `state`, in place: at its storage's offset once found
  /// (`PresentationStorage`), through the key path otherwise.
  @inlinable
  func modifyPresentation<Result>(
    _ state: inout Base.State, _ body: (inout PresentationState<Destination.State>) -> Result
  ) -> Result {
    guard !toState.offset.isStored else { return toState.modify(&state, body) }
    let offset = storage.offset(in: &state, toState.keyPath)
    guard offset.isStored else { return toState.modify(&state, body) }
    #if REDUCERKIT_INTERNAL_CHECKS
      storage.verify(&state, at: offset, toState.keyPath)
    #endif
    return offset.modify(&state, body)
  }

  /// The destination's effect as the parent returns it: in the destination's instance, with
  /// its actions embedded, able to dismiss it.
  @inlinable
  func presented(_ effect: Effect<Destination.Action>) -> Effect<Base.Action> {
    let embed = toAction._embedding
    switch effect.operation {
    case .none: return .none
    case .send(let action): return .send(embed(.presented(action)))
    default:
      return effect._scoped(
        component, embed: { embed(.presented($0)) }, dismiss: { embed(.dismiss) })
    }
  }

  /// Whether the presented child is gone in `after`: set to `nil`, or replaced by the parent
  /// with a different child (another enum case, or another id) since `before`.
  @inlinable
  func endsPresentation(
    _ before: PresentationState<Destination.State>, _ after: PresentationState<Destination.State>
  ) -> Bool {
    guard let new = after.value else { return true }
    // NB: only when another assignment made the child does it compare identities (by
    // reflection, off the hot path): the child's own mutations happen in place.
    guard after.stamp != before.stamp, let old = before.value else { return false }
    return PresentationIdentity(old) != PresentationIdentity(new)
  }

  @usableFromInline
  func reportNotPresented(action: PresentationAction<Destination.Action>) {
    reportIssueInUserCode(
      """
      An "ifLet" at \(location) received an action for a child that is not presented:
        \(describe(action))

      The action reached nothing: neither the child nor the parent ran. This happens when \
      something still sends to a child after it was dismissed — a view that outlived it (a late \
      tap on a dismissed alert), or an effect that was not cancelled. Dismissing through \
      "ifLet" cancels the child's effects for you.
      """,
      fallback: location)
  }

  @usableFromInline
  func reportStale(action: Destination.Action, state: Destination.State?) {
    reportIssueInUserCode(
      """
      An "ifLet" at \(location) received an action for a destination that is not the one \
      presented:
        action: \(describe(action))
        presented: \(describe(state as Any))

      The action reached nothing: neither the destination nor the parent ran. This happens \
      when a view of a replaced destination (an alert a sheet took the place of) still sends.
      """,
      fallback: location)
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
