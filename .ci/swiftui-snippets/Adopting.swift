// AdoptingInAnExistingApp.md: where a store lives, a converted screen under a plain parent
// with a `@Binding`, a screen beside an `ObservableObject` model, and a file that could not be
// loaded. The features are context; the views are the article's, line for line.
import Foundation
import ReducerKit
import SwiftUI

struct Scrum: Equatable, Identifiable, Codable, Sendable {
  var id = UUID()
  var title = ""
  var minutes = 5.0
}

struct EditScrum: Reducer {
  struct State: Equatable {
    var scrum: Scrum
  }
  enum Action: BindableAction {
    case binding(BindingAction<State>)
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
  }
}

struct EditScrumView: View {
  @Bindable var store: StoreOf<EditScrum>
  var body: some View {
    Form {
      TextField("Title", text: $store.scrum.title)
      Slider(value: $store.scrum.minutes, in: 5...30, step: 1)
    }
  }
}

struct Meeting: Equatable, Sendable {
  var minutes: Int
}

struct MeetingTimer: Reducer {
  struct State: Equatable {
    var elapsed = 0
    var finished: Meeting?
  }
  enum Action: Equatable {
    case endTapped
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      state.finished = Meeting(minutes: state.elapsed)
      return .none
    }
  }
}

struct MeetingTimerView: View {
  let store: StoreOf<MeetingTimer>
  var body: some View {
    Button("End meeting") { store.send(.endTapped) }
  }
}

final class HistoryModel: ObservableObject {
  @Published var meetings: [Meeting] = []
  func add(_ meeting: Meeting) { meetings.append(meeting) }
}

struct Scrums: Reducer {
  struct State: Equatable {
    @Shared(.fileStorage(.documentsDirectory.appending(path: "scrums.json")))
    var scrums: [Scrum] = []
  }
  enum Action: Equatable {
    case addTapped
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      state.$scrums.withLock { $0.append(Scrum()) }
      return .none
    }
  }
}

// Where a store lives.

struct ScrumsApp: App {
  @State private var store = Store(initialState: Scrums.State()) { Scrums() }

  var body: some Scene {
    WindowGroup {
      ScrumsView(store: store)
    }
  }
}

// A converted screen under a plain parent.

struct DetailView: View {
  @State private var scrum = Scrum()
  @State private var isEditing = false

  var body: some View {
    Button("Edit") { isEditing = true }
      .sheet(isPresented: $isEditing) {
        EditScrumScreen(scrum: $scrum)
      }
  }
}

struct EditScrumScreen: View {
  @Binding var scrum: Scrum
  @State private var store: StoreOf<EditScrum>

  init(scrum: Binding<Scrum>) {
    _scrum = scrum
    _store = State(initialValue: Store(initialState: EditScrum.State(scrum: scrum.wrappedValue)) {
      EditScrum()
    })
  }

  var body: some View {
    EditScrumView(store: store)
      .onChange(of: store.scrum) { _, edited in scrum = edited }
  }
}

// Beside an `ObservableObject` model.

struct MeetingScreen: View {
  @EnvironmentObject var history: HistoryModel
  @State private var store = Store(initialState: MeetingTimer.State()) { MeetingTimer() }

  var body: some View {
    MeetingTimerView(store: store)
      .onChange(of: store.finished) { _, meeting in
        if let meeting { history.add(meeting) }
      }
  }
}

// A file that could not be loaded.

struct ScrumsView: View {
  let store: StoreOf<Scrums>

  var body: some View {
    List {
      if let error = store.$scrums.loadError {
        Text("Your scrums could not be loaded: \(error)")
      }
      ForEach(store.scrums) { scrum in
        Text(scrum.title)
      }
    }
  }
}
