import ReducerKit
import ReducerKitTesting
import Testing

/// A tree of nodes, each embedding its children with `forEach` of itself.
struct Node: Reducer {
  struct State: Equatable, Identifiable {
    let id: Int
    var isOn = false
    var children: IdentifiedArrayOf<State> = []
  }
  indirect enum Action: Equatable {
    case toggle
    case addChild(id: Int)
    case children(IdentifiedAction<Int, Action>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .toggle:
        state.isOn.toggle()
      case .addChild(let id):
        state.children.append(State(id: id))
      case .children:
        break
      }
      return .none
    }
    .forEach(
      \.children,
      action: CasePath(Action.children) { if case .children(let a) = $0 { a } else { nil } }
    ) {
      Node()
    }
  }
}

/// Recursive features: a reducer that embeds itself builds and runs at any depth.
@MainActor
struct RecursionTests {
  @Test func aRecursiveReducerBuildsAndRunsThreeLevelsDeep() async {
    // Creating the store used to overflow the stack: each level built the next level's body.
    let store = TestStore(initialState: Node.State(id: 0)) { Node() }
    await store.send(.addChild(id: 1)) { $0.children = [Node.State(id: 1)] }
    await store.send(.children(.element(id: 1, action: .addChild(id: 2)))) {
      $0.children[id: 1]?.children = [Node.State(id: 2)]
    }
    await store.send(
      .children(.element(id: 1, action: .children(.element(id: 2, action: .toggle))))
    ) {
      $0.children[id: 1]?.children[id: 2]?.isOn = true
    }
    await store.send(.toggle) { $0.isOn = true }
  }

  @Test func aPlainStoreOfARecursiveReducerRunsDeepActions() {
    var tree = Node.State(id: 0)
    tree.children = [
      Node.State(id: 1, children: [Node.State(id: 2, children: [Node.State(id: 3)])])
    ]
    let store = Store(initialState: tree) { Node() }
    store.send(
      .children(
        .element(
          id: 1,
          action: .children(
            .element(id: 2, action: .children(.element(id: 3, action: .toggle)))))))
    #expect(store.state.children[id: 1]?.children[id: 2]?.children[id: 3]?.isOn == true)
  }
}
