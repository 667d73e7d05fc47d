/// An enum whose cases are reached by case paths: one static ``CasePath`` per case (`.child`) and
/// a case key path per case (`\.child`), the case-path plugin writes both.
///
/// ```swift
/// enum Action: CasePathable {
///   case counter(Counter.Action)
///   case load(id: Int, force: Bool)
///   case onAppear
/// }
///
/// Scope(state: \.counter, action: \.counter) { Counter() }  // or action: .counter
/// // \.load is a CaseKeyPath<Action, (id: Int, force: Bool)>; \.onAppear one to Void
/// ```
///
/// Add `CasePathsPlugin` to the target (`plugins: [.plugin(name: "CasePathsPlugin", package:
/// "ReducerKit")]`); on every build it reads the target's sources and compiles one generated
/// file beside them. The plugin also makes the `Action` (and an enum `State`) of every type
/// conforming to `Reducer` case-path-able without this conformance being written, and the enums
/// their cases carry that are declared in the feature (`Delegate`, `View`, `Alert`). A
/// `BindableAction` enum gets its `binding` property written as well. A case path you write by
/// hand (`extension CasePath<Action, …> { static var name … }`) replaces the generated one of that
/// name. An enum the generator cannot read — a private one, or a malformed declaration — fails
/// the build at its line; it is never skipped.
///
/// In a target without the plugin, the conformance fails the build with the line to add to
/// `Package.swift`. Declare the enum `@dynamicMemberLookup` to read a case's payload as a property
/// (`state.destination?.edit`).
public protocol CasePathable: SendableMetatype {
  /// A value with one property per case, each the case's ``CasePath``: what a case key path walks.
  associatedtype AllCasePaths: Sendable = _MissingCasePathsPlugin
  /// The case paths of every case (the case-path plugin writes it).
  static var allCasePaths: AllCasePaths { get }
  /// The name of the case a property of ``AllCasePaths`` stands for, for messages (the
  /// case-path plugin writes it; `nil` by default).
  static func _caseName(of member: PartialKeyPath<AllCasePaths>) -> String?
  /// A value with one property per case, each the case's key type (the case-path plugin writes
  /// it): what `\.child` resolves to where a reducer takes an action path.
  associatedtype _CaseKeys: Sendable = _NoCaseKeys
}

extension CasePathable {
  /// No name: a hand-written conformance's cases are named by their payload's type in messages.
  public static func _caseName(of member: PartialKeyPath<AllCasePaths>) -> String? { nil }
}

/// What an enum marked ``CasePathable`` has in a target without the case-path plugin: nothing,
/// and an error that names the plugin.
public struct _MissingCasePathsPlugin: Sendable {}

extension CasePathable where AllCasePaths == _MissingCasePathsPlugin {
  // NB: an unavailable default, so that a conformance without the plugin's code is an error
  // whose message is the fix, rather than "does not conform".
  /// Not available: add the case-path plugin to the target.
  @available(
    *, unavailable,
    message:
      "the case-path plugin writes this: add `plugins: [.plugin(name: \"CasePathsPlugin\", package: \"ReducerKit\")]` to the target in Package.swift"
  )
  public static var allCasePaths: _MissingCasePathsPlugin { _MissingCasePathsPlugin() }
}
