import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension DependencyValues {
  /// The calendar features compute dates with. Live: `Calendar.autoupdatingCurrent`. A test
  /// that reads it without overriding it fails, naming it.
  ///
  /// ```swift
  /// $0.calendar = Calendar(identifier: .gregorian)
  /// ```
  public var calendar: Calendar {
    get { self[CalendarKey.self] }
    set { self[CalendarKey.self] = newValue }
  }

  /// The locale features format with. Live: `Locale.autoupdatingCurrent`. A test that reads it
  /// without overriding it fails, naming it.
  public var locale: Locale {
    get { self[LocaleKey.self] }
    set { self[LocaleKey.self] = newValue }
  }

  /// The time zone features compute dates in. Live: `TimeZone.autoupdatingCurrent`. A test that
  /// reads it without overriding it fails, naming it.
  public var timeZone: TimeZone {
    get { self[TimeZoneKey.self] }
    set { self[TimeZoneKey.self] = newValue }
  }

  /// The URL session features make requests with. Live: `URLSession.shared`. A test that reads
  /// it without overriding it fails, naming it, so that no test reaches the network by accident.
  public var urlSession: URLSession {
    get { self[URLSessionKey.self] }
    set { self[URLSessionKey.self] = newValue }
  }
}

private enum CalendarKey: DependencyKey {
  static var liveValue: Calendar { .autoupdatingCurrent }
}

private enum LocaleKey: DependencyKey {
  static var liveValue: Locale { .autoupdatingCurrent }
}

private enum TimeZoneKey: DependencyKey {
  static var liveValue: TimeZone { .autoupdatingCurrent }
}

private enum URLSessionKey: DependencyKey {
  static var liveValue: URLSession { .shared }
}
