/// How strictly a ``TestStore`` checks a test.
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change and every received action must be asserted, and every effect must end
  /// before the test does.
  case on
  /// Only what the test asserts is checked: state closures check the fields they set, `receive`
  /// skips over other actions, and unfinished effects or unasserted actions are not failures.
  /// With `showSkippedAssertions`, what was skipped is shown as a warning, without failing.
  case off(showSkippedAssertions: Bool)

  /// Non-exhaustive, without showing what was skipped.
  public static let off = Self.off(showSkippedAssertions: false)
}
