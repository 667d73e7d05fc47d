extension Reducer {
  /// Runs an element reducer on the element of an ``IdentifiedArray`` that an action addresses,
  /// in place, before this reducer.
  ///
  /// ```swift
  /// Reduce { state, action in
  ///   switch action {
  ///   case .rows(.element(id: let id, action: .hideTapped)):
  ///     state.rows.remove(id: id)      // the list sees the row's change at once
  ///     return .none
  ///   …
  ///   }
  /// }
  /// .forEach(\.rows, action: .rows) { Row() }
  /// ```
  ///
  /// The element is found by id in O(1) and mutated without copying the collection. Each element
  /// is an instance of its own: its effects and cancel ids are filed under its id, so rows never
  /// cancel each other's work. When an element is removed, exactly its effects (and those of its
  /// own children) are cancelled; an append or a reorder cancels nothing. An action for an id
  /// that is not in the collection is reported as a runtime warning pointing at this call, and
  /// ignored.
  /// - Parameters:
  ///   - toElements: Where the elements live.
  ///   - toElementAction: The case that carries element actions.
  ///   - element: Builds the element reducer.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  /// - Returns: The combined reducer.
  @inlinable
  public func forEach<ID, ElementState, ElementAction, Element: Reducer>(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: CasePath<Action, IdentifiedAction<ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _ForEach<Self, ID, Element, CasePath<Action, IdentifiedAction<ID, ElementAction>>>
  where
    Element.State == ElementState, Element.Action == ElementAction, ElementState.ID == ID
  {
    _ForEach(
      base: self, toElements: toElements, toElementAction: toElementAction, element: element(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// The reducer returned by `forEach(_:action:element:)`.
public struct _ForEach<
  Base: Reducer, ID: Hashable & Sendable, Element: Reducer, ActionPath: _ActionPath
>: Reducer
where
  Element.State: Identifiable, Element.State.ID == ID, ActionPath.EnumRoot == Base.Action,
  ActionPath.CaseValue == IdentifiedAction<ID, Element.Action>
{
  @usableFromInline let base: Base
  @usableFromInline let toElements: StatePath<Base.State, IdentifiedArray<ID, Element.State>>
  @usableFromInline let toElementAction: ActionPath
  @usableFromInline let element: _EmbeddedChild<Element>
  @usableFromInline let location: SourceLocation

  @usableFromInline
  init(
    base: Base, toElements: WritableKeyPath<Base.State, IdentifiedArray<ID, Element.State>>,
    toElementAction: ActionPath, element: Element, location: SourceLocation
  ) {
    self.base = base
    self.toElements = StatePath(toElements)
    self.toElementAction = toElementAction
    self.element = _EmbeddedChild(element)
    self.location = location
  }

  /// Runs the element reducer (for an element action), then the base reducer.
  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    var elementEffect = Effect<Base.Action>.none
    let token: Int
    if let identified = toElementAction._extract(action) {
      (elementEffect, token) = reduceElement(
        into: &state, id: identified.id, action: identified.action)
    } else {
      token = toElements.modify(&state) { $0._idsToken }
    }
    let baseEffect = base.reduce(into: &state, action: action)
    guard toElements.modify(&state, { $0._idsToken }) != token else {
      return elementEffect.merge(with: baseEffect)
    }
    let elements = state[keyPath: toElements.keyPath]
    // NB: the ids changed (an insertion, a removal): cancel the effects of every element that
    // is gone. The runtime checks only the elements that have effects running.
    let cancelRemoved = Effect<Base.Action>._cancelElements(
      of: ScopeComponent(key: toElements.keyPath), keeping: elements.contains(id:))
    return .merge(elementEffect, baseEffect, cancelRemoved)
  }

  /// Runs the element reducer in place; returns its effect and the collection's ids token.
  @inlinable
  func reduceElement(
    into state: inout Base.State, id: ID, action: Element.Action
  ) -> (Effect<Base.Action>, Int) {
    let (result, token) = toElements.modify(&state) {
      $0._modify(id: id) {
        element.reduce(into: &$0, action: action)
      }
    }
    guard let effect = result else {
      reportMissingElement(id: id, action: action)
      return (.none, token)
    }
    let embed = toElementAction._embedding
    // NB: `.none` and `.send` are answered before the closure that embeds the row's actions is
    // formed: formed first, its context was allocated and freed on every row action that
    // returns no effect (794 → 501 instructions per row action, `benchmarks --instructions`).
    switch effect.operation {
    case .none:
      return (.none, token)
    case .send(let action):
      return (.send(embed(.element(id: id, action: action))), token)
    default:
      let mapped = effect._scoped(
        ScopeComponent(key: toElements.keyPath, id: id),
        embed: { embed(.element(id: id, action: $0)) })
      return (mapped, token)
    }
  }

  @usableFromInline
  func reportMissingElement(id: ID, action: Element.Action) {
    reportIssue(
      """
      A "forEach" at \(location) received an action for a missing element:
        id: \(describe(id))
        action: \(describe(action))

      The action was ignored. This happens when an element is removed while something can \
      still send it actions — a row's view after the row was deleted, or an effect of the row \
      that outlived it. Cancel the element's effects when removing it (removal by the parent \
      reducer does this for you), and make sure views of removed rows stop sending.
      """,
      at: location
    )
  }
}

extension Reducer {
  /// `forEach(_:action:element:)` (over `IdentifiedAction`) for an action case that carries
  /// the id and the element action as two values, `case rows(id: Row.State.ID, action:
  /// Row.Action)` — the older spelling of `case rows(IdentifiedAction<Row.State.ID,
  /// Row.Action>)`, which it behaves exactly as.
  /// - Parameters:
  ///   - toElements: Where the elements live.
  ///   - toElementAction: The case that carries an element's id and action.
  ///   - element: Builds the element reducer.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  /// - Returns: The combined reducer.
  @inlinable
  public func forEach<ID, ElementState, ElementAction, Element: Reducer>(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: CasePath<Action, (id: ID, action: ElementAction)>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _ForEach<Self, ID, Element, CasePath<Action, IdentifiedAction<ID, ElementAction>>>
  where
    Element.State == ElementState, Element.Action == ElementAction, ElementState.ID == ID
  {
    let embed = toElementAction.embed
    let extract = toElementAction.extract
    return forEach(
      toElements,
      action: CasePath(
        { embed(($0.id, $0.action)) },
        extract: { extract($0).map { IdentifiedAction.element(id: $0.id, action: $0.action) } }),
      element: element, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
