import ReducerKit
import ReducerKitTesting
import Testing

/// A placeholder todo list driven by an onboarding tour that enables one control per step.
struct TourTodos: Reducer {
  struct State: Equatable {
    enum Filter: Equatable { case all, active, completed }
    var step = 1
    var filter = Filter.all
    var todos: IdentifiedArrayOf<Todo.State> = [
      Todo.State(id: 1, title: "Try the filter"), Todo.State(id: 2, title: "Tick me"),
    ]
    var newTodoTitle = ""
  }

  enum Action: Equatable {
    case filterPicked(State.Filter)
    case todos(IdentifiedActionOf<Todo>)
    case addTapped
    case titleChanged(String)
    case tourNext
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .tourNext = action { state.step += 1 }
      return .none
    }
    CombineReducers {
      Reduce { state, action in
        switch action {
        case .filterPicked(let filter): state.filter = filter
        case .addTapped: state.todos.append(Todo.State(id: 3, title: state.newTodoTitle))
        case .titleChanged(let title): state.newTodoTitle = title
        case .todos, .tourNext: break
        }
        return .none
      }
      .forEach(
        \.todos,
        action: CasePath(Action.todos) { if case .todos(let a) = $0 { a } else { nil } }
      ) {
        Todo()
      }
    }
    .placeholder { state, action in
      switch (state.step, action) {
      case (1, .filterPicked): true
      case (2, .todos(.element(_, .toggleCompleted))): true
      default: false
      }
    }
  }
}

struct Todo: Reducer {
  struct State: Equatable, Identifiable {
    let id: Int
    var title: String
    var isCompleted = false
  }
  enum Action: Equatable {
    case toggleCompleted
    case titleChanged(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .toggleCompleted: state.isCompleted.toggle()
    case .titleChanged(let title): state.title = title
    }
    return .none
  }
}

@MainActor
struct OnboardingTourTests {
  @Test func eachStepEnablesOnlyItsControl() async {
    let store = TestStore(initialState: TourTodos.State()) { TourTodos() }

    // Step 1: only the filter picker is live.
    await store.send(.filterPicked(.active)) { $0.filter = .active }
    await store.send(.todos(.element(id: 1, action: .toggleCompleted)))
    await store.send(.todos(.element(id: 1, action: .titleChanged("x"))))
    await store.send(.titleChanged("New"))
    await store.send(.addTapped)

    // Step 2: only the row checkboxes are live.
    await store.send(.tourNext) { $0.step = 2 }
    await store.send(.filterPicked(.completed))
    await store.send(.todos(.element(id: 2, action: .toggleCompleted))) {
      $0.todos[id: 2]?.isCompleted = true
    }
    await store.send(.todos(.element(id: 2, action: .titleChanged("x"))))
    await store.send(.addTapped)

    // Step 3: nothing is live.
    await store.send(.tourNext) { $0.step = 3 }
    await store.send(.filterPicked(.all))
    await store.send(.todos(.element(id: 1, action: .toggleCompleted)))
    await store.send(.titleChanged("Later"))
    await store.send(.addTapped)
  }
}
