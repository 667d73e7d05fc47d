import ReducerKit
import ReducerKitTesting
import Testing

/// A feature written the way migrating users write it: a view-action enum holding the bindings,
/// an animated send from an effect, an animated alert button, `StackActionOf`, and a shared key
/// that carries its own default.
struct MigratingProfile: Reducer {
  struct State: Equatable {
    var name = ""
    var saved = false
    @Shared(.names) var names
  }
  enum Action: Equatable {
    case view(View)
    case saved
    case path(StackActionOf<ProfileNote>)

    enum View: Equatable, BindableAction {
      case binding(BindingAction<State>)
      case saveTapped
      var binding: BindingAction<State>? {
        if case .binding(let action) = self { action } else { nil }
      }
    }
  }

  var body: some ReducerOf<Self> {
    BindingReducer(action: CasePath(Action.view) { if case .view(let a) = $0 { a } else { nil } })
    Reduce { state, action in
      switch action {
      case .view(.saveTapped):
        state.$names.withLock { $0.append(state.name) }
        return .run { send in await send(.saved, animation: .default) }
      case .saved:
        state.saved = true
        return .none
      case .view, .path:
        return .none
      }
    }
  }
}

/// A screen the profile can push.
struct ProfileNote: Reducer {
  struct State: Equatable { var text = "" }
  enum Action: Equatable { case edited(String) }
  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

extension SharedKey where Self == InMemoryKey<[String]>.Default {
  /// The names, empty until set.
  static var names: Self { Self[.inMemory("names"), default: []] }
}

@MainActor
struct MigrationSpellingsTests {
  @Test func aViewActionBindingAnAnimatedSendAndADefaultedSharedKey() async {
    let store = TestStore(initialState: MigratingProfile.State()) { MigratingProfile() }
    await store.send(.view(.binding(.set(\.name, "Blob")))) { $0.name = "Blob" }
    await store.send(.view(.saveTapped)) { $0.$names.withLock { $0 = ["Blob"] } }
    await store.receive(.saved) { $0.saved = true }
    // The key's default and type, and the same value as a declaration with the base key.
    @Shared(.names) var names
    @Shared(.inMemory("names")) var same: [String] = ["ignored"]
    #expect(names == ["Blob"])
    #expect(same == ["Blob"])
  }

  @Test func anAlertButtonSendsInAnAnimation() {
    let button = ButtonState<MigratingProfile.Action>(action: .send(.saved, animation: .default)) {
      TextState("Save")
    }
    #expect(button.action?.action == .saved)
    #expect(button.action?.isAnimated == true)
    let plain = ButtonState<MigratingProfile.Action>(action: .send(.saved, animation: nil)) {
      TextState("Save")
    }
    #expect(plain.action?.isAnimated == false)
  }

  @Test func stackActionOfNamesTheStackActionOfAReducer() {
    let action: StackActionOf<ProfileNote> = .element(id: 0, action: .edited("a"))
    #expect(
      action
        == StackAction<ProfileNote.State, ProfileNote.Action>.element(id: 0, action: .edited("a")))
  }
}
