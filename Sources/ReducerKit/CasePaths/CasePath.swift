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
public struct CasePath<Root, Value>: Sendable {
  /// Wraps a value in the case.
  public let embed: @Sendable (Value) -> Root
  /// Returns the case's payload, or `nil` when `root` is another case.
  public let extract: @Sendable (Root) -> Value?

  /// Creates a case path from the case's constructor and a matching extraction.
  /// - Parameters:
  ///   - embed: The case constructor, such as `Action.counter`.
  ///   - extract: Returns the payload when its argument is that case, else `nil`.
  public init(
    _ embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?
  ) {
    self.embed = embed
    self.extract = extract
  }

  /// Chains two case paths: `Root` → `Value` → `AppendedValue`.
  /// - Parameter path: A case path from this path's `Value`.
  /// - Returns: A case path from `Root` to `AppendedValue`.
  public func appending<AppendedValue>(
    path: CasePath<Value, AppendedValue>
  ) -> CasePath<Root, AppendedValue> {
    let embed = self.embed
    let extract = self.extract
    return CasePath<Root, AppendedValue>(
      { embed(path.embed($0)) },
      extract: { extract($0).flatMap(path.extract) }
    )
  }
}
