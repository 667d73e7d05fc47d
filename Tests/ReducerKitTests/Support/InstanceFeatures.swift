import ReducerKit

/// A feature with one piece of cancellable work: the shape of a row that loads something.
struct Worker: Reducer {
  struct State: Equatable, Identifiable {
    let id: Int
    var finished = 0
  }
  enum Action: Equatable { case start, cancel, finished }
  enum CancelID { case work }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(10))
        await send(.finished)
      }
      .cancellable(id: CancelID.work, cancelInFlight: true)
    case .cancel:
      return .cancel(id: CancelID.work)
    case .finished:
      state.finished += 1
      return .none
    }
  }
}

/// A list of workers that can grow and shrink.
struct WorkerList: Reducer {
  struct State: Equatable, Identifiable {
    var id = 0
    var rows: IdentifiedArrayOf<Worker.State> = []

    init(id: Int = 0, rows: [Int] = []) {
      self.id = id
      self.rows = IdentifiedArray(uniqueElements: rows.map { Worker.State(id: $0) })
    }
  }
  enum Action: Equatable {
    case rows(IdentifiedActionOf<Worker>)
    case add(Int)
    case remove(Int)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .add(let id):
        state.rows.append(Worker.State(id: id))
        return .none
      case .remove(let id):
        state.rows.remove(id: id)
        return .none
      case .rows:
        return .none
      }
    }
    .forEach(\.rows, action: .rows) { Worker() }
  }
}

/// Two lists of the same row feature, side by side.
struct TwoLists: Reducer {
  struct State: Equatable {
    var left = WorkerList.State()
    var right = WorkerList.State()
  }
  enum Action: Equatable {
    case left(WorkerList.Action)
    case right(WorkerList.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.left, action: .left) { WorkerList() }
    Scope(state: \.right, action: .right) { WorkerList() }
  }
}

/// Groups of items: a `forEach` inside a `forEach`.
struct Groups: Reducer {
  struct State: Equatable {
    var groups: IdentifiedArrayOf<WorkerList.State> = []
  }
  enum Action: Equatable {
    case groups(IdentifiedActionOf<WorkerList>)
    case removeGroup(Int)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .removeGroup(let id) = action { state.groups.remove(id: id) }
      return .none
    }
    .forEach(\.groups, action: .groups) { WorkerList() }
  }
}

/// A feature whose state is an enum with a worker case (`ifCaseLet`).
struct Switcher: Reducer {
  enum State: Equatable {
    case idle
    case working(Worker.State)
  }
  enum Action: Equatable {
    case working(Worker.Action)
    case start
    case stop
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .start: state = .working(Worker.State(id: 1))
      case .stop: state = .idle
      case .working: break
      }
      return .none
    }
    .ifCaseLet(.working, action: .working) { Worker() }
  }
}

/// A feature that shows an optional worker (`ifLet`) and holds a switcher (`ifCaseLet`).
struct Presenter: Reducer {
  struct State: Equatable {
    var child: Worker.State?
    var mode: Switcher.State = .idle
  }
  enum Action: Equatable {
    case child(Worker.Action)
    case mode(Switcher.Action)
    case open
    case close
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.mode, action: .mode) { Switcher() }
    Reduce { state, action in
      switch action {
      case .open: state.child = Worker.State(id: 1)
      case .close: state.child = nil
      case .child, .mode: break
      }
      return .none
    }
    .ifLet(\.child, action: .child) { Worker() }
  }
}

/// Two sibling copies of the presenter.
struct TwoPresenters: Reducer {
  struct State: Equatable {
    var first = Presenter.State()
    var second = Presenter.State()
  }
  enum Action: Equatable {
    case first(Presenter.Action)
    case second(Presenter.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.first, action: .first) { Presenter() }
    Scope(state: \.second, action: .second) { Presenter() }
  }
}

// MARK: - Case paths

extension CasePath<WorkerList.Action, IdentifiedActionOf<Worker>> {
  static var rows: Self {
    CasePath(WorkerList.Action.rows) { if case .rows(let action) = $0 { action } else { nil } }
  }
}

extension CasePath<TwoLists.Action, WorkerList.Action> {
  static var left: Self {
    CasePath(TwoLists.Action.left) { if case .left(let action) = $0 { action } else { nil } }
  }
  static var right: Self {
    CasePath(TwoLists.Action.right) { if case .right(let action) = $0 { action } else { nil } }
  }
}

extension CasePath<Groups.Action, IdentifiedActionOf<WorkerList>> {
  static var groups: Self {
    CasePath(Groups.Action.groups) { if case .groups(let action) = $0 { action } else { nil } }
  }
}

extension CasePath<Presenter.Action, Worker.Action> {
  static var child: Self {
    CasePath(Presenter.Action.child) { if case .child(let action) = $0 { action } else { nil } }
  }
}

extension CasePath<Presenter.Action, Switcher.Action> {
  static var mode: Self {
    CasePath(Presenter.Action.mode) { if case .mode(let action) = $0 { action } else { nil } }
  }
}

extension CasePath<Switcher.Action, Worker.Action> {
  static var working: Self {
    CasePath(Switcher.Action.working) {
      if case .working(let action) = $0 { action } else { nil }
    }
  }
}

extension CasePath<Switcher.State, Worker.State> {
  static var working: Self {
    CasePath(Switcher.State.working) { if case .working(let state) = $0 { state } else { nil } }
  }
}

extension CasePath<TwoPresenters.Action, Presenter.Action> {
  static var first: Self {
    CasePath(TwoPresenters.Action.first) {
      if case .first(let action) = $0 { action } else { nil }
    }
  }
  static var second: Self {
    CasePath(TwoPresenters.Action.second) {
      if case .second(let action) = $0 { action } else { nil }
    }
  }
}
