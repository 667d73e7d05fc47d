import Foundation
import ReducerKit

/// An article in the list.
public struct Article: Equatable, Identifiable, Sendable, Codable {
  /// The article's id.
  public let id: Int
  /// The headline.
  public var title: String
  /// A one-paragraph summary.
  public var blurb: String
  /// When it was published.
  public var date: Date
  /// Whether the reader marked it as a favourite.
  public var isFavorite = false
  /// Whether the reader wants to read it later.
  public var willReadLater = false
  /// Whether the reader hid it; hidden articles leave the list.
  public var isHidden = false

  /// Creates an article.
  public init(
    id: Int, title: String, blurb: String, date: Date, isFavorite: Bool = false,
    willReadLater: Bool = false, isHidden: Bool = false
  ) {
    self.id = id
    self.title = title
    self.blurb = blurb
    self.date = date
    self.isFavorite = isFavorite
    self.willReadLater = willReadLater
    self.isHidden = isHidden
  }
}

extension Article {
  /// Fake articles shown, redacted, while the real ones load. Deterministic: the same every
  /// time, with negative ids that no real article has.
  public static let placeholders: [Article] = [
    [5, 5, 4, 4, 4, 2, 6, 5], [10, 2, 2, 7, 4], [7, 5, 5, 6], [5, 2, 3, 6, 7, 3, 12],
    [5, 2, 1, 7, 8, 4], [10, 4, 3, 2, 6, 4],
  ].enumerated().map { index, words in
    Article(
      id: -(index + 1),
      title: words.map { String(repeating: "x", count: $0) }.joined(separator: " "),
      blurb: words.reversed().map { String(repeating: "x", count: $0 + 2) }
        .joined(separator: " "),
      date: Date(timeIntervalSince1970: 0))
  }

  /// The articles the in-memory client serves.
  public static let samples: [Article] = [
    Article(
      id: 1, title: "Value types make state easy to reason about",
      blurb: "Copies never change behind your back, so every state change is one you can see.",
      date: date(2026, 11, 2)),
    Article(
      id: 2, title: "Placeholders that do nothing",
      blurb: "A redacted screen should be inert: no taps, no analytics, no requests.",
      date: date(2026, 10, 28)),
    Article(
      id: 3, title: "Testing every state change",
      blurb: "Exhaustive tests describe each change and each effect, and fail with a diff.",
      date: date(2026, 10, 21)),
    Article(
      id: 4, title: "Swift on the server, without the dependencies",
      blurb: "A package that builds in seconds runs anywhere the toolchain does.",
      date: date(2026, 10, 14)),
    Article(
      id: 5, title: "Lists of a hundred thousand rows",
      blurb: "Identified collections find a row by id in constant time and change it in place.",
      date: date(2026, 10, 7)),
    Article(
      id: 6, title: "Cancelling work you no longer need",
      blurb: "Effects of a removed row stop with it, so late answers never land on stale rows.",
      date: date(2026, 9, 30)),
  ]

  private static func date(_ year: Int, _ month: Int, _ day: Int) -> Date {
    var components = DateComponents()
    (components.year, components.month, components.day) = (year, month, day)
    components.timeZone = TimeZone(identifier: "UTC")
    return Calendar(identifier: .gregorian).date(from: components) ?? Date(timeIntervalSince1970: 0)
  }
}
