/// Dismisses the feature it is called from: a presented child (sheet, drill-down, popover…) or
/// a screen on a stack.
///
/// ```swift
/// @Dependency(\.dismiss) var dismiss
///
/// case .closeButtonTapped:
///   return .run { _ in await dismiss() }
/// ```
///
/// Calling it sends `.dismiss` (or `.popFrom(id:)` for a stack element) through the parent, from
/// inside an effect of the presented feature; the parent sets the child to `nil` and cancels its
/// effects. Called where nothing is presented, it does nothing and raises a runtime warning at
/// the caller's line.
public struct DismissEffect: Sendable {
  /// The dismissal of the presented feature the current effect belongs to, if any.
  @TaskLocal static var presented: (@MainActor @Sendable () -> Void)?

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
    guard let presented = Self.presented else {
      reportIssue(
        """
        "dismiss()" was called where nothing is presented: nothing was dismissed.

        It dismisses the feature whose effect calls it, when a parent presents that feature \\
        with "ifLet(\\\\.$destination, action: …)" or pushes it with \\
        "forEach(\\\\.path, action: …)". Call it from an effect of the presented feature (not \\
        from the parent, which can set its state to nil), or override it in tests with \\
        `$0.dismiss = DismissEffect { … }`.
        """,
        at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
      )
      return
    }
    await presented()
  }
}

extension DismissEffect: DependencyKey {
  /// Dismisses the presented feature the effect belongs to.
  public static var liveValue: Self { Self() }
  /// The same as live: dismissing is part of the feature's behaviour under test.
  public static var testValue: Self { Self() }
}

extension DependencyValues {
  /// Dismisses the presented feature (or stack screen) whose effect calls it; see
  /// ``DismissEffect``.
  public var dismiss: DismissEffect {
    get { self[DismissEffect.self] }
    set { self[DismissEffect.self] = newValue }
  }
}
