// Foundation API that apps use on Apple platforms (where `import SwiftUI` brings Foundation) and
// that Linux's Foundation does not declare. Declarations only: see README.md.
import Foundation

extension URL {
  // https://developer.apple.com/documentation/foundation/url/documentsdirectory
  public static var documentsDirectory: URL { fatalError() }
}
