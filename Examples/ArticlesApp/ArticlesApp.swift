// The articles screen in SwiftUI, over the same `ArticlesFeature` the terminal app runs: each of
// its features keeps its view beside its reducer, in one file that imports SwiftUI and the kit
// (`Sources/ArticlesFeature`). Open this file in an Xcode app target that depends on ReducerKit's
// `ArticlesFeature` product (see README.md here). CI type-checks it all on Linux against a
// stand-in of SwiftUI.
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
