/// Shows which actions redaction swallowed, so that a developer can see why a tap did nothing.
///
/// Debug builds only (in release builds nothing is recorded and the cost is zero):
///
/// ```swift
/// RedactionDiagnostics.isEnabled = true
/// // … tap a placeholder row …
/// RedactionDiagnostics.swallowedCount   // 1
/// // stderr: [ReducerKit] redaction at Articles.swift:42 swallowed ArticleRow.Action.favoriteTapped
/// ```
public enum RedactionDiagnostics {
  private struct Log: Sendable {
    var isEnabled = false
    var count = 0
    var recent: [String] = []
    var printer: (@Sendable (String) -> Void)?
  }

  private static let log = LockedValue(Log())

  /// Whether swallowed actions are recorded (and printed). Off by default.
  public static var isEnabled: Bool {
    get { log.withLock { $0.isEnabled } }
    set { log.withLock { $0.isEnabled = newValue } }
  }

  /// How many actions redaction swallowed since recording was enabled.
  public static var swallowedCount: Int { log.withLock { $0.count } }

  /// The last (up to 100) swallowed actions, described with where the redaction was applied.
  public static var recentlySwallowed: [String] { log.withLock { $0.recent } }

  /// Where each swallowed action is reported; standard error when `nil`.
  public static var printer: (@Sendable (String) -> Void)? {
    get { log.withLock { $0.printer } }
    set { log.withLock { $0.printer = newValue } }
  }

  /// Clears the count and the recent list.
  public static func reset() {
    log.withLock {
      $0.count = 0
      $0.recent = []
    }
  }

  @usableFromInline
  static func recordSwallowed(_ action: Any, at location: SourceLocation) {
    guard isEnabled else { return }
    let entry = "redaction at \(location) swallowed \(describe(action))"
    let printer = log.withLock { log -> (@Sendable (String) -> Void)? in
      log.count += 1
      log.recent.append(entry)
      if log.recent.count > 100 { log.recent.removeFirst(log.recent.count - 100) }
      return log.printer
    }
    if let printer {
      printer(entry)
    } else {
      StandardErrorReporter().report(entry, at: location)
    }
  }
}
