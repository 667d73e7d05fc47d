import Observation
import ReducerKit
import ReducerKitTesting
import TestSupport
import Testing

/// Random actions over rows, nested and optional children, shared values and whole-state
/// replacements, with observers that re-read after each notification as views do. Whatever an
/// observer read must never differ from the state without the observer being told; extra
/// notifications (told, nothing it read changed) are counted.
@MainActor
struct ObservationModelTests {
  /// One observer: what it reads, and what it read when it last armed.
  @MainActor
  final class Watcher {
    let name: String
    let read: @MainActor () -> [Int]
    var seen: [Int] = []
    var told = false
    init(name: String, read: @escaping @MainActor () -> [Int]) {
      self.name = name
      self.read = read
    }

    func arm() {
      told = false
      let flag = Locked(false)
      seen = withObservationTracking {
        read()
      } onChange: {
        flag.withLock { $0 = true }
      }
      tellIfNotified = { flag.withLock { $0 } }
    }
    var tellIfNotified: () -> Bool = { false }
  }

  @Test func noObserverEverMissesAChangeOfWhatItRead() {
    var random = RandomSource.Generator(seed: 2_026)
    let storage = SharedStorage.inMemory()
    let store = withDependencies {
      $0.sharedStorage = storage
    } operation: {
      Store(initialState: ObservedBoard.State()) { ObservedBoard() }
    }
    // NB: each observer reads through the store a view would hold: the board's own store.
    let board = store.scope(
      state: \.board,
      action: CasePath(ObservedBoard.Action.board) { if case .board(let a) = $0 { a } else { nil } }
    )
    let rowStores = (0..<5).compactMap { board.scope(id: $0, state: \.rows, action: .rows) }
    var watchers: [Watcher] = [
      Watcher(name: "ids") { board.scope(state: \.rows, action: .rows).ids },
      Watcher(name: "rows") { board.rows.map { $0.isOn ? $0.id : -$0.id - 1 } },
      Watcher(name: "title") { [board.title.count] },
      Watcher(name: "left") { [board.left.count] },
      Watcher(name: "detail") { [board.detail?.count ?? -1] },
      Watcher(name: "shared") { [store.shared] },
    ]
    for (index, row) in rowStores.enumerated() {
      watchers.append(Watcher(name: "row \(index)") { [row.isOn ? 1 : 0] })
    }
    for watcher in watchers { watcher.arm() }

    var missed: [String] = []
    var extra = 0
    var told = 0
    for step in 0..<10_000 {
      let warnings = collectIssues { store.send(ObservedBoard.randomAction(using: &random)) }
      #expect(warnings.isEmpty, "step \(step): \(warnings.map(\.message))")
      for watcher in watchers {
        let notified = watcher.tellIfNotified()
        let changed = watcher.read() != watcher.seen
        if changed && !notified { missed.append("step \(step): \(watcher.name)") }
        if notified && !changed { extra += 1 }
        if notified {
          told += 1
          watcher.arm()  // a view re-renders, reading again
        } else if changed {
          watcher.arm()  // keep checking from the value now shown, after a miss
        }
      }
      if missed.count > 10 { break }
    }
    #expect(missed.isEmpty, "missed notifications: \(missed.prefix(10))")
    #expect(told > 1_000, "the run changed what observers read")
    // Extra notifications cost a re-render, not correctness; they are reported, not failed.
    print("observation model: \(told) notifications, \(extra) extra, 0 missed")
  }
}

/// A board with rows, children, an optional child, a shared value and whole replacements.
struct ObservedBoard: Reducer {
  struct State: Equatable {
    var board = Board.fullBoard()
    @Shared(.inMemory("observed-board")) var shared = 0
  }
  enum Action: Equatable {
    case board(Board.Action)
    case bumpShared
    case replaceBoard(on: Int)
  }

  static func randomAction(using random: inout RandomSource.Generator) -> Action {
    let id = Int.random(in: 0..<40, using: &random)
    switch Int.random(in: 0..<14, using: &random) {
    case 0, 1, 2: return .board(.rows(.element(id: id, action: .toggle)))
    case 3: return .board(.backUp)
    case 4, 5: return .board(.restoreAndSet(id: id, isOn: Bool.random(using: &random)))
    case 6: return .board(.replaceWithEqualCopy)
    case 7: return .board(.moveLastToFront)
    case 8: return .board(.rename(Bool.random(using: &random) ? "Board" : "Tasks"))
    case 9: return .board(.left(.increment))
    case 10: return .board(.toggleDetail)
    case 11: return .bumpShared
    case 12: return .replaceBoard(on: id)
    default: return .board(.nothing)
    }
  }

  var body: some ReducerOf<Self> {
    Scope(
      state: \.board,
      action: CasePath(Action.board) { if case .board(let a) = $0 { a } else { nil } }
    ) {
      Board()
    }
    Reduce { state, action in
      switch action {
      case .bumpShared:
        state.$shared.withLock { $0 += 1 }
      case .replaceBoard(let on):
        // A whole-state replacement that keeps the shared value.
        var board = Board.fullBoard()
        board.rows[id: on]?.isOn = true
        state.board = board
      case .board:
        break
      }
      return .none
    }
  }
}

extension Board {
  /// 40 rows, backed up, so that a restore keeps every row an action can address.
  static func fullBoard() -> State {
    var board = State(rows: 40)
    board.backup = board.rows
    return board
  }
}

extension CasePath<ObservedBoard.Action, IdentifiedActionOf<Toggle>> {
  static var rows: Self {
    CasePath(
      { .board(.rows($0)) },
      extract: { if case .board(.rows(let a)) = $0 { a } else { nil } })
  }
}
