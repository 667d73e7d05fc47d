import Observation

/// Dismisses the feature it is called from: a presented child (sheet, drill-down, popover…), a
/// screen on a stack, or, at the root, the store itself.
///
/// ```swift
/// @Dependency(\.dismiss) var dismiss
///
/// case .closeButtonTapped:
///   return .run { _ in await dismiss() }
/// ```
///
/// Calling it sends `.dismiss` (or `.popFrom(id:)` for a stack screen) to the parent, through
/// the `send` of the effect that calls it; the parent sets the child to `nil` and cancels its
/// effects. So a dismissal is addressed to the presentation that asked for it:
/// - an effect that was cancelled (its child was dismissed, popped or replaced meanwhile) never
///   dismisses anything, not even the next child shown in the same place;
/// - calling it twice dismisses once (the first dismissal cancels the caller).
///
/// Called from an effect of the root feature, it dismisses the store: its effects are cancelled
/// and `isDismissed` becomes `true` (a `TestStore` reports it the same way). Called outside any
/// effect, it does nothing and raises a runtime warning at the caller's line.
public struct DismissEffect: Sendable {
  private let override: (@MainActor @Sendable () -> Void)?

  /// A dismissal that calls `dismiss` instead, for tests and previews.
  /// - Parameter dismiss: What dismissing does.
  public init(_ dismiss: @escaping @MainActor @Sendable () -> Void) {
    self.override = dismiss
  }

  init() { self.override = nil }

  /// Dismisses the presented feature whose effect is running.
  /// - Parameters:
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  public func callAsFunction(
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    if let override {
      await override()
      return
    }
    // NB: a cancelled effect's dismissal is dropped: its presentation is gone.
    guard !Task.isCancelled else { return }
    guard let dismissal = DependencyValues.current.presentationDismissal else {
      reportIssue(
        """
        "dismiss()" was called outside any effect: nothing was dismissed.

        It dismisses the feature whose effect calls it: a child presented with \
        "ifLet(\\\\.$destination, action: …)", a screen pushed with \
        "forEach(\\\\.path, action: …)", or the store itself at the root. Call it inside \
        `Effect.run`, or override it in tests with `$0.dismiss = DismissEffect { … }`.
        """,
        at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
      )
      return
    }
    await dismissal.dismiss()
  }

  /// Runs `operation` (an effect's work) with `dismiss` as what `dismiss()` does in it.
  static func binding(
    _ dismiss: @escaping @Sendable () async -> Void, operation: () async -> Void
  ) async {
    var values = DependencyValues.current
    values.presentationDismissal = PresentationDismissal(dismiss: dismiss)
    await DependencyValues.$taskLocal.withValue(values, operation: operation)
  }
}

/// What `dismiss()` does in the effect running now: send the presentation's dismiss action
/// through that effect's `send`, or dismiss the root store.
struct PresentationDismissal: Sendable {
  let dismiss: @Sendable () async -> Void
}

private enum PresentationDismissalKey: DependencyKey {
  static var liveValue: PresentationDismissal? { nil }
  static var testValue: PresentationDismissal? { nil }
}

extension DependencyValues {
  /// The dismissal bound to the effect running now; see ``DismissEffect``.
  var presentationDismissal: PresentationDismissal? {
    get { self[PresentationDismissalKey.self] }
    set { self[PresentationDismissalKey.self] = newValue }
  }
}

extension DismissEffect: DependencyKey {
  /// Dismisses the presented feature the effect belongs to.
  public static var liveValue: Self { Self() }
  /// The same as live: dismissing is part of the feature's behaviour under test.
  public static var testValue: Self { Self() }
}

extension DependencyValues {
  /// Dismisses the presented feature (or stack screen, or root store) whose effect calls it;
  /// see ``DismissEffect``.
  public var dismiss: DismissEffect {
    get { self[DismissEffect.self] }
    set { self[DismissEffect.self] = newValue }
  }
}

/// Whether a store's root feature dismissed itself, observable (an app's window or scene code
/// can close when it becomes `true`).
@MainActor
package final class RootDismissal: Observable {
  private let registrar = ObservationRegistrar()
  private var dismissed = false

  nonisolated init() {}

  /// Whether the root feature called `dismiss()`.
  package var isDismissed: Bool {
    registrar.access(self, keyPath: \.isDismissed)
    return dismissed
  }

  func dismiss() {
    registrar.withMutation(of: self, keyPath: \.isDismissed) { dismissed = true }
  }
}
