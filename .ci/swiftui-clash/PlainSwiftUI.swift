// Plain SwiftUI code that uses SwiftUI names the kit also declares or extends (`RedactionReasons`,
// `redacted`, `Binding`, `Bindable`, `sheet`, `alert`, `ForEach`, `NavigationStack`, `Animation`),
// in a file that imports the kit: adopting the kit must not make any of them ambiguous.
import Observation
import ReducerKit
import SwiftUI

@Observable final class Library {
  var path: [Int] = []
  var selected: Book?
  var isAlertShown = false
}

struct Book: Identifiable, Hashable {
  let id: Int
  var title: String
}

struct LibraryView: View {
  @Bindable var library: Library
  let books: [Book]
  let reasons: RedactionReasons = [.placeholder, .privacy]

  var body: some View {
    NavigationStack(path: $library.path) {
      VStack {
        ForEach(books, id: \.id) { book in
          Text(book.title).redacted(reason: reasons)
        }
        Button("Animate") { withAnimation(Animation.default) { library.isAlertShown = true } }
      }
      .sheet(item: $library.selected) { book in Text(book.title) }
      .fullScreenCover(item: $library.selected) { book in Text(book.title) }
      .navigationDestination(item: $library.selected) { book in Text(book.title) }
      .alert(
        Text("Hello"), isPresented: $library.isAlertShown, presenting: library.selected,
        actions: { _ in Text("OK") }, message: { book in Text(book.title) })
    }
  }
}

func privacyOnly(_ binding: Binding<Bool>) -> RedactionReasons {
  binding.wrappedValue ? .privacy : []
}
