extension Reducer {
  /// Runs the screens of a navigation stack.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in … }
  ///     .forEach(\.path, action: .path) { Path() }
  /// }
  /// ```
  ///
  /// - `.element(id:action:)` runs the screen with that id, then the parent; an action for a
  ///   screen that is not on the stack is ignored with a runtime warning naming this line.
  /// - `.push(id:state:)` pushes the screen, then runs the parent.
  /// - `.popFrom(id:)` runs the parent (which still sees the screens), then pops them.
  /// - Each screen is its own instance: two pushes of the same feature keep their effects
  ///   apart, and popping a screen — by action, by the parent, or by the screen's own
  ///   `@Dependency(\.dismiss)` — cancels its effects and nothing else.
  ///
  /// - Parameters:
  ///   - toStack: The stack's state.
  ///   - toStackAction: The case that embeds the stack's actions.
  ///   - destination: The screens' reducer (usually a path enum's).
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  /// - Returns: A reducer running the parent and the stack's screens.
  @inlinable
  public func forEach<ElementState, ElementAction, Destination: Reducer>(
    _ toStack: WritableKeyPath<State, StackState<ElementState>>,
    action toStackAction: CasePath<Action, StackAction<ElementState, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> destination: () -> Destination,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _ForEachStack<Self, Destination, CasePath<Action, StackAction<ElementState, ElementAction>>>
  where Destination.State == ElementState, Destination.Action == ElementAction {
    _ForEachStack(
      base: self, toStack: toStack, toStackAction: toStackAction, destination: destination(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// `forEach(_:action:destination:)` for a stack.
public struct _ForEachStack<Base: Reducer, Destination: Reducer, ActionPath: _ActionPath>: Reducer
where
  ActionPath.EnumRoot == Base.Action,
  ActionPath.CaseValue == StackAction<Destination.State, Destination.Action>
{
  @usableFromInline let base: Base
  @usableFromInline let toStack: StatePath<Base.State, StackState<Destination.State>>
  @usableFromInline let toStackAction: ActionPath
  @usableFromInline let destination: _EmbeddedChild<Destination>
  @usableFromInline let location: SourceLocation
  /// The stack's key in instance paths, named after the action case (`path`).
  @usableFromInline let key: NamedKey
  /// The stack as a whole, in instance paths (made once: boxing its key costs).
  @usableFromInline let component: ScopeComponent

  @usableFromInline
  init(
    base: Base, toStack: WritableKeyPath<Base.State, StackState<Destination.State>>,
    toStackAction: ActionPath, destination: Destination, location: SourceLocation
  ) {
    self.base = base
    self.toStack = StatePath(toStack)
    self.toStackAction = toStackAction
    self.destination = _EmbeddedChild(destination)
    self.location = location
    let name = Mirror(reflecting: toStackAction._embedding(.popFrom(id: 0))).children.first?.label
    self.key = NamedKey(toStack, name: name ?? "stack")
    self.component = ScopeComponent(key: key)
  }

  /// Runs the screen an action is for, pushes and pops, and runs the parent; cancels the
  /// effects of popped screens. An action it cannot apply (for a screen that is not on the
  /// stack, or a push that reuses an id) reaches nothing and raises one warning.
  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    var elementEffect = Effect<Base.Action>.none
    var popFrom: StackElementID?
    var ranElement: StackElementID?
    let token = toStack.modify(&state) { $0._idsToken }
    let stackAction = toStackAction._extract(action)
    #if DEBUG
      if stackAction != nil { NavigationAudit.noteHandled() }
    #endif
    switch stackAction {
    case .element(let id, let elementAction):
      let (result, _) = toStack.modify(&state) {
        $0._modify(id: id) { destination.reduce(into: &$0, action: elementAction) }
      }
      guard let effect = result else {
        // NB: a popped screen's farewell reaches the parent; anything else reaches nothing.
        guard toStack.modify(&state, { $0.farewells.take() }) else {
          report(id: id, action: .element(id: id, action: elementAction))
          return .none
        }
        return base.reduce(into: &state, action: action)
      }
      elementEffect = presented(effect, id: id)
      ranElement = id
    case .push(let id, let element):
      if DependencyValues.current.context == .test { checkPushedID(id) }
      let pushed = toStack.modify(&state) { stack in
        guard stack[id: id] == nil else { return false }
        stack[id: id] = element
        return true
      }
      guard pushed else {
        report(id: id, action: .push(id: id, state: element), pushing: true)
        return .none
      }
    case .popFrom(let id):
      guard toStack.modify(&state, { $0[id: id] != nil }) else {
        report(id: id, action: .popFrom(id: id))
        return .none
      }
      popFrom = id
    case nil:
      break
    }
    let baseEffect = base.reduce(into: &state, action: action)
    if let popFrom { toStack.modify(&state) { $0.pop(from: popFrom) } }
    guard toStack.modify(&state, { $0._idsToken }) != token else {
      return elementEffect.merge(with: baseEffect)
    }
    // NB: the filter keeps the stack (a value) and looks ids up in O(1) when the runtime asks,
    // which it does only for screens that have effects running.
    let remaining = state[keyPath: toStack.keyPath]
    if let ranElement, remaining[id: ranElement] == nil {
      toStack.modify(&state) { $0.farewells.owe(for: elementEffect) }
    }
    let cancelPopped = Effect<Base.Action>._cancelElements(of: component) {
      (id: StackElementID) in remaining[id: id] != nil
    }
    return .merge(elementEffect, baseEffect, cancelPopped)
  }

  /// A screen's effect as the parent returns it: in the screen's instance, with its actions
  /// embedded, able to pop the screen.
  @inlinable
  func presented(_ effect: Effect<Destination.Action>, id: StackElementID) -> Effect<Base.Action> {
    let embed = toStackAction._embedding
    switch effect.operation {
    case .none: return .none
    case .send(let action): return .send(embed(.element(id: id, action: action)))
    default:
      return effect._scoped(
        ScopeComponent(key: key, id: id), embed: { embed(.element(id: id, action: $0)) },
        dismiss: { embed(.popFrom(id: id)) })
    }
  }

  /// Warns, in a test, about a push whose id is beyond the next one the stack id generator would
  /// make: the test names a screen by an id that depends on how many were pushed before.
  @usableFromInline
  func checkPushedID(_ id: StackElementID) {
    let dependencies = DependencyValues.current
    let next = dependencies.stackElementID.nextID
    guard id.rawValue > next.rawValue, dependencies.checksPushedStackIDs else { return }
    reportIssueInUserCode(
      """
      A stack "forEach" at \(location) received a push with id \(id.rawValue), beyond the next \
      id the stack's generator would make (\(next.rawValue)).

      In a test, ids count from 0 as screens are pushed: push with the next id, or send the \
      action that pushes and assert the id it makes. The screen was pushed.
      """,
      fallback: location)
  }

  @usableFromInline
  func report(
    id: StackElementID, action: StackAction<Destination.State, Destination.Action>,
    pushing: Bool = false
  ) {
    let problem =
      pushing
      ? "A screen with id \(id) is already on the stack; the push reached nothing."
      : "No screen with id \(id) is on the stack; the action reached nothing (neither a "
        + "screen nor the parent ran)."
    reportIssueInUserCode(
      """
      A stack "forEach" at \(location) received an action it could not apply:
        \(describe(action))

      \(problem) This happens when something still sends to a screen after it was popped — \
      a view that outlived it, or an effect that was not cancelled (popping through the stack \
      cancels a screen's effects for you) — or when a push reuses an id.
      """,
      fallback: location)
  }
}
