import Foundation

/// Why a shared value could not be loaded from where its key keeps it; the declaration then
/// holds its default value. Read it from ``Shared/loadError``.
///
/// An app shows it, instead of learning of it only from a warning in the console:
///
/// ```swift
/// if let error = store.$scrums.loadError {
///   Text("Your scrums could not be loaded: \(error)")
/// }
/// ```
///
/// File storage never writes over a file it could not load: a file that does not decode is
/// moved aside first (``movedAside`` says where), and a file it could not read at all (its
/// permissions, say) is not written until it is removed.
public struct SharedLoadError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Reason: Equatable, Sendable {
    /// The kept value could not be read (the file's permissions, a folder in its place).
    case unreadable
    /// The kept value was read but does not decode as the declared type.
    case undecodable
  }

  /// The key, as it describes itself: `fileStorage(/…/scrums.json)`.
  public let key: String
  /// What went wrong.
  public let reason: Reason
  /// What the system or the decoder said, in words.
  public let detail: String
  /// Where the contents that did not decode were moved, so that no save replaces them; `nil`
  /// when they were not moved.
  public let movedAside: URL?

  /// A failure to load `key`.
  /// - Parameters:
  ///   - key: The key's description.
  ///   - reason: What went wrong.
  ///   - detail: What the system or the decoder said.
  ///   - movedAside: Where the contents were moved, if they were.
  public init(key: String, reason: Reason, detail: String, movedAside: URL? = nil) {
    self.key = key
    self.reason = reason
    self.detail = detail
    self.movedAside = movedAside
  }

  /// One sentence for a person: what could not be loaded, why, and where its contents went.
  public var description: String {
    let what = reason == .unreadable ? "could not be read" : "does not decode"
    var text = "\(key) \(what): \(detail)"
    if let movedAside { text += " (its contents were moved to \(movedAside.path))" }
    return text
  }

  /// The words of `error` a person reads: a decoding error's debug description and path, a
  /// file error's localized description, never a dump of its fields.
  // NB: built unoptimized (CONTRIBUTING, "Compile-cost notes").
  @_optimize(none)
  package static func words(for error: any Error) -> String {
    if let error = error as? DecodingError {
      let context: DecodingError.Context
      switch error {
      case .dataCorrupted(let found), .keyNotFound(_, let found), .typeMismatch(_, let found),
        .valueNotFound(_, let found):
        context = found
      @unknown default:
        return error.localizedDescription
      }
      let path = context.codingPath.map(\.stringValue).joined(separator: ".")
      let underlying = (context.underlyingError as? NSError)?.localizedDescription
      return [path.isEmpty ? nil : "at \(path)", context.debugDescription, underlying]
        .compactMap { $0 }.joined(separator: ": ")
    }
    return (error as? LocalizedError)?.errorDescription ?? error.localizedDescription
  }

  /// Collects the failure a key reports while it loads: ``SharedStorage`` installs one around
  /// each first load and hands what it caught to the value's root.
  package final class Sink: Sendable {
    package let failure = LockedValue<SharedLoadError?>(nil)
    package init() {}
  }

  /// The sink of the load running on this task, if any.
  @TaskLocal package static var sink: Sink?

  /// Tells the load running now that it failed, with `self`.
  package func report() {
    Self.sink?.failure.withLock { $0 = self }
  }
}
