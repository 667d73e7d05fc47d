// NB: SwiftUI exists on Apple platforms only; CI type-checks this file against a stand-in.
#if canImport(SwiftUI)
  import SwiftUI

  extension RedactionReasons {
    /// The same reasons as SwiftUI's: `.placeholder` and `.privacy`.
    public var swiftUI: SwiftUI.RedactionReasons {
      var reasons: SwiftUI.RedactionReasons = []
      if contains(.placeholder) { reasons.insert(.placeholder) }
      if contains(.privacy) { reasons.insert(.privacy) }
      return reasons
    }
  }

  extension View {
    /// Redacts the view the way its store says, in one call: placeholder rows look like rows and
    /// do nothing (their store swallows their actions), private fields are hidden.
    ///
    /// ```swift
    /// ArticleRowView(store: rowStore)
    ///   .redacted(reason: rowStore.redactionReasons)
    /// ```
    /// - Parameter reason: The store's ``Store/redactionReasons``.
    /// - Returns: The view, redacted for those reasons (not at all when they are empty).
    public func redacted(reason: RedactionReasons) -> some View {
      redacted(reason: reason.swiftUI)
    }
  }
#endif
