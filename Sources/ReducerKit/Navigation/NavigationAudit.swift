import Foundation

/// A presentation or stack action: what a debug build's store checks reached an `ifLet` or a
/// `forEach` (see ``NavigationAudit``).
protocol NavigationActionLayer {
  /// The child's action inside (`.presented(child)`, `.element(id:action:)`), if any.
  var childAction: Any? { get }
  /// The call that handles this kind of action, for the warning: for the case `name` that
  /// carries it, as the best-known library spells it.
  static func handlingCall(named name: String) -> String
}

extension PresentationAction: NavigationActionLayer {
  var childAction: Any? {
    if case .presented(let action) = self { return action }
    return nil
  }
  static func handlingCall(named name: String) -> String {
    ".ifLet(\\.$\(name), action: \\.\(name)) { … }"
  }
}

extension StackAction: NavigationActionLayer {
  var childAction: Any? {
    if case .element(_, let action) = self { return action }
    return nil
  }
  static func handlingCall(named name: String) -> String {
    ".forEach(\\.\(name), action: \\.\(name)) { … }"
  }
}

/// Debug builds check, after each action a store reduces, that every presentation or stack
/// action inside it reached an `ifLet` or a `forEach`: a forgotten
/// `.ifLet(\.$destination, action: .destination)` would otherwise make a sheet's buttons do
/// nothing, silently. Release builds do none of this.
///
/// Each `ifLet`/stack `forEach` that extracts its action counts one layer handled; the store
/// compares the count with the layers the action carries (found by reflection, in debug builds
/// only). An action a redacted feature swallowed, or one that already raised a warning (a
/// missing child), is not checked again.
@usableFromInline
final class NavigationAudit {
  private var handled = 0
  private var swallowed = false
  private static let key = "ReducerKit.NavigationAudit"

  private static var current: NavigationAudit? {
    Thread.current.threadDictionary[key] as? NavigationAudit
  }

  /// An `ifLet` or a stack `forEach` extracted its action.
  @usableFromInline
  static func noteHandled() { current?.handled += 1 }

  /// A redacted feature swallowed the action.
  @usableFromInline
  static func noteSwallowed() { current?.swallowed = true }

  /// Runs `reduce` for `action`, then warns if a navigation layer of it reached no handler.
  @usableFromInline
  static func auditing<Action>(_ action: Action, _ reduce: () -> Effect<Action>) -> Effect<Action> {
    let dictionary = Thread.current.threadDictionary
    let previous = dictionary[key]
    let audit = NavigationAudit()
    dictionary[key] = audit
    let issuesBefore = IssueReporters.reportedCount
    defer { dictionary[key] = previous }
    let effect = reduce()
    guard !audit.swallowed, IssueReporters.reportedCount == issuesBefore else { return effect }
    let layers = navigationLayers(of: action)
    guard audit.handled < layers.count else { return effect }
    let missing = layers[audit.handled]
    // NB: an advisory, not an issue: the best-known library has no such check, and a port of
    // its passing tests (an alert dismissed by a reducer without "ifLet") must not fail here.
    reportAdvisory(
      """
      An action carries a \(missing.kind) that no "ifLet" or "forEach" handled:
        \(describe(action))

      Nothing ran for it: neither a presented child nor a pushed screen. Add \
      `\(type(of: missing.layer).handlingCall(named: missing.name))` for it to the reducer that \
      holds that state.
      """, at: IssueReporters.userLocation ?? SourceLocation())
    return effect
  }

  /// The presentation and stack actions nested in `action`, outermost first, each with the name
  /// of the case that carries it.
  private static func navigationLayers(of action: Any) -> [(
    layer: any NavigationActionLayer, kind: String, name: String
  )] {
    var layers: [(layer: any NavigationActionLayer, kind: String, name: String)] = []
    var value: Any? = action
    while let current = value, let (layer, name) = firstLayer(in: current, label: nil, depth: 0) {
      let kind = layer is any PresentationActionMarker ? "presentation action" : "stack action"
      layers.append((layer, kind, name ?? (kind == "stack action" ? "path" : "destination")))
      value = layer.childAction
    }
    return layers
  }

  /// The outermost navigation action in `value`, searching enum payloads and tuples only, with
  /// the label of the enum case that carries it (`label`, for `value` itself).
  private static func firstLayer(in value: Any, label: String?, depth: Int) -> (
    any NavigationActionLayer, String?
  )? {
    if let layer = value as? any NavigationActionLayer { return (layer, label) }
    guard depth < 16 else { return nil }
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .enum || mirror.displayStyle == .tuple else { return nil }
    for child in mirror.children {
      // NB: an enum case's child is labelled with the case's name; a tuple's, with its own
      // label or position, which names nothing: the enclosing case's name is kept.
      let name = mirror.displayStyle == .enum ? child.label : label
      if let found = firstLayer(in: child.value, label: name, depth: depth + 1) { return found }
    }
    return nil
  }
}

/// Tells presentation actions from stack actions in the audit's message.
protocol PresentationActionMarker {}
extension PresentationAction: PresentationActionMarker {}
