import Observation

/// Runs a feature: holds its state, sends actions through its reducer, and runs the effects.
///
/// ```swift
/// let store = Store(initialState: Counter.State()) { Counter() }
/// store.send(.incrementTapped)
/// store.count   // 1, read through dynamic member lookup (or `store.state.count`)
/// ```
///
/// `send` mutates the state in place, on the main actor; actions that effects send back are
/// delivered on the main actor too. Actions sent while the store is already reducing (by an
/// effect's `.send`, or re-entrantly) are queued and processed in order before `send` returns.
///
/// A store is `Observable`, precisely: on Apple platforms a SwiftUI view that reads a property
/// through the store (`store.title`) re-renders when that property changes, and not when another
/// property, another row or a sibling store's state changes. After each `send`, every store that
/// was read compares what was read with its last value (see <doc:Observation> for the rule) and
/// notifies only what changed; an action that changes nothing notifies no one.
///
/// A child store from `scope(state:action:)` sees only a slice of the state and sends through
/// its parent. When the last store of a tree goes away, every running effect is cancelled.
@MainActor
@dynamicMemberLookup
public final class Store<State, Action>: Observable {
  /// The root of the store's tree: its effect runtime and its list of observed stores.
  @usableFromInline package let root: any StoreRoot
  /// NB: `_state` and `_send` are closures built where the store is created, so that they are
  /// specialized for the feature's types; going through a generic core would run unspecialized
  /// generic code on every read, send and observation check.
  @usableFromInline let _state: @MainActor () -> State
  /// Where this store's state can be read in place: in a row store's cell, in the state the
  /// root lends, or nowhere (a computed state, read from a copy).
  @usableFromInline let _inPlace: InPlaceState
  /// Sends an action; returns whether it started effects, whose tasks the root's runtime then
  /// hands over (see `RootCore.send`).
  @usableFromInline let _send: @MainActor (Action, SourceLocation?) -> Bool
  /// What observers have read of this store, created on the first read.
  // NB: `@exclusivity(unchecked)`: main-actor only, and never accessed re-entrantly.
  @exclusivity(unchecked) @usableFromInline var _observation: StoreObservation?
  /// Where this store's observation goes when it is first read: the root's hub, or — for a row
  /// store — its collection's ``ElementObservations``.
  @usableFromInline let _observationHost: (@MainActor (StoreObservation) -> Void)?
  /// The row observations of this store's identified collections, by key path.
  // NB: `@exclusivity(unchecked)`: main-actor only, never accessed re-entrantly.
  @exclusivity(unchecked) @usableFromInline var _elementObservations: [AnyKeyPath: AnyObject] = [:]
  /// Child stores a view keeps asking for — a presented child, a stack's screens — made once and
  /// handed out again while they are shown, so that SwiftUI sees one identity per presentation.
  // NB: `@exclusivity(unchecked)`: main-actor only, never accessed re-entrantly.
  @exclusivity(unchecked) var _childStores: [AnyHashable: AnyObject] = [:]
  /// How to read the state's own redaction reasons, decided on the first read
  /// (``redactionReasons``).
  lazy var _stateRedaction = RedactionReasons.reader(for: State.self)

  /// Creates a store running `reducer` on `initialState`.
  ///
  /// The reducer, and its ``Reducer/body`` if it has one, are built once, here, with the store's
  /// dependencies — like every child body below it (see ``Reducer/body``).
  /// - Parameters:
  ///   - initialState: The feature's first state.
  ///   - reducer: Builds the feature's reducer.
  ///   - prepareDependencies: Overrides dependencies for this store and all its effects.
  @inlinable
  public convenience init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) {
    self.init(
      core: Self.makeCore(initialState: initialState, reducer: reducer, prepareDependencies))
  }

  /// A root for `reducer`, built (with its body) under the store's dependencies.
  @inlinable
  static func makeCore<R: Reducer<State, Action>>(
    initialState: () -> State, reducer: () -> R,
    _ prepareDependencies: ((inout DependencyValues) -> Void)?
  ) -> RootCore<_EmbeddedChild<R>, NoHook<State, Action>> {
    makeCore(initialState: initialState, reducer: reducer, prepareDependencies) { _, _ in
      NoHook()
    }
  }

  /// A root for `reducer` watched by the hook `makeHook` makes from the initial state and the
  /// store's dependencies.
  @inlinable
  static func makeCore<R: Reducer<State, Action>, Hook: StoreHook<State, Action>>(
    initialState: () -> State, reducer: () -> R,
    _ prepareDependencies: ((inout DependencyValues) -> Void)?,
    hook makeHook: (State, DependencyValues) -> Hook
  ) -> RootCore<_EmbeddedChild<R>, Hook> {
    var dependencies = DependencyValues.current
    prepareDependencies?(&dependencies)
    // NB: the initial state is made with the store's dependencies too, so that a
    // `@Dependency(\.uuid)` read in `State.init` gets the overridden value.
    let (state, feature) = ReduceContext(values: dependencies).run {
      (initialState(), _EmbeddedChild(reducer()))
    }
    return RootCore(
      initialState: state, reducer: feature, dependencies: dependencies,
      hook: makeHook(state, dependencies))
  }

  /// Creates a store watched by `hook`: it is told of every action the store reduces, with
  /// where the action came from and the state after it, and of the effects' work (see
  /// ``StoreHook``).
  ///
  /// ```swift
  /// let breadcrumbs = Breadcrumbs<Feature.State, Feature.Action>()
  /// let store = Store(initialState: Feature.State(), hook: breadcrumbs) { Feature() }
  /// ```
  /// - Parameters:
  ///   - initialState: The feature's first state.
  ///   - hook: What watches the store; one hook watches one store.
  ///   - reducer: Builds the feature's reducer.
  ///   - prepareDependencies: Overrides dependencies for this store and all its effects.
  @inlinable
  public convenience init<R: Reducer<State, Action>, Hook: StoreHook<State, Action>>(
    initialState: @autoclosure () -> State,
    hook: Hook,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) {
    self.init(
      initialState: initialState, reducer: reducer, prepareDependencies: prepareDependencies,
      hook: { _, _ in hook })
  }

  /// A root store for `reducer` watched by the hook `makeHook` makes from the initial state and
  /// the store's dependencies: how the watchers of ReducerKitRecording (a recorder, a tracer)
  /// make their stores.
  @inlinable
  package convenience init<R: Reducer<State, Action>, Hook: StoreHook<State, Action>>(
    initialState: () -> State, reducer: () -> R,
    prepareDependencies: ((inout DependencyValues) -> Void)?,
    hook makeHook: (State, DependencyValues) -> Hook
  ) {
    self.init(
      core: Self.makeCore(
        initialState: initialState, reducer: reducer, prepareDependencies, hook: makeHook))
  }

  /// The root store of `core`.
  @inlinable
  convenience init<R: Reducer<State, Action>, Hook>(core: RootCore<R, Hook>) {
    // NB: `unowned`: every store of the tree holds `core`, and the observation parts that also
    // call `_state` belong to `core`; retaining it here would make a cycle. (`unowned(unsafe)`
    // saved 1% of an observed send's instructions: not kept, CONTRIBUTING's "Performance notes".)
    self.init(
      root: core, state: { [unowned core] in core.currentState },
      // NB: `unowned(unsafe)` here alone: whatever calls the lender (a store of this tree, a
      // part or a reading of one) holds `core` or belongs to it, and a checked `unowned` cost a
      // strong retain, a release and their checks per read (the observed screen's send and
      // re-render: 96 of its instructions).
      inPlace: .lent(
        { [unowned(unsafe) core] body in
          StateReader<State, State>.lend(&core.currentState, to: body)
        }, at: .zero),
      send: { core.send($0, origin: $1) })
  }

  // NB: measured against the general initializer's closure call, interleaved: 70.6 → 67.0 ns for
  // an action ten `Scope`s deep, 20.7 → 19.1 ns for one (`benchmarks --filter Scopes`).
  /// Creates a store running a reducer that has a ``Reducer/body``.
  ///
  /// It behaves exactly as ``init(initialState:reducer:withDependencies:)``: the body is built
  /// once, here. This overload, chosen when the body's type is known at the call site, keeps the
  /// body's type so that `send` is specialized for it.
  @inlinable
  public convenience init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) where R.Body: Reducer<State, Action> {
    var dependencies = DependencyValues.current
    prepareDependencies?(&dependencies)
    let (state, body) = ReduceContext(values: dependencies).run {
      (initialState(), reducer().body)
    }
    self.init(core: RootCore(initialState: state, reducer: body, dependencies: dependencies))
  }

  @usableFromInline
  package init(
    root: any StoreRoot,
    state: @escaping @MainActor () -> State,
    inPlace: InPlaceState = .copied,
    send: @escaping @MainActor (Action, SourceLocation?) -> Bool,
    observationHost: (@MainActor (StoreObservation) -> Void)? = nil
  ) {
    self.root = root
    self._state = state
    self._inPlace = inPlace
    self._send = send
    self._observationHost = observationHost
  }

  deinit {
    _observation?.released.store(true, ordering: .relaxed)
  }

  /// Sends an action through the reducer and starts the effects it returns.
  ///
  /// - Parameters:
  ///   - action: What happened.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  /// - Returns: The effects started, to ``StoreTask/finish()`` or ``StoreTask/cancel()``.
  @inlinable
  @discardableResult
  public func send(
    _ action: Action,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> StoreTask {
    let started = _send(
      action,
      SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    return started ? StoreTask(lineage: root.runtime.takeStartedLineage()) : StoreTask(lineage: nil)
  }

  // NB: `@_disfavoredOverload`: an optional child with a presentation action gets the store of
  // the presented child (`scope(state:action:fileID:line:column:)`), not a store of the optional.
  /// A store over part of this store's state, whose actions are sent through this store.
  ///
  /// ```swift
  /// let settingsStore = profileStore.scope(state: \.settings, action: .settings)
  /// SettingsView(store: settingsStore)
  /// ```
  ///
  /// The child reads its state from this store's current state, so it is never stale; sending
  /// costs about as much as sending through the root. For a row of an identified collection use
  /// `scope(id:state:action:)`.
  /// - Parameters:
  ///   - state: The child's slice of the state.
  ///   - action: The case that embeds the child's actions.
  /// - Returns: The child store.
  @_disfavoredOverload
  @inlinable
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState>,
    action: CasePath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    let parentSend = _send
    let embed = action.embed
    let reader = StateReader(state)
    return Store<ChildState, ChildAction>(
      root: root, state: _reading(reader),
      inPlace: _inPlace.child(at: reader.offset),
      send: { parentSend(embed($0), $1) })
  }

  /// A store over a value derived from this store's state by a closure, whose actions are sent
  /// through this store after `action` embeds them — the closure form older code of the
  /// best-known library uses.
  ///
  /// ```swift
  /// let countStore = store.scope(state: { $0.counter.count }, action: { .counter($0) })
  /// ```
  ///
  /// Prefer ``scope(state:action:)-(KeyPath<State,ChildState>,CasePath<Action,ChildAction>)``:
  /// a key path and a case path let the kit observe precisely and name the child in
  /// diagnostics. The closures run on each read and each send.
  /// - Parameters:
  ///   - state: Derives the child's state.
  ///   - action: Embeds a child action in this store's actions.
  /// - Returns: The child store.
  @_disfavoredOverload
  public func scope<ChildState, ChildAction>(
    state: @escaping @MainActor (State) -> ChildState,
    action: @escaping @MainActor (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    let parentState = _state
    let parentSend = _send
    return Store<ChildState, ChildAction>(
      root: root, state: { state(parentState()) },
      send: { parentSend(action($0), $1) })
  }

  /// A store for the element with `id` of an identified collection, or `nil` if there is none.
  ///
  /// ```swift
  /// if let rowStore = store.scope(id: article.id, state: \.articles, action: .articles) {
  ///   ArticleRowView(store: rowStore)
  /// }
  /// ```
  ///
  /// If the element is later removed, the child store keeps its last state, and actions sent to
  /// it are reported as actions for a missing element.
  /// - Parameters:
  ///   - id: The element's id.
  ///   - state: The collection.
  ///   - action: The case that carries element actions.
  /// - Returns: The element's store.
  @inlinable
  public func scope<ID, ElementState, ElementAction>(
    id: ID,
    state: KeyPath<State, IdentifiedArray<ID, ElementState>>,
    action: CasePath<Action, IdentifiedAction<ID, ElementAction>>
  ) -> Store<ElementState, ElementAction>? {
    // NB: not a read through `state`: making a row store is not something a view depends on,
    // and must not make the root check anything after its actions.
    guard let initial = _reading(StateReader(state), { $0.pointee[id: id] })() else { return nil }
    return elementStore(id: id, initial: initial, state: state, action: action)
  }

  @inlinable
  func elementStore<ID, ElementState, ElementAction>(
    id: ID,
    initial: ElementState,
    state: KeyPath<State, IdentifiedArray<ID, ElementState>>,
    action: CasePath<Action, IdentifiedAction<ID, ElementAction>>
  ) -> Store<ElementState, ElementAction> {
    let embed = action.embed
    let version = root.stateVersion
    let parentSend = _send
    let currentRow = _reading(StateReader(state), { $0.pointee[id: id] })
    // NB: the row read last is the row while the root reduced nothing since: a row view's
    // reads, and its parts' checks after the action that wrote it, then project the root's
    // state through the collection once, not once per member (the observed screen: five
    // projections per action before, `benchmarks --filter "observed screen"`). The cell's
    // version starts never current: `initial` may come from an older snapshot (a
    // `StoreCollection`'s).
    let cell = TypedStateCell(initial) { cell in
      guard cell.version != version.value else { return }
      if let current = currentRow() { cell.storage.pointee = current }
      cell.version = version.value
    }
    return Store<ElementState, ElementAction>(
      root: root,
      state: { cell.read(at: .zero) },
      inPlace: .cell(cell, at: .zero),
      send: { parentSend(embed(.element(id: id, action: $0)), $1) },
      // NB: the row's readers are checked only after actions that wrote its element. The row
      // store holds this store (whose table holds the row's readers); nothing holds it back.
      observationHost: { [self] observation in
        _addElementObservation(observation, id: id, of: state)
      })
  }

  /// Stores for the elements of an identified collection, in order, made as they are accessed.
  ///
  /// ```swift
  /// ForEach(store.scope(state: \.rows, action: .rows)) { rowStore in RowView(store: rowStore) }
  /// ```
  ///
  /// Under observation this reads only the ids (and their order): a list drawn from it is
  /// notified when rows are added, removed or moved, not when a row changes — each row's view
  /// observes its own store.
  /// - Parameters:
  ///   - state: The collection.
  ///   - action: The case that carries element actions.
  /// - Returns: The element stores, one per element at the time of the call.
  @inlinable
  public func scope<ID, ElementState, ElementAction>(
    state: KeyPath<State, IdentifiedArray<ID, ElementState>>,
    action: CasePath<Action, IdentifiedAction<ID, ElementAction>>
  ) -> StoreCollection<ID, ElementState, ElementAction> {
    let reader = StateReader(state)
    // NB: read once, here: a closure from `_reading` would be allocated on every list render.
    let elements = _read(at: reader.offset, through: state)
    let observation = _observed
    if let part = observation.idsPartsByKey[state] {
      part.access()
    } else {
      observation.idsPartsByKey[state] = _idsPart(initial: elements, reader)
    }
    return StoreCollection(elements: elements) { [self] initial in
      elementStore(id: initial.id, initial: initial, state: state, action: action)
    }
  }
}

/// The store type of a reducer: `StoreOf<Counter>`.
public typealias StoreOf<R: Reducer> = Store<R.State, R.Action>
