extension StackState {
  /// A stack's screens as SwiftUI's `NavigationStack(path:)` holds them: one ``Component`` per
  /// screen, identified by its ``StackElementID``.
  ///
  /// You rarely name it: `NavigationStack(path: $store.scope(state: \.path, action: .path))`
  /// builds it, and turns the stack's own edits (the back button, a swipe) into
  /// ``StackAction/popFrom(id:)`` and pushes from `NavigationLink(state:)` into
  /// ``StackAction/push(id:state:)``.
  public struct PathView: MutableCollection, RandomAccessCollection, RangeReplaceableCollection {
    /// The screens, bottom first.
    public var components: [Component]

    /// An empty path.
    public init() { components = [] }

    package init(components: [Component]) { self.components = components }

    /// The first position.
    public var startIndex: Int { components.startIndex }
    /// The position after the last screen.
    public var endIndex: Int { components.endIndex }

    /// The screen at `position`.
    public subscript(position: Int) -> Component {
      get { components[position] }
      set { components[position] = newValue }
    }

    /// Replaces screens, as the navigation stack does when it pops or pushes.
    /// - Parameters:
    ///   - subrange: The screens replaced.
    ///   - newElements: The screens put in their place.
    public mutating func replaceSubrange<C: Collection<Component>>(
      _ subrange: Range<Int>, with newElements: C
    ) {
      components.replaceSubrange(subrange, with: newElements)
    }
  }

  /// One screen of a ``PathView``: its id on the stack (`nil` for a screen a
  /// `NavigationLink(state:)` asked for, until the store pushes it) and its state.
  public struct Component: Hashable {
    /// The screen's id on the stack.
    public let id: StackElementID?
    /// The screen's state when the path was read.
    public let element: Element
    let token: Int

    /// A screen to push: its store gives it an id.
    /// - Parameter element: The screen's state.
    public init(state element: Element) {
      self.id = nil
      self.element = element
      self.token = UniqueStamp.next()
    }

    init(id: StackElementID, element: Element) {
      self.id = id
      self.element = element
      self.token = 0
    }

    /// Screens are the same screen when their ids are (or, before they have one, when they are
    /// the same request).
    public static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.id == rhs.id && lhs.token == rhs.token
    }

    /// Hashes the identity that equality compares.
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
      hasher.combine(id)
      hasher.combine(token)
    }
  }
}

extension StackState.PathView: Sendable where Element: Sendable {}
extension StackState.Component: Sendable where Element: Sendable {}

extension Store {
  /// The stack's screens as a path, read under observation of its ids (a view showing the path
  /// is told when a screen is pushed or popped, not when a screen's state changes).
  package func stackPath<Element, ElementAction>() -> StackState<Element>.PathView
  where State == StackState<Element>, Action == StackAction<Element, ElementAction> {
    let ids = self[dynamicMember: \StackState<Element>.ids]
    let stack = _state()
    for key in _childStores.keys {
      if let id = key.base as? StackElementID, !ids.contains(id) { _childStores[key] = nil }
    }
    return StackState<Element>.PathView(
      components: ids.compactMap { id in
        stack[id: id].map { StackState<Element>.Component(id: id, element: $0) }
      })
  }

  /// Applies a path the navigation stack edited: screens it dropped are popped with one
  /// `.popFrom(id:)`, screens it added without an id are pushed.
  /// - Parameter path: The path as the navigation stack left it.
  package func setStackPath<Element, ElementAction>(_ path: StackState<Element>.PathView)
  where State == StackState<Element>, Action == StackAction<Element, ElementAction> {
    let current = _state().ids
    var kept = 0
    while kept < current.count, kept < path.count, path[kept].id == current[kept] { kept += 1 }
    if kept < current.count { _ = send(.popFrom(id: current[kept])) }
    // NB: ids from the store's own generator, which a recording store keeps apart from the
    // process's: an id from elsewhere could be one its reducer already gave a screen.
    let ids = root.runtime.dependencies.stackElementID
    for component in path.components[kept...] where component.id == nil {
      _ = send(.push(id: ids.next(), state: component.element))
    }
  }

  /// The store of the screen with `id`: its actions reach the stack as
  /// `.element(id:action:)`; once popped, it keeps the state it last showed.
  /// - Parameter id: The screen's id.
  /// - Returns: The screen's store (the same one while the screen is on the stack).
  package func stackElementStore<Element, ElementAction>(
    id: StackElementID, initial: Element
  ) -> Store<Element, ElementAction>
  where State == StackState<Element>, Action == StackAction<Element, ElementAction> {
    if let cached = _childStores[id] as? Store<Element, ElementAction> { return cached }
    let child: Store<Element, ElementAction> = childStore(
      initial: initial, extract: { $0[id: id] }, embed: { .element(id: id, action: $0) })
    _childStores[id] = child
    return child
  }
}
