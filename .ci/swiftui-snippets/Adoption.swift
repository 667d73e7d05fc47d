// SwiftUI.md, "Adopting the kit in an existing app": a one-file feature.
import ReducerKit
import SwiftUI

struct Settings: Reducer {
  struct State: Equatable {
    var name = ""
    var notifies = false
  }
  enum Action: BindableAction {
    case binding(BindingAction<State>)
    case closeTapped
  }
  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding:
        return .none
      case .closeTapped:
        return .run { [dismiss] _ in await dismiss() }
      }
    }
  }
}

struct SettingsView: View {
  @Bindable var store: StoreOf<Settings>

  var body: some View {
    Form {
      TextField("Name", text: $store.name)
      Toggle("Notify", isOn: $store.notifies)
      Button("Close") { store.send(.closeTapped) }
    }
  }
}
