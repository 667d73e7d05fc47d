import ReducerKit
import ReducerKitTesting
import Testing

/// A form writes fields through the reducer, in one action each, observable and assertable.
@MainActor
struct BindingTests {
  @Test func aBindingActionWritesTheFieldAndTheFeatureReactsToIt() async {
    let store = TestStore(initialState: Profile.State()) { Profile() }
    await store.send(.binding(.set(\.name, "Blob"))) {
      $0.name = "Blob"
      $0.isDirty = true
      $0.nameLength = 4
    }
    await store.send(.binding(.set(\.notifications, true))) { $0.notifications = true }
    await store.send(.saveTapped) { $0.isDirty = false }
  }

  @Test func aFieldWriteCanBeSentAsTheActionItself() async {
    let store = TestStore(initialState: Profile.State()) { Profile() }
    #expect(Profile.Action.set(\.name, "Blob") == .binding(.set(\.name, "Blob")))
    await store.send(.set(\.notifications, true)) { $0.notifications = true }
  }

  @Test func bindingActionsCompareByFieldAndValue() {
    typealias Write = BindingAction<Profile.State>
    #expect(Write.set(\.name, "Blob") == Write.set(\.name, "Blob"))
    #expect(Write.set(\.name, "Blob") != Write.set(\.name, "Blob Jr."))
    #expect(Write.set(\.name, "") != Write.set(\.nickname, ""))
    #expect("\(Write.set(\.name, "Blob"))".contains("\"Blob\""))
    // Test failures and logs describe actions with the state dump: one readable line.
    let text = describe(Profile.Action.binding(.set(\.name, "Blob")))
    #expect(text == #"Profile.Action.binding(set(name, "Blob"))"#)
  }

  @Test func aFieldWriteIsACaseKeyPath() async {
    // As the best-known library's tests write them: `\.binding.name`.
    let store = TestStore(initialState: Profile.State()) { Profile() }
    await store.send(\.binding.name, "Blob") {
      $0.name = "Blob"
      $0.isDirty = true
      $0.nameLength = 4
    }
    let name = CasePath<Profile.Action, String>(\.binding.name)
    #expect(name.extract(.binding(.set(\.name, "X"))) == "X")
    #expect(name.extract(.binding(.set(\.nickname, "X"))) == nil)
    #expect(Profile.Action.binding(.set(\.name, "X")).is(\.binding.name))
    #expect(!Profile.Action.binding(.set(\.name, "X")).is(\.binding.nickname))
  }

  @Test func aStoreAppliesTheWriteAndMatchesByKeyPath() {
    let store = Store(initialState: Profile.State()) { Profile() }
    store.send(.binding(.set(\.nickname, "B")))
    #expect(store.nickname == "B")
    #expect(!store.isDirty)
  }
}

/// A profile form.
struct Profile: Reducer {
  struct State: Equatable {
    var name = ""
    var nickname = ""
    var notifications = false
    var isDirty = false
    var nameLength = 0
  }
  enum Action: Equatable, BindableAction {
    case binding(BindingAction<State>)
    case saveTapped

    var binding: BindingAction<State>? { if case .binding(let a) = self { a } else { nil } }
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
      .onChange(of: \.name) { _, name in
        Reduce { state, _ in
          state.nameLength = name.count
          return .none
        }
      }
    Reduce { state, action in
      switch action {
      case .binding(\.name):
        state.isDirty = true
        return .none
      case .binding:
        return .none
      case .saveTapped:
        state.isDirty = false
        return .none
      }
    }
  }
}
