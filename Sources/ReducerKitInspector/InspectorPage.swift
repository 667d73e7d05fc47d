import Foundation
import ReducerKit
import ReducerKitRecording

/// A recording as one self-contained HTML page: a timeline of its steps in lanes by origin, with
/// effect lifetimes as spans; the selected step's action, warnings, state changes and whole
/// state; search by action name; ←/→ to step, `/` to search.
///
/// ```swift
/// let recording = try Recording.decode(Data(contentsOf: sessionURL))
/// try InspectorPage(recording: recording, title: "bug-1234").write(to: pageURL)
/// ```
///
/// The page needs no network: its script, styles and data are inside it. It draws only the
/// rows on screen and rebuilds a step's state from the nearest of its whole states, so a
/// session of ten thousand steps opens and steps at once. Sensitive values are in it only as
/// the recording holds them: `█████`, unless the recording allowed them, which the page refuses
/// unless told otherwise.
public struct InspectorPage: Sendable {
  /// The page's HTML.
  public let html: String

  /// Builds the page for `recording`.
  /// - Parameters:
  ///   - recording: The session.
  ///   - title: The page's title (the session file's name, say).
  ///   - includingSensitiveValues: Build the page even though the recording holds sensitive
  ///     values as they are (see `StoreRecorder`'s `allowsSensitiveValues`).
  /// - Throws: ``InspectorError``.
  public init(recording: Recording, title: String, includingSensitiveValues: Bool = false) throws {
    guard !recording.allowsSensitiveValues || includingSensitiveValues else {
      throw InspectorError.sensitiveValues
    }
    let data: PageData
    do {
      data = try PageData(recording, title: title)
    } catch let error as StateChangeError {
      throw InspectorError.damaged(error.description)
    }
    html = PageTemplate.page(title: title, data: data.document.canonicalText)
  }

  /// Writes the page to `url`, atomically.
  /// - Parameter url: Where to write (`session.html`).
  /// - Throws: A file-system error.
  public func write(to url: URL) throws {
    try Data(html.utf8).write(to: url, options: .atomic)
  }
}

/// Why a page could not be built.
public enum InspectorError: Error, Equatable, CustomStringConvertible {
  /// The recording holds sensitive values as they are; a page would carry them.
  case sensitiveValues
  /// A step's state changes do not apply to the state before (an edited or damaged file).
  case damaged(String)

  /// What went wrong, and what to do.
  public var description: String {
    switch self {
    case .sensitiveValues:
      "The recording holds sensitive values as they are (it was made with "
        + "allowsSensitiveValues), and a page would carry them; pass "
        + "--include-sensitive-values (includingSensitiveValues: true) to build it anyway."
    case .damaged(let problem): "The recording is damaged: \(problem)"
    }
  }
}
