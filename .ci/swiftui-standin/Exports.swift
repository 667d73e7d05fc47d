// What `import SwiftUI` makes visible besides SwiftUI itself: Foundation (and, on Apple
// platforms, Core Graphics: `CGFloat`, `CGRect`… which Linux's Foundation declares, and the rest
// from .ci/coregraphics-standin), Combine's
// `ObservableObject` and `@Published`, and Observation's `Observable`. App files rely on it, so
// the stand-in re-exports the same modules.
@_exported import Combine
@_exported import CoreGraphics
@_exported import Foundation
@_exported import Observation
