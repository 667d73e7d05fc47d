import ReducerKit
import TestSupport
import Testing

/// Random sequences of add/remove/start/cancel over two sibling lists of groups of items,
/// checked step by step against a pure model of which effects must still be running.
@MainActor
struct InstanceModelTests {
  @Test(arguments: 0..<24)
  func runningEffectsMatchThePureModel(seed: UInt64) async {
    var random = RandomSource.Generator(seed: seed)
    let tracker = EffectTracker()
    var model = Model()
    var store: StoreOf<ModelSides>? = Store(initialState: ModelSides.State()) {
      ModelSides(tracker: tracker)
    }
    for step in 0..<40 {
      let operation = model.randomOperation(using: &random)
      model.apply(operation)
      store?.send(operation.action)
      let settled = await settle { tracker.running == model.running }
      #expect(
        settled,
        """
        seed \(seed), step \(step), after \(operation): running \(tracker.running.sorted()), \
        expected \(model.running.sorted())
        """)
      guard settled else { break }
    }
    store = nil
    #expect(await settle { tracker.running.isEmpty }, "a released store cancels everything")
  }

  func settle(_ condition: () -> Bool) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .seconds(2))
    while !condition() {
      guard clock.now < deadline else { return false }
      await Task.yield()
      try? await Task.sleep(for: .microseconds(100))
    }
    return true
  }
}

/// Which effects are running, by label: an effect counts from its first line to its end.
final class EffectTracker: Sendable {
  private let counts = Locked<[String: Int]>([:])

  func begin(_ label: String) { counts.withLock { $0[label, default: 0] += 1 } }
  func end(_ label: String) { counts.withLock { $0[label, default: 0] -= 1 } }

  /// The labels running now; a label running twice shows twice (as `label#2`).
  var running: Set<String> {
    counts.withLock { counts in
      Set(counts.filter { $0.value > 0 }.map { $0.value == 1 ? $0.key : "\($0.key)#\($0.value)" })
    }
  }
}

/// Work that runs until it is cancelled.
func work<Action>(_ label: String, _ tracker: EffectTracker) -> Effect<Action> {
  .run { _ in
    tracker.begin(label)
    defer { tracker.end(label) }
    try await Task.sleep(for: .seconds(3600))
  }
  .cancellable(id: ModelWork.id, cancelInFlight: true)
}

enum ModelWork { case id }

struct ModelItem: Reducer {
  struct State: Equatable, Identifiable { let id: Int }
  enum Action: Equatable {
    case start(String)
    case cancel
  }
  let tracker: EffectTracker

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start(let label): work(label, tracker)
    case .cancel: .cancel(id: ModelWork.id)
    }
  }
}

struct ModelGroup: Reducer {
  struct State: Equatable, Identifiable {
    let id: Int
    var items: IdentifiedArrayOf<ModelItem.State> = []
  }
  enum Action: Equatable {
    case items(IdentifiedActionOf<ModelItem>)
    case start(String)
    case cancel
    case addItem(Int)
    case removeItem(Int)
  }
  let tracker: EffectTracker

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .start(let label): return work(label, tracker)
      case .cancel: return .cancel(id: ModelWork.id)
      case .addItem(let id): state.items.append(ModelItem.State(id: id))
      case .removeItem(let id): state.items.remove(id: id)
      case .items: break
      }
      return .none
    }
    .forEach(
      \.items, action: CasePath(Action.items) { if case .items(let a) = $0 { a } else { nil } }
    ) { ModelItem(tracker: tracker) }
  }
}

struct ModelSide: Reducer {
  struct State: Equatable { var groups: IdentifiedArrayOf<ModelGroup.State> = [] }
  enum Action: Equatable {
    case groups(IdentifiedActionOf<ModelGroup>)
    case addGroup(Int)
    case removeGroup(Int)
  }
  let tracker: EffectTracker

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addGroup(let id): state.groups.append(ModelGroup.State(id: id))
      case .removeGroup(let id): state.groups.remove(id: id)
      case .groups: break
      }
      return .none
    }
    .forEach(
      \.groups, action: CasePath(Action.groups) { if case .groups(let a) = $0 { a } else { nil } }
    ) { ModelGroup(tracker: tracker) }
  }
}

struct ModelSides: Reducer {
  struct State: Equatable {
    var left = ModelSide.State()
    var right = ModelSide.State()
  }
  enum Action: Equatable {
    case left(ModelSide.Action)
    case right(ModelSide.Action)
  }
  let tracker: EffectTracker

  var body: some ReducerOf<Self> {
    Scope(
      state: \.left, action: CasePath(Action.left) { if case .left(let a) = $0 { a } else { nil } }
    ) {
      ModelSide(tracker: tracker)
    }
    Scope(
      state: \.right,
      action: CasePath(Action.right) { if case .right(let a) = $0 { a } else { nil } }
    ) {
      ModelSide(tracker: tracker)
    }
  }
}

/// The pure model: which groups and items exist, and which labels must be running.
struct Model {
  enum Operation: CustomStringConvertible {
    case addGroup(side: String, group: Int)
    case removeGroup(side: String, group: Int)
    case addItem(side: String, group: Int, item: Int)
    case removeItem(side: String, group: Int, item: Int)
    case startGroup(side: String, group: Int)
    case cancelGroup(side: String, group: Int)
    case startItem(side: String, group: Int, item: Int)
    case cancelItem(side: String, group: Int, item: Int)

    var description: String { "\(self.action)" }

    var action: ModelSides.Action {
      func side(_ name: String, _ action: ModelSide.Action) -> ModelSides.Action {
        name == "L" ? .left(action) : .right(action)
      }
      func group(_ id: Int, _ action: ModelGroup.Action) -> ModelSide.Action {
        .groups(.element(id: id, action: action))
      }
      switch self {
      case .addGroup(let s, let g): return side(s, .addGroup(g))
      case .removeGroup(let s, let g): return side(s, .removeGroup(g))
      case .addItem(let s, let g, let i): return side(s, group(g, .addItem(i)))
      case .removeItem(let s, let g, let i): return side(s, group(g, .removeItem(i)))
      case .startGroup(let s, let g): return side(s, group(g, .start("\(s)/\(g)")))
      case .cancelGroup(let s, let g): return side(s, group(g, .cancel))
      case .startItem(let s, let g, let i):
        return side(s, group(g, .items(.element(id: i, action: .start("\(s)/\(g)/\(i)")))))
      case .cancelItem(let s, let g, let i):
        return side(s, group(g, .items(.element(id: i, action: .cancel))))
      }
    }
  }

  /// side → group id → item ids.
  var groups: [String: [Int: Set<Int>]] = ["L": [:], "R": [:]]
  var running: Set<String> = []

  func randomOperation(using random: inout RandomSource.Generator) -> Operation {
    let side = Bool.random(using: &random) ? "L" : "R"
    let ids = 0..<3
    let existing = groups[side, default: [:]]
    guard let group = existing.keys.sorted().randomElement(using: &random) else {
      return .addGroup(side: side, group: Int.random(in: ids, using: &random))
    }
    let items = existing[group, default: []]
    let item = items.sorted().randomElement(using: &random)
    let newGroup = ids.filter { existing[$0] == nil }.randomElement(using: &random)
    let newItem = ids.filter { !items.contains($0) }.randomElement(using: &random)
    var choices: [Operation] = [
      .startGroup(side: side, group: group), .cancelGroup(side: side, group: group),
      .removeGroup(side: side, group: group),
    ]
    if let newGroup { choices.append(.addGroup(side: side, group: newGroup)) }
    if let newItem {
      choices += [
        .addItem(side: side, group: group, item: newItem),
        .addItem(side: side, group: group, item: newItem),
      ]
    }
    if let item {
      choices += [
        .startItem(side: side, group: group, item: item),
        .startItem(side: side, group: group, item: item),
        .cancelItem(side: side, group: group, item: item),
        .removeItem(side: side, group: group, item: item),
      ]
    }
    return choices.randomElement(using: &random) ?? .addGroup(side: side, group: group)
  }

  mutating func apply(_ operation: Operation) {
    switch operation {
    case .addGroup(let s, let g): groups[s, default: [:]][g] = []
    case .removeGroup(let s, let g):
      groups[s, default: [:]][g] = nil
      running = running.filter { $0 != "\(s)/\(g)" && !$0.hasPrefix("\(s)/\(g)/") }
    case .addItem(let s, let g, let i): groups[s, default: [:]][g, default: []].insert(i)
    case .removeItem(let s, let g, let i):
      groups[s, default: [:]][g, default: []].remove(i)
      running.remove("\(s)/\(g)/\(i)")
    // NB: a group's cancel (and its start, which cancels in flight) reaches its items' work
    // with the same id, as in the best-known library; a sibling group's never.
    case .startGroup(let s, let g):
      running = running.filter { !$0.hasPrefix("\(s)/\(g)/") }
      running.insert("\(s)/\(g)")
    case .cancelGroup(let s, let g):
      running = running.filter { $0 != "\(s)/\(g)" && !$0.hasPrefix("\(s)/\(g)/") }
    case .startItem(let s, let g, let i): running.insert("\(s)/\(g)/\(i)")
    case .cancelItem(let s, let g, let i): running.remove("\(s)/\(g)/\(i)")
    }
  }
}
