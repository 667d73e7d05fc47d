#if canImport(SwiftUI)
  import SwiftUI

  // NB: on platforms with SwiftUI the kit's redaction reasons are SwiftUI's own, so that a file
  // importing both never finds `RedactionReasons` or `.redacted(reason:)` ambiguous, and a
  // store's reasons go to `.redacted(reason:)` unconverted.
  /// Why part of the UI is redacted: SwiftUI's own `RedactionReasons` (`.placeholder`,
  /// `.privacy`), the one value a view reads to draw redaction and a reducer reads to make the
  /// logic inert.
  public typealias RedactionReasons = SwiftUI.RedactionReasons
#else
  /// Why part of the UI is redacted: the one value a view reads to draw redaction and a reducer
  /// reads to make the logic inert.
  ///
  /// ```swift
  /// struct Articles: Reducer {
  ///   struct State: Redactable {
  ///     var isLoading = true
  ///     var redactionReasons: RedactionReasons { isLoading ? .placeholder : [] }
  ///   }
  ///   …
  /// }
  /// ```
  ///
  /// On Apple platforms this is SwiftUI's `RedactionReasons` itself, and a view passes a store's
  /// reasons on unconverted: `.redacted(reason: store.redactionReasons)`. Here, where there is no
  /// SwiftUI, it is the kit's, with the same names; the terminal example draws `█`.
  public struct RedactionReasons: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The raw bits; the low 8 are reserved for ReducerKit, use the others for custom reasons.
    public let rawValue: Int

    /// Creates reasons from raw bits. Define custom reasons from bit 8 up:
    /// `static let tutorial = RedactionReasons(rawValue: 1 << 8)`.
    @inlinable public init(rawValue: Int) { self.rawValue = rawValue }

    // NB: computed and inlinable, not stored: a stored `static let` is read through a call to
    // its lazy initializer, which a `Redactable` state's `isLoading ? .placeholder : []` made on
    // every redacted send (`benchmarks --instructions --filter "redacted send"`).
    /// The content is not real yet: fake rows shown while the real ones load.
    @inlinable public static var placeholder: RedactionReasons {
      RedactionReasons(rawValue: 1 << 0)
    }
    /// The content is real but must not be shown (a locked screen, a screen recording).
    @inlinable public static var privacy: RedactionReasons { RedactionReasons(rawValue: 1 << 1) }

    /// The reasons, spelled out: `[.privacy, custom(0x100)]`.
    public var description: String { describe(self) }
  }
#endif

/// The reasons, spelled out (`[.placeholder]`), for messages and dumps on every platform.
func describe(_ reasons: RedactionReasons) -> String {
  var names: [String] = []
  if reasons.contains(.placeholder) { names.append(".placeholder") }
  if reasons.contains(.privacy) { names.append(".privacy") }
  let custom = reasons.rawValue & ~0xFF
  if custom != 0 { names.append("custom(0x\(String(custom, radix: 16)))") }
  return "[" + names.joined(separator: ", ") + "]"
}

/// A state that says whether, and why, it is redacted.
///
/// Adopt it to drive both the look and the logic from one place: ``Reducer/redacted(allowing:whileRedacted:fileID:filePath:line:column:)``
/// makes the logic inert while `redactionReasons` is not empty, and ``Store/redactionReasons``
/// tells the view.
public protocol Redactable {
  /// Why the state is redacted; empty when it is not.
  var redactionReasons: RedactionReasons { get }
}
