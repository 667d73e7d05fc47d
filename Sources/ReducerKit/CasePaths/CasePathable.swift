/// Marks an enum whose case paths the case-path plugin writes: one static per case, the same a
/// hand-written ``CasePath`` extension declares.
///
/// ```swift
/// enum Action: CasePathable {
///   case counter(Counter.Action)
///   case load(id: Int, force: Bool)
///   case onAppear
/// }
///
/// Scope(state: \.counter, action: .counter) { Counter() }   // CasePath<Action, Counter.Action>
/// // .load is a CasePath<Action, (id: Int, force: Bool)>; .onAppear a CasePath<Action, Void>
/// ```
///
/// Add `CasePathsPlugin` to the target (`plugins: [.plugin(name: "CasePathsPlugin", package:
/// "ReducerKit")]`); on every build it reads the target's sources and compiles one generated
/// file beside them. A `BindableAction` enum gets its `binding` property written as well. A case
/// path you write by hand (`extension CasePath<Action, …> { static var name … }`) replaces the
/// generated one of that name. An enum the generator cannot read — a private one, or a
/// malformed declaration — fails the build at its line; it is never skipped.
///
/// The protocol has no requirements: conforming costs nothing at run time.
public protocol CasePathable {}
