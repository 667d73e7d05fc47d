// The articles screen in SwiftUI, over the same `ArticlesFeature` the terminal app runs. Open
// this folder's files in an Xcode app target that depends on ReducerKit's `ArticlesFeature`
// product (see README.md here). CI type-checks it on Linux against a stand-in of SwiftUI.
import ArticlesFeature
import ReducerKit
import SwiftUI

@main
struct ArticlesApp: App {
  @State var store = Store(initialState: Articles.State()) { Articles() }

  var body: some Scene {
    WindowGroup {
      ArticlesScreen(store: store)
    }
  }
}
