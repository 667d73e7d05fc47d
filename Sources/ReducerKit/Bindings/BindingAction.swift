/// An action that writes one field of a feature's state, as a form's text field or toggle does:
/// `.binding(.set(\.name, "Blob"))`.
///
/// ```swift
/// enum Action: BindableAction {
///   case binding(BindingAction<State>)
///   case saveTapped
///   var binding: BindingAction<State>? { if case .binding(let a) = self { a } else { nil } }
/// }
///
/// var body: some ReducerOf<Self> {
///   BindingReducer()
///   Reduce { state, action in
///     switch action {
///     case .binding(\.name):          // matches a write of `name`
///       state.isDirty = true
///       return .none
///     case .binding, .saveTapped:
///       return .none
///     }
///   }
/// }
/// ```
///
/// Two binding actions are equal when they write the same field with equal values, so tests
/// send and receive them like any action.
public struct BindingAction<Root>: Equatable, @unchecked Sendable {
  // NB: `@unchecked Sendable`: the key path and the value are immutable, and `set` only
  // captures them; the value is `Sendable` (see `set(_:_:)`).
  /// The field written.
  public let keyPath: PartialKeyPath<Root>
  let value: any Equatable & Sendable
  private let write: (inout Root) -> Void

  /// Writes `value` to the field at `keyPath`.
  /// - Parameters:
  ///   - keyPath: The field.
  ///   - value: Its new value.
  /// - Returns: The binding action.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, Value>, _ value: Value
  ) -> Self {
    Self(keyPath: keyPath, value: value) { $0[keyPath: keyPath] = value }
  }

  private init(
    keyPath: PartialKeyPath<Root>, value: any Equatable & Sendable,
    write: @escaping (inout Root) -> Void
  ) {
    self.keyPath = keyPath
    self.value = value
    self.write = write
  }

  /// Applies the write to `state`.
  /// - Parameter state: The state to write to.
  public func apply(to state: inout Root) { write(&state) }

  /// Whether both write the same field with equal values.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.keyPath == rhs.keyPath && lhs.value.isEqual(to: rhs.value)
  }

  /// Matches a write of the field at `keyPath`, in a `switch`: `case .binding(\.name):`.
  public static func ~= <Value>(keyPath: WritableKeyPath<Root, Value>, action: Self) -> Bool {
    action.keyPath == keyPath
  }
}

extension BindingAction: CustomStringConvertible, CustomReflectable {
  /// `set(name, value)`: the field by name and the value, as messages and `printChanges` show
  /// it. The value of a property-wrapped field (`@Sensitive var password`, or any wrapper) is
  /// shown as `█████`: a binding action cannot tell a sensitive field from another wrapped one,
  /// so it never prints either.
  public var description: String {
    // NB: a stored property has a fixed offset in its root; a property-wrapped (or computed)
    // one has none, and its key path describes itself only as `<computed 0x… (Type)>`.
    guard MemoryLayout<Root>.offset(of: keyPath) != nil else {
      return "set(a wrapped \(StateDump.typeName(type(of: keyPath).valueType)) field, "
        + "\(StateDump.redactedText))"
    }
    return "set(\(PathStep.describe(key: AnyHashable(keyPath))), \(ReducerKit.describe(value)))"
  }

  /// No children: a binding prints as its ``description``, never field by field.
  public var customMirror: Mirror { Mirror(self, children: []) }
}

extension Equatable {
  fileprivate func isEqual(to other: any Equatable) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}

/// An action enum with a case for field writes: `case binding(BindingAction<State>)`.
///
/// Besides the case, it says how to get the write back out, in one line (no reflection, no
/// macro):
///
/// ```swift
/// enum Action: BindableAction {
///   case binding(BindingAction<State>)
///   var binding: BindingAction<State>? { if case .binding(let a) = self { a } else { nil } }
/// }
/// ```
public protocol BindableAction {
  /// The feature's state.
  associatedtype State
  /// Embeds a field write.
  static func binding(_ action: BindingAction<State>) -> Self
  /// The field write this action carries, if it is one.
  var binding: BindingAction<State>? { get }
}

extension BindableAction {
  // NB: an unavailable default, so that an enum whose `binding` nobody wrote fails with the fix
  // rather than "does not conform"; the plugin's (or a hand-written) property is chosen first.
  /// Not available: the case-path plugin writes it, or write it by hand.
  @available(
    *, unavailable,
    message:
      "the case-path plugin writes this: add `plugins: [.plugin(name: \"CasePathsPlugin\", package: \"ReducerKit\")]` to the target in Package.swift, or write `var binding: BindingAction<State>? { if case .binding(let action) = self { action } else { nil } }`"
  )
  public var binding: BindingAction<State>? { nil }

  /// A field write as the feature's action: `store.send(.set(\.name, "Blob"))` is
  /// `store.send(.binding(.set(\.name, "Blob")))`.
  /// - Parameters:
  ///   - keyPath: The field.
  ///   - value: Its new value.
  /// - Returns: The binding action, embedded.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, Value>, _ value: Value
  ) -> Self {
    binding(.set(keyPath, value))
  }
}

/// Applies field writes (`.binding(.set(\.name, "Blob"))`) to the state. Put it first in the
/// body, so that the rest of the feature sees the new value.
///
/// When the binding case lives in a nested view-action enum (`case view(View)`, with
/// `View: BindableAction`), say where: `BindingReducer(action: .view)`.
public struct BindingReducer<State, Action>: Reducer {
  @usableFromInline let toBinding: (Action) -> BindingAction<State>?

  /// Creates the reducer for an action enum with a binding case.
  public init() where Action: BindableAction, Action.State == State {
    self.toBinding = { $0.binding }
  }

  /// Creates the reducer for bindings that live in a nested action enum (the view's actions).
  ///
  /// ```swift
  /// enum Action { case view(View) }
  /// enum View: BindableAction { case binding(BindingAction<State>) … }
  ///
  /// BindingReducer(action: .view)
  /// ```
  /// - Parameter toViewAction: The case holding the bindable actions.
  public init<ViewAction: BindableAction>(action toViewAction: CasePath<Action, ViewAction>)
  where ViewAction.State == State {
    self.toBinding = { toViewAction.extract($0)?.binding }
  }

  /// Applies the write, if the action is one.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    toBinding(action)?.apply(to: &state)
    return .none
  }
}

#if canImport(SwiftUI)
  import SwiftUI

  extension Store where Action: BindableAction, Action.State == State {
    /// A SwiftUI binding to a field: reading it observes the field, writing it sends
    /// `.binding(.set(keyPath, newValue))`. Only on Apple platforms: it is not built on Linux.
    ///
    /// ```swift
    /// TextField("Name", text: store.binding(\.name))
    /// ```
    /// - Parameter keyPath: The field.
    /// - Returns: The binding.
    @MainActor
    public func binding<Value: Equatable & Sendable>(
      _ keyPath: WritableKeyPath<State, Value>
    ) -> Binding<Value> {
      // NB: `nonisolated(unsafe)`: the binding's closures run on the main actor (they assume it).
      nonisolated(unsafe) let keyPath = keyPath
      return Binding(
        get: { MainActor.assumeIsolated { self[dynamicMember: keyPath] } },
        set: { newValue in
          MainActor.assumeIsolated { _ = self.send(.binding(.set(keyPath, newValue))) }
        }
      )
    }
  }
#endif

extension BindingAction: CasePathable {
  /// The field writes, one "case" per writable field: `\.binding.name` in a case key path, as
  /// `store.send(\.binding.name, "Blob")` or `store.receive(\.binding.name)`.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }

  /// The case paths of ``BindingAction``: one per writable field of `Root`.
  @dynamicMemberLookup
  public struct AllCasePaths: Sendable {
    /// The write of the field `keyPath`: embeds a value as `.set(keyPath, value)`, extracts the
    /// value of a write to that field.
    /// - Parameter keyPath: The field.
    public subscript<Value: Equatable & Sendable>(
      dynamicMember keyPath: WritableKeyPath<Root, Value>
    ) -> CasePath<BindingAction, Value> {
      let field = FieldKeyPath(keyPath: keyPath)
      return CasePath(
        { .set(field.keyPath, $0) },
        extract: { $0.keyPath == field.keyPath ? $0.value as? Value : nil })
    }
  }
}

/// A field's key path, to capture in a `@Sendable` case path.
// NB: `@unchecked Sendable`: a key path is an immutable value, only compared and applied here.
private struct FieldKeyPath<Root, Value>: @unchecked Sendable {
  let keyPath: WritableKeyPath<Root, Value>
}
