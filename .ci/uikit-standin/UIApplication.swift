// Stand-in of the UIKit API ReducerKit uses (the app's lifecycle notifications, for saving file
// storage before the app is suspended), so that `.ci/swiftui-typecheck` type-checks that
// `#if canImport(UIKit)` code on Linux. Declarations only, each following Apple's page.
import Foundation

// https://developer.apple.com/documentation/uikit/uiapplication
@MainActor open class UIApplication {
  // https://developer.apple.com/documentation/uikit/uiapplication/didenterbackgroundnotification
  nonisolated public class var didEnterBackgroundNotification: NSNotification.Name {
    fatalError()
  }
  // https://developer.apple.com/documentation/uikit/uiapplication/willterminatenotification
  nonisolated public class var willTerminateNotification: NSNotification.Name { fatalError() }
}
