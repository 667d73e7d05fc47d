import ReducerKit
import TestSupport
import Testing

/// A composite feature for model-based testing: a `Scope`d counter, `forEach` rows, an `ifLet`
/// detail, and a redacted section — all synchronous, so a pure fold can replay it.
struct Composite: Reducer {
  struct State: Equatable {
    var counter = Counter.State()
    var rows: IdentifiedArrayOf<Row.State> = []
    var detail: Counter.State?
    var isLocked = false
    var nextID = 0
  }

  enum Action: Equatable {
    case counter(Counter.Action)
    case rows(IdentifiedActionOf<Row>)
    case detail(Counter.Action)
    case addRow
    case removeRow(Int)
    case toggleDetail, toggleLock
  }

  var body: some ReducerOf<Self> {
    Scope(
      state: \.counter,
      action: CasePath(Action.counter) { if case .counter(let a) = $0 { a } else { nil } }
    ) {
      Counter()
    }
    Reduce { state, action in
      switch action {
      case .addRow:
        state.rows.append(Row.State(id: state.nextID, title: "Row \(state.nextID)"))
        state.nextID += 1
      case .removeRow(let id):
        state.rows.remove(id: id)
      case .toggleDetail:
        state.detail = state.detail == nil ? Counter.State() : nil
      case .toggleLock:
        state.isLocked.toggle()
      case .counter, .rows, .detail:
        break
      }
      return .none
    }
    CombineReducers {
      EmptyReducer()
        .forEach(
          \.rows, action: CasePath(Action.rows) { if case .rows(let a) = $0 { a } else { nil } }
        ) {
          SyncRow()
        }
        .ifLet(
          \.detail,
          action: CasePath(Action.detail) { if case .detail(let a) = $0 { a } else { nil } }
        ) {
          Counter()
        }
    }
    .redacted(when: \.isLocked)
  }
}

/// The row reducer without effects.
struct SyncRow: Reducer {
  typealias State = Row.State
  typealias Action = Row.Action
  func reduce(into state: inout Row.State, action: Row.Action) -> Effect<Row.Action> {
    switch action {
    case .hideTapped: state.isHidden.toggle()
    case .favoriteTapped: state.isFavorite.toggle()
    case .startLongWork, .longWorkFinished: state.title += "!"
    }
    return .none
  }
}

struct ModelTests {
  static func randomAction(_ random: inout RandomSource.Generator) -> Composite.Action {
    let id = Int.random(in: 0..<12, using: &random)
    switch Int.random(in: 0..<9, using: &random) {
    case 0: return .counter(Bool.random(using: &random) ? .increment : .decrement)
    case 1, 2: return .addRow
    case 3: return .removeRow(id)
    case 4: return .rows(.element(id: id, action: .favoriteTapped))
    case 5: return .rows(.element(id: id, action: .hideTapped))
    case 6: return .toggleDetail
    case 7: return .detail(.increment)
    default: return Int.random(in: 0..<4, using: &random) == 0 ? .toggleLock : .counter(.increment)
    }
  }

  /// The model: the same reducer folded over the actions on a plain value.
  static func fold(_ actions: [Composite.Action]) -> Composite.State {
    var state = Composite.State()
    let reducer = Composite()
    for action in actions { _ = reducer.reduce(into: &state, action: action) }
    return state
  }

  @MainActor
  static func run(_ actions: [Composite.Action]) -> Composite.State {
    let store = Store(initialState: Composite.State()) { Composite() }
    for action in actions { store.send(action) }
    return store.state
  }

  /// The shortest failing subsequence we can find by removing chunks.
  static func shrink<A>(_ actions: [A], stillFails: ([A]) -> Bool) -> [A] {
    var current = actions
    var chunk = max(1, current.count / 2)
    while chunk >= 1 {
      var index = 0
      var removed = false
      while index < current.count {
        var candidate = current
        candidate.removeSubrange(index..<min(current.count, index + chunk))
        if stillFails(candidate) {
          current = candidate
          removed = true
        } else {
          index += chunk
        }
      }
      if !removed { chunk /= 2 }
    }
    return current
  }

  @Test @MainActor func storeMatchesAPureFoldOverThousandsOfRandomSequences() async {
    let recorder = IssueRecorder()
    await IssueReporters.withIssueReporter(recorder) {
      let seed: UInt64 = 0x5EED_2026
      var random = RandomSource.Generator(seed: seed)
      // NB: a quarter of them under CI's sanitizers (see `Fuzz.scaled`).
      for sequence in 0..<Fuzz.scaled(2_000) {
        let length = Int.random(in: 100...300, using: &random)
        let actions = (0..<length).map { _ in Self.randomAction(&random) }
        // NB: let other tests on the main actor run between sequences.
        await Task.yield()
        if Self.run(actions) != Self.fold(actions) {
          let shrunk = Self.shrink(actions) { Self.run($0) != Self.fold($0) }
          Issue.record(
            """
            The store diverged from the pure fold (seed \(seed), sequence \(sequence)).
            Shrunk to \(shrunk.count) actions: \(shrunk)
            """)
          return
        }
      }
    }
    // Actions for missing rows or a nil detail are expected here, and reported, not crashes.
    #expect(!recorder.messages.isEmpty)
  }

  @Test func shrinkingFindsAMinimalFailingSequence() {
    // A failure that needs a lock toggle followed, later, by a row added.
    let actions: [Composite.Action] = [
      .addRow, .counter(.increment), .toggleLock, .toggleDetail, .counter(.decrement), .addRow,
      .removeRow(0), .addRow,
    ]
    let fails: ([Composite.Action]) -> Bool = { sequence in
      guard let lock = sequence.firstIndex(of: .toggleLock) else { return false }
      return sequence[(lock + 1)...].contains(.addRow)
    }
    let shrunk = Self.shrink(actions, stillFails: fails)
    #expect(shrunk == [.toggleLock, .addRow])
  }

  @Test func identifiedArrayMatchesAReferenceModel() {
    var random = RandomSource.Generator(seed: 42)
    for round in 0..<200 {
      var array: IdentifiedArrayOf<Item> = []
      var model: [Item] = []
      for step in 0..<200 {
        let id = Int.random(in: 0..<40, using: &random)
        switch Int.random(in: 0..<7, using: &random) {
        case 0:
          if !model.contains(where: { $0.id == id }) {
            array.append(Item(id: id, name: "\(step)"))
            model.append(Item(id: id, name: "\(step)"))
          }
        case 1:
          if !model.contains(where: { $0.id == id }) {
            let index = Int.random(in: 0...model.count, using: &random)
            array.insert(Item(id: id, name: "\(step)"), at: index)
            model.insert(Item(id: id, name: "\(step)"), at: index)
          }
        case 2:
          array.remove(id: id)
          model.removeAll { $0.id == id }
        case 3:
          array[id: id]?.name = "updated \(step)"
          if let index = model.firstIndex(where: { $0.id == id }) {
            model[index].name = "updated \(step)"
          }
        case 4:
          if !model.isEmpty {
            let from = Int.random(in: 0..<model.count, using: &random)
            let to = Int.random(in: 0...model.count, using: &random)
            array.move(fromOffsets: [from], toOffset: to)
            let element = model.remove(at: from)
            model.insert(element, at: to > from ? to - 1 : to)
          }
        case 5:
          array.removeAll { $0.id.isMultiple(of: 7) }
          model.removeAll { $0.id.isMultiple(of: 7) }
        default:
          array.sort { $0.name < $1.name }
          model.sort { $0.name < $1.name }
        }
        guard array.elements == model else {
          Issue.record("round \(round) step \(step): \(array.elements) != \(model)")
          return
        }
        for (index, element) in model.enumerated() where array.index(id: element.id) != index {
          Issue.record("round \(round) step \(step): index of \(element.id) is wrong")
          return
        }
        if array.contains(id: 99) { Issue.record("phantom id") }
      }
    }
  }
}
