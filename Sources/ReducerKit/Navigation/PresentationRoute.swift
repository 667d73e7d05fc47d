/// Which case of a presented destination an action is for, as the destination's
/// `ifCaseLet(_:action:)` chain says.
@usableFromInline
enum PresentationRoute: Equatable, Sendable {
  /// No case claims the action: it runs as usual.
  case unknown
  /// The action is for the presented case; an alert or dialog is dismissed once answered.
  case current(isEphemeral: Bool)
  /// The action is for a case that is not presented (a late tap on a replaced alert).
  case stale

  /// The router of `child`: its body's (or its own) `ifCaseLet` chain, if it has one.
  @usableFromInline
  static func router<Child: Reducer>(
    for child: _EmbeddedChild<Child>
  ) -> ((Child.Action, Child.State?) -> PresentationRoute)? {
    let routing: (any CaseRouting<Child.State, Child.Action>)? =
      child.body.flatMap { $0.body as? any CaseRouting<Child.State, Child.Action> }
      ?? (child.reducer as? any CaseRouting<Child.State, Child.Action>)
    guard let routing else {
      // NB: an alert or dialog with a reducer that does not route (`ifLet(\.$alert, action:
      // .alert) {}` builds an empty one) is still answered by any of its actions.
      guard Child.State.self is any _EphemeralState.Type else { return nil }
      return { _, state in state == nil ? .unknown : .current(isEphemeral: true) }
    }
    return { action, state in
      guard let state else { return .unknown }
      return routing.route(action, in: state)
    }
  }
}

/// A reducer that knows which case of its enum state an action is for.
protocol CaseRouting<State, Action> {
  associatedtype State
  associatedtype Action
  func route(_ action: Action, in state: State) -> PresentationRoute
}

extension CaseRouting {
  /// The route `base` gives, where it is a router too.
  func route<Base>(base: Base, _ action: Action, in state: State) -> PresentationRoute {
    (base as? any CaseRouting<State, Action>)?.route(action, in: state) ?? .unknown
  }
}

extension _IfCaseLet: CaseRouting {
  func route(_ action: Base.Action, in state: Base.State) -> PresentationRoute {
    guard toCaseAction._extract(action) != nil else {
      return route(base: base, action, in: state)
    }
    return toCaseState.extract(state) != nil ? .current(isEphemeral: false) : .stale
  }
}
