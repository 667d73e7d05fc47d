/// An enum of features — a destination or a stack's screens — whose `State`, `Action` and
/// `body` the case-path plugin writes.
///
/// ```swift
/// extension Inventory {
///   enum Destination: CaseReducer {
///     case detail(ItemDetail)
///     case alert(AlertState<Alert>)
///     enum Alert: Equatable { case confirmDelete }
///   }
/// }
///
/// // In Inventory's body:
/// .ifLet(\.$destination, action: .destination)       // runs Destination.body
/// ```
///
/// For each case the plugin writes a case of `State` (the feature's state, or the
/// ``AlertState`` / ``ConfirmationDialogState`` itself) and of `Action` (the feature's action,
/// or the alert's), case paths and case key paths for both, and a `body` that runs the current
/// case's feature with `ifCaseLet(_:action:then:)`; alerts
/// and dialogs are dismissed when answered. As with the best-known library's `@Reducer enum`:
///
/// - A feature that takes arguments is built from the case's default value:
///   `case counter(Counter = Counter(step: 2))` (otherwise with `init()`).
/// - A case that holds plain state — a type of this module that is not a reducer, or labelled or
///   several values (`case meeting(Meeting, syncUp: SyncUp)`) — keeps its values in `State`; its
///   `Action` case carries `Never`, and no reducer runs for it.
/// - A `static var body` the enum declares replaces the generated one (a result builder, as a
///   reducer's `body`; it scopes to its cases itself).
/// - `State` and `Action` are `Equatable` when every case's values are known to be (a type of
///   another module is assumed to be), and `Sendable`. A conformance you write
///   (`extension Destination.State: Equatable {}`, as ports of that library do) is honoured: the
///   plugin writes its `==` (and `hash(into:)`) instead of declaring it again.
///
/// The enum is a ``Reducer`` only so that `StackActionOf<Path>` and `ReducerOf<Destination>`
/// name its state and action; its values are never made, and its `static` ``body`` is what runs.
public protocol CaseReducer: Reducer
where State: CaseReducerState, State.StateReducer == Self, Body == Never {
  /// The type of ``body``.
  associatedtype CaseBody: Reducer<State, Action>
  /// Runs the feature of the current case. Written by the plugin, unless the enum declares its
  /// own (a result builder, as a reducer's `body`): then it scopes to its cases itself
  /// (`.ifCaseLet(\.playing, action: \.playing) { Playing() }`).
  @ReducerBuilder<State, Action>
  static var body: CaseBody { get }
}

/// A ``CaseReducer`` whose generated `State` and `Action` are also `Codable`, so that a parent
/// presenting it can be recorded (`StoreRecorder` (ReducerKitRecording)). Its features' states and actions must be
/// `Codable` too.
///
/// ```swift
/// enum Path: CodableCaseReducer {
///   case reader(Reader)
/// }
/// ```
public protocol CodableCaseReducer: CaseReducer where State: Codable, Action: Codable {}

extension CaseReducer {
  /// Runs ``body``; the kit itself runs ``body`` and never makes a value of the enum.
  /// - Parameters:
  ///   - state: The state of the feature shown.
  ///   - action: An action of it.
  /// - Returns: The feature's effect.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    Self.body.reduce(into: &state, action: action)
  }
}

/// The generated `State` of a ``CaseReducer``, which names its reducer so that
/// `ifLet(\.$destination, action: .destination)` and `forEach(\.path, action: .path)` need no
/// trailing closure.
public protocol CaseReducerState {
  /// The enum of features this state belongs to.
  associatedtype StateReducer: CaseReducer where StateReducer.State == Self
}

extension Reducer {
  /// Runs a destination enum's features when the parent presents one of them.
  ///
  /// ```swift
  /// .ifLet(\.$destination, action: .destination)
  /// ```
  /// The same as `ifLet(_:action:destination:)` with the
  /// destination's generated `body`.
  /// - Parameters:
  ///   - toPresentationState: The destination's presentation state: `\.$destination`.
  ///   - toPresentationAction: The case that embeds the destination's presentation actions.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  /// - Returns: A reducer running the parent and the presented feature.
  @inlinable
  public func ifLet<DestinationState: CaseReducerState>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CasePath<
      Action, PresentationAction<DestinationState.StateReducer.Action>
    >,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _Presentation<
    Self, DestinationState.StateReducer.CaseBody,
    CasePath<Action, PresentationAction<DestinationState.StateReducer.Action>>
  > {
    ifLet(
      toPresentationState, action: toPresentationAction,
      destination: { DestinationState.StateReducer.body }, fileID: fileID, filePath: filePath,
      line: line, column: column)
  }

  /// Runs the screens of a navigation stack whose screens are a path enum's features.
  ///
  /// ```swift
  /// .forEach(\.path, action: .path)
  /// ```
  /// The same as `forEach(_:action:destination:)` with the path
  /// enum's generated `body`.
  /// - Parameters:
  ///   - toStack: The stack's state.
  ///   - toStackAction: The case that embeds the stack's actions.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  /// - Returns: A reducer running the parent and the stack's screens.
  @inlinable
  public func forEach<ElementState: CaseReducerState>(
    _ toStack: WritableKeyPath<State, StackState<ElementState>>,
    action toStackAction: CasePath<
      Action, StackAction<ElementState, ElementState.StateReducer.Action>
    >,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _ForEachStack<
    Self, ElementState.StateReducer.CaseBody,
    CasePath<Action, StackAction<ElementState, ElementState.StateReducer.Action>>
  > {
    forEach(
      toStack, action: toStackAction, destination: { ElementState.StateReducer.body },
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
