// A feature written as most apps write one: the reducer and its view in one file that imports
// both SwiftUI and the kit. Type-checked by .ci/swiftui-typecheck; it must compile with no name
// made ambiguous by the kit.
import ReducerKit
import SwiftUI

struct Shelf: Reducer {
  struct State: Equatable, Redactable {
    var isLoading = true
    var titles: [String] = []
    var redactionReasons: RedactionReasons { isLoading ? .placeholder : [] }
  }
  enum Action: Equatable { case loaded([String]) }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .loaded(let titles):
        state.titles = titles
        state.isLoading = false
        return .none
      }
    }
  }
}

struct ShelfView: View {
  let store: StoreOf<Shelf>
  var body: some View {
    VStack {
      Text("Shelf")
      // A store's reasons go to SwiftUI's own modifier unconverted…
      Text("\(store.titles.count) titles").redacted(reason: store.redactionReasons)
      // …and plain SwiftUI redaction in the same file is SwiftUI's, unambiguous.
      Text("Loading").redacted(reason: .placeholder)
    }
  }
}
