import ReducerKit

/// An action's name for a trace: its chain of enum cases, `rows.element.toggle`, read by
/// reflection (a tracer's cost, never a plain store's).
enum ActionName {
  /// The chain of cases of `action`: at each case with a payload, the payload if it is an enum,
  /// or the last enum of a tuple payload (`element(id:action:)` goes on into `action`).
  static func of(_ action: Any) -> String {
    var names: [String] = []
    var value = action
    while names.count < 16 {
      let mirror = Mirror(reflecting: value)
      guard mirror.displayStyle == .enum else { break }
      guard let payload = mirror.children.first else {
        names.append(String(describing: value))
        break
      }
      names.append(payload.label ?? String(describing: type(of: value)))
      let inner = Mirror(reflecting: payload.value)
      if inner.displayStyle == .enum {
        value = payload.value
      } else if inner.displayStyle == .tuple,
        let last = inner.children.reversed().first(where: {
          Mirror(reflecting: $0.value).displayStyle == .enum
        })
      {
        value = last.value
      } else {
        break
      }
    }
    return names.isEmpty ? String(describing: type(of: action)) : names.joined(separator: ".")
  }
}
