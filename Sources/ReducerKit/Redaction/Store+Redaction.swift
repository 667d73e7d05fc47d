#if canImport(SwiftUI)
  import SwiftUI
#endif

extension Store {
  /// A store over placeholder state whose actions do nothing, for rendering fake content with
  /// the real view code.
  ///
  /// ```swift
  /// ArticlesView(store: .placeholder(Articles.State(articles: .placeholders(count: 6))))
  /// ```
  ///
  /// Its ``redactionReasons`` are `.placeholder`, and so are those of every store scoped from
  /// it. Actions sent to it are swallowed (and shown by ``RedactionDiagnostics`` in debug
  /// builds).
  /// - Parameters:
  ///   - state: The placeholder state.
  ///   - reasons: The reasons to report; `.placeholder` by default.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  /// - Returns: The placeholder store.
  public static func placeholder(
    _ state: State,
    reasons: RedactionReasons = .placeholder,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Store {
    let store = Store(initialState: state) {
      EmptyReducer<State, Action>()
        .placeholder(fileID: fileID, filePath: filePath, line: line, column: column)
    }
    store.root.placeholderReasons = reasons
    return store
  }

  /// Why the store's content is redacted, for the view to draw it: the reasons of a placeholder
  /// store, plus the state's own if it is ``Redactable``.
  public var redactionReasons: RedactionReasons {
    root.placeholderReasons.union(_stateRedaction(state))
  }
}

extension RedactionReasons {
  /// How to read the reasons of a `State`: its own if it is ``Redactable``, none otherwise.
  /// Decided once per store (its `_stateRedaction`), not by a cast on every read.
  static func reader<State>(for _: State.Type) -> (State) -> RedactionReasons {
    guard let redactable = State.self as? any Redactable.Type else { return { _ in [] } }
    return reader(for: redactable, as: State.self)
  }

  private static func reader<Value: Redactable, State>(
    for _: Value.Type, as _: State.Type
  ) -> (State) -> RedactionReasons {
    { ($0 as? Value)?.redactionReasons ?? [] }
  }
}
