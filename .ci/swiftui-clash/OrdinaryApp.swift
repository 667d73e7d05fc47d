// Ordinary app code — a settings form, a list of identifiable items, a sheet and an alert driven
// by view state, environment values — in a file that imports the kit: what an existing app's
// view files use must keep compiling, unchanged, when the kit is added.
import ReducerKit
import SwiftUI

struct Note: Identifiable, Hashable {
  let id: Int
  var title: String
}

struct NotesView: View {
  let notes: [Note]
  @State var query = ""
  @State var isSharing = false
  @State var isConfirming = false
  @State var notifies = true
  @Environment(\.redactionReasons) var redactionReasons
  @Environment(\.dismiss) var dismiss

  var body: some View {
    NavigationStack {
      Form {
        Section("Search") {
          TextField("Query", text: $query)
          Toggle("Notify", isOn: $notifies)
        }
        Section {
          List(notes) { note in
            NavigationLink(note.title, value: note)
          }
          ForEach(notes) { note in
            Label(note.title, systemImage: "doc")
          }
        }
        if redactionReasons.contains(.placeholder) {
          ProgressView()
        }
        Image(systemName: "star").unredacted()
        Button("Share") { isSharing = true }
          .disabled(notes.isEmpty)
          .padding()
        Button("Close") { dismiss() }
      }
      .sheet(isPresented: $isSharing) {
        Toggle("Notify", isOn: .constant(true))
      }
      .alert("Delete all?", isPresented: $isConfirming) {
        Button("Delete", role: .destructive) {}
      }
      .onAppear { query = "" }
      .task { isConfirming = false }
    }
  }
}
