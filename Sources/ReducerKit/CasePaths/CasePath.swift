// NB: the generic parameters are named `EnumRoot` and `CaseValue`, not `Root` and `Value`: inside
// `extension CasePath<Root.Action, …>` a feature named `Root` would be shadowed by them.
/// Embeds a value into one case of an enum and extracts it back.
///
/// A case path is to an enum case what a key path is to a stored property. ReducerKit uses it to
/// route child actions: `Scope`, `ifLet`, `forEach` and `Store.scope` take one to wrap a child's
/// action in the parent's action and to find the child's actions among the parent's.
///
/// Write one per child, once, as a static member so that call sites stay short:
///
/// ```swift
/// extension CasePath<Feature.Action, Counter.Action> {
///   static let counter = CasePath(Feature.Action.counter) {
///     if case let .counter(action) = $0 { action } else { nil }
///   }
/// }
///
/// Scope(state: \.counter, action: .counter) { Counter() }
/// ```
///
/// No reflection is involved: `embed` and `extract` are the two closures above.
///
/// A path composes with the cases of the kit's own enums — `response.success` for a `Result`,
/// `destination.presented` for a ``PresentationAction``, `path.element(id: 0)` for a
/// ``StackAction`` or an ``IdentifiedAction`` — or with any other path through
/// ``appending(path:)``. (Swift infers a leading-dot chain's base from its result, so spell the
/// base where the chain changes type: `CasePath<Action, Result<Int, Failure>>.response.success`.)
public struct CasePath<EnumRoot, CaseValue>: Sendable {
  /// Wraps a value in the case.
  public let embed: @Sendable (CaseValue) -> EnumRoot
  /// Returns the case's payload, or `nil` when `root` is another case.
  public let extract: @Sendable (EnumRoot) -> CaseValue?

  /// Creates a case path from the case's constructor and a matching extraction.
  /// - Parameters:
  ///   - embed: The case constructor, such as `Action.counter`.
  ///   - extract: Returns the payload when its argument is that case, else `nil`.
  public init(
    _ embed: @escaping @Sendable (CaseValue) -> EnumRoot,
    extract: @escaping @Sendable (EnumRoot) -> CaseValue?
  ) {
    self.embed = embed
    self.extract = extract
  }

  /// A case path whose `embed` is an enum case's constructor (`Action.counter`): what the
  /// case-path plugin writes. Not for hand-written code; use ``init(_:extract:)``.
  ///
  /// A constructor captures nothing, so it is `Sendable` in any language mode, but a Swift 5
  /// mode client warns when one becomes a `@Sendable` function; a closure calling it instead
  /// (`{ Action.alert($0) }`) warns that it never runs when the payload is uninhabited (an
  /// alert with no actions). This takes the constructor as it is.
  /// - Parameters:
  ///   - embed: The case constructor.
  ///   - extract: Returns the payload when its argument is that case, else `nil`.
  public init(
    _caseConstructor embed: @escaping (CaseValue) -> EnumRoot,
    extract: @escaping @Sendable (EnumRoot) -> CaseValue?
  ) {
    // NB: a `@Sendable` function has the same representation as a plain one; an enum case's
    // constructor captures no state (see the initializer's documentation).
    self.embed = unsafeBitCast(embed, to: (@Sendable (CaseValue) -> EnumRoot).self)
    self.extract = extract
  }

  /// Chains two case paths: `EnumRoot` → `CaseValue` → `AppendedValue`.
  /// - Parameter path: A case path from this path's `CaseValue`.
  /// - Returns: A case path from `EnumRoot` to `AppendedValue`.
  public func appending<AppendedValue>(
    path: CasePath<CaseValue, AppendedValue>
  ) -> CasePath<EnumRoot, AppendedValue> {
    let embed = self.embed
    let extract = self.extract
    return CasePath<EnumRoot, AppendedValue>(
      { embed(path.embed($0)) },
      extract: { extract($0).flatMap(path.extract) }
    )
  }
}

/// `Result`, for composing case paths through its cases (`.response.success`).
public protocol _ResultCases: SendableMetatype {
  /// The success value.
  associatedtype Success
  /// The failure.
  associatedtype Failure: Error
  /// The success value, if this is a success.
  var _success: Success? { get }
  /// The failure, if this is a failure.
  var _failure: Failure? { get }
  /// Wraps a success value.
  static func _success(_ value: Success) -> Self
  /// Wraps a failure.
  static func _failure(_ error: Failure) -> Self
}

extension Result: _ResultCases {
  /// The success value, if this is a success.
  public var _success: Success? { if case .success(let value) = self { value } else { nil } }
  /// The failure, if this is a failure.
  public var _failure: Failure? { if case .failure(let error) = self { error } else { nil } }
  /// Wraps a success value.
  public static func _success(_ value: Success) -> Self { .success(value) }
  /// Wraps a failure.
  public static func _failure(_ error: Failure) -> Self { .failure(error) }
}

extension CasePath where EnumRoot: _ResultCases, CaseValue == EnumRoot.Success {
  /// A result's success case, as the second step of a two-step path:
  /// `store.receive(.response, .success)`.
  public static var success: Self {
    CasePath(EnumRoot._success, extract: { $0._success })
  }
}

extension CasePath where EnumRoot: _ResultCases, CaseValue == EnumRoot.Failure {
  /// A result's failure case, as the second step of a two-step path:
  /// `store.receive(.response, .failure)`.
  public static var failure: Self {
    CasePath(EnumRoot._failure, extract: { $0._failure })
  }
}

extension CasePath where CaseValue: _ResultCases {
  /// The success case of the result: `.response.success`.
  public var success: CasePath<EnumRoot, CaseValue.Success> { appending(path: .success) }

  /// The failure case of the result: `.response.failure`.
  public var failure: CasePath<EnumRoot, CaseValue.Failure> { appending(path: .failure) }
}

extension Result: CasePathable {
  /// The cases: `\.response.success`, `\.response.failure`.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }

  /// The case paths of `Result`.
  public struct AllCasePaths: Sendable {
    /// The `success` case.
    public var success: CasePath<Result, Success> { .success }
    /// The `failure` case.
    public var failure: CasePath<Result, Failure> { .failure }
  }
}
