import Observation
import TestSupport
import Testing

@testable import ReducerKit

/// A store notifies an observer only when what the observer read changed, as SwiftUI's
/// `withObservationTracking` sees it.
@MainActor
@Suite struct ObservationTests {
  @Test func togglingOneRowNotifiesOnlyThatRowsObserver() throws {
    let store = Store(initialState: Board.State(rows: 10_000)) { Board() }
    let observers = Observers()
    let rowStores = try observeRows(of: store, every: 200, with: observers)
    #expect(rowStores.count == 50)
    observers.track("ids") { _ = store.scope(state: \.rows, action: .rows) }
    observers.track("title") { _ = store.title }

    try #require(store.scope(id: 400, state: \.rows, action: .rows)).send(.toggle)
    #expect(observers.notified == ["row 400"])
    #expect(store.rows[id: 400]?.isOn == true)

    observers.rearm()
    store.send(.rows(.element(id: 9_800, action: .toggle)))
    #expect(observers.notified == ["row 9800"])

    observers.rearm()
    store.send(.rows(.element(id: 401, action: .toggle)))
    #expect(observers.notified == [])
  }

  @Test func readsThroughEveryKindOfStoreSeeTheCurrentStateAndNotify() throws {
    // A root and a child at a stored property lend their state in place; a child made with a
    // closure, and a child of it, copy it; a row store lends its last read row. Each must read
    // what the root holds after every action, and notify what it read.
    let store = Store(initialState: Board.State(rows: 10)) { Board() }
    let left = store.scope(state: \.left, action: .left)
    let leftByClosure = store.scope(state: { $0.left }, action: { .left($0) })
    let count = left.scope(state: \.count, action: CasePath({ $0 }, extract: { $0 }))
    let row = try #require(store.scope(id: 3, state: \.rows, action: .rows))
    let observers = Observers()
    observers.track("left") { _ = left.count }
    observers.track("closure") { _ = leftByClosure.count }
    observers.track("row") { _ = row.isOn }
    observers.track("title") { _ = store.title }

    store.send(.left(.increment))
    left.send(.increment)
    #expect(observers.notified == ["closure", "left"])
    #expect(left.count == 2 && leftByClosure.count == 2 && count.state == 2)
    #expect(store.withState(\.left.count) == 2)

    observers.rearm()
    row.send(.toggle)
    store.send(.rename("Renamed ☃︎"))
    #expect(observers.notified == ["row", "title"])
    #expect(row.isOn && store.title == "Renamed ☃︎")

    observers.rearm()
    store.send(.replaceState(rows: 5, on: 3))
    #expect(observers.notified == ["closure", "left"])
    #expect(left.count == 0 && leftByClosure.count == 0 && count.state == 0 && row.isOn)
    store.send(.rows(.element(id: 3, action: .toggle)))
    #expect(!row.isOn)
  }

  @Test func aGrandchildAtStoredPropertiesReadsItsOwnMembersInPlace() {
    // Each level's offset adds to its parent's: the grandchild's members are found at the sum.
    let store = Store(initialState: DeepFields.State()) { DeepFields() }
    let inner = store.scope(state: \.inner, action: CasePath({ $0 }, extract: { $0 }))
    let detail = inner.scope(state: \.detail, action: CasePath({ $0 }, extract: { $0 }))
    let observers = Observers()
    observers.track("text") { _ = detail.text }
    observers.track("flag") { _ = detail.flag }
    #expect(detail.text == "détail" && detail.flag == false && inner.padding == 7)

    store.send(.setText("ünïcode ☃︎ \(UInt64.max)"))
    #expect(observers.notified == ["text"])
    #expect(detail.text == "ünïcode ☃︎ 18446744073709551615" && !detail.flag)
    store.send(.setFlag(true))
    #expect(detail.flag && inner.padding == 7 && store.header == "header")
  }

  @Test func restoringASnapshotThenEditingOneRowNotifiesEveryTime() {
    // The write count belonged to each copy, so "restore, then edit" made the same stamp each
    // time and the observer of the rows was not told the second time.
    let store = Store(initialState: Board.State(rows: 10)) { Board() }
    store.send(.backUp)
    let observers = Observers()
    observers.track("rows") { _ = store.rows }
    store.send(.restoreAndSet(id: 3, isOn: true))
    #expect(observers.notified == ["rows"])
    observers.rearm()
    store.send(.restoreAndSet(id: 3, isOn: false))
    #expect(observers.notified == ["rows"])
    #expect(store.rows[id: 3]?.isOn == false)
    observers.rearm()
    store.send(.restoreAndSet(id: 3, isOn: true))
    #expect(observers.notified == ["rows"])
  }

  @Test func anEqualCopyWithTheSameIDsDoesNotNotifyTheIDsObserver() {
    let store = Store(initialState: Board.State(rows: 100)) { Board() }
    let observers = Observers()
    observers.track("ids") { _ = store.scope(state: \.rows, action: .rows) }
    store.send(.replaceWithEqualCopy)
    #expect(observers.notified == [])
    store.send(.remove(id: 50))
    #expect(observers.notified == ["ids"])
  }

  @Test func anActionThatChangesNothingNotifiesNoOne() throws {
    let store = Store(initialState: Board.State(rows: 10_000)) { Board() }
    let observers = Observers()
    _ = try observeRows(of: store, every: 200, with: observers)
    observers.track("ids") { _ = store.scope(state: \.rows, action: .rows) }
    observers.track("title") { _ = store.title }
    observers.track("left") { _ = store.left }

    store.send(.rows(.element(id: 400, action: .nothing)))
    store.send(.nothing)
    store.send(.rename("Board"))
    #expect(observers.notified == [])
  }

  @Test func removingOrMovingRowsNotifiesTheIDsObserver() throws {
    let store = Store(initialState: Board.State(rows: 10_000)) { Board() }
    let observers = Observers()
    _ = try observeRows(of: store, every: 200, with: observers)
    observers.track("ids") { _ = store.scope(state: \.rows, action: .rows) }

    store.send(.remove(id: 9_999))
    #expect(observers.notified == ["ids"])
    #expect(store.rows.count == 9_999)

    observers.rearm()
    store.send(.moveLastToFront)
    #expect(observers.notified == ["ids"])
    #expect(store.rows.first?.id == 9_998)
  }

  @Test func aRemovedRowsStoreKeepsItsLastStateAndIsNotNotified() throws {
    let store = Store(initialState: Board.State(rows: 3)) { Board() }
    let row = try #require(store.scope(id: 1, state: \.rows, action: .rows))
    row.send(.toggle)
    let observers = Observers()
    observers.track("row 1") { _ = row.isOn }
    store.send(.remove(id: 1))
    #expect(observers.notified == [])
    #expect(row.isOn)
  }

  @Test func aChangeToOneSiblingScopeDoesNotNotifyTheOther() {
    let store = Store(initialState: Board.State(rows: 10)) { Board() }
    let left = store.scope(state: \.left, action: .left)
    let right = store.scope(state: \.right, action: .right)
    let observers = Observers()
    observers.track("left") { _ = left.count }
    observers.track("right") { _ = right.state }
    observers.track("root left") { _ = store.left }

    right.send(.increment)
    #expect(observers.notified == ["right"])
    #expect(store.right.count == 1)

    observers.rearm()
    left.send(.increment)
    #expect(observers.notified == ["left", "root left"])
  }

  @Test func aPartIsComparedWithTheValueItsObserverLastRead() {
    let store = Store(initialState: Board.State(rows: 3)) { Board() }
    let observers = Observers()
    observers.track("title") { _ = store.title }
    store.send(.rename("A"))
    #expect(observers.notified == ["title"])
    // Nobody reads the title now, so nobody can be notified; then a view reads "B".
    store.send(.rename("B"))
    observers.rearm()
    #expect(observers.notified == [])
    store.send(.rename("B"))
    #expect(observers.notified == [])
    store.send(.rename("C"))
    #expect(observers.notified == ["title"])
  }

  @Test func observersOfTwoMembersOfOneStoreAreToldApart() {
    let store = Store(initialState: Board.State(rows: 10)) { Board() }
    let observers = Observers()
    observers.track("title") { _ = store.title }
    observers.track("left") { _ = store.left }
    store.send(.rename("Renamed"))
    #expect(observers.notified == ["title"])
  }

  @Test func theWholeStateOfAnEquatableFeatureIsComparedAfterEachAction() {
    let store = Store(initialState: Board.State(rows: 10)) { Board() }
    let observers = Observers()
    observers.track("state") { _ = store.state }
    store.send(.nothing)
    #expect(observers.notified == [])
    store.send(.rows(.element(id: 3, action: .toggle)))
    #expect(observers.notified == ["state"])
  }

  @Test func aValueThatIsNotEquatableCountsAsChangedAfterEveryAction() {
    let store = Store(initialState: Opaque.State()) { Opaque() }
    let observers = Observers()
    observers.track("state") { _ = store.state }
    observers.track("count") { _ = store.count }
    store.send(.nothing)
    // The state can't be compared, so its observer hears of every action; the `Int` member can.
    #expect(observers.notified == ["state"])
  }

  @Test func anObserverOfAWholeCollectionHearsOfEveryWriteToIt() {
    let store = Store(initialState: Board.State(rows: 10)) { Board() }
    let observers = Observers()
    observers.track("rows") { _ = store.rows }
    // Compared by a stamp, in O(1): a write of an equal row counts.
    store.send(.rows(.element(id: 3, action: .nothing)))
    #expect(observers.notified == ["rows"])
  }

  @Test func makingRowStoresDoesNotMakeTheRootCheckAnything() throws {
    let store = Store(initialState: Board.State(rows: 100)) { Board() }
    let row = try #require(store.scope(id: 7, state: \.rows, action: .rows))
    #expect(store.root.hub.isEmpty)
    _ = row.isOn
    #expect(!store.root.hub.isEmpty)
  }

  @Test func aStoreCollectionGivesStoresThatSendToTheirRow() {
    let store = Store(initialState: Board.State(rows: 3)) { Board() }
    let rows = store.scope(state: \.rows, action: .rows)
    #expect(rows.ids == [0, 1, 2])
    rows[2].send(.toggle)
    #expect(store.rows[id: 2]?.isOn == true)
    #expect(rows.map(\.isOn) == [false, false, true])
  }

  @Test func aRowStoreReadsTheRowAsTheLastActionLeftIt() throws {
    // A row store remembers the row it read until the root reduces another action: every way
    // of writing the row (its own action, a parent action replacing the rows or the state) must
    // show through, and a store from an older collection snapshot must read the current row.
    let store = Store(initialState: Board.State(rows: 3)) { Board() }
    let snapshot = store.scope(state: \.rows, action: .rows)
    let row = try #require(store.scope(id: 1, state: \.rows, action: .rows))
    let sibling = try #require(store.scope(id: 2, state: \.rows, action: .rows))
    #expect(row.isOn == false)
    #expect(sibling.isOn == false)
    store.send(.rows(.element(id: 1, action: .toggle)))
    #expect(row.isOn == true)
    #expect(sibling.isOn == false)
    sibling.send(.toggle)
    #expect(sibling.isOn == true)
    #expect(row.isOn == true)
    #expect(snapshot[1].isOn == true)
    store.send(.backUp)
    store.send(.restoreAndSet(id: 1, isOn: false))
    #expect(row.isOn == false)
    store.send(.replaceState(rows: 3, on: 1))
    #expect(row.isOn == true)
    #expect(snapshot[1].isOn == true)
    snapshot[1].send(.toggle)
    #expect(row.isOn == false)
    #expect(store.rows[id: 1]?.isOn == false)
  }

  @Test func anObserverThatSendsWhileNotifiedHasItsActionQueuedAndReduced() {
    let store = Store(initialState: Board.State(rows: 3)) { Board() }
    withObservationTracking {
      _ = store.title
    } onChange: {
      MainActor.assumeIsolated { _ = store.send(.rename("Echo")) }
    }
    let recorder = IssueRecorder()
    IssueReporters.withIssueReporter(recorder) { _ = store.send(.rename("First")) }
    #expect(recorder.messages.count == 1)
    #expect(recorder.messages.first?.contains("still processing another action") == true)
    #expect(store.title == "Echo")
  }

  @Test func releasedStoresLeaveTheCheckList() throws {
    let store = Store(initialState: Board.State(rows: 100)) { Board() }
    weak var released: Store<Toggle.State, Toggle.Action>?
    do {
      let row = try #require(store.scope(id: 7, state: \.rows, action: .rows))
      _ = row.isOn
      released = row
    }
    #expect(released == nil)
    let observers = Observers()
    observers.track("title") { _ = store.title }
    store.send(.rows(.element(id: 7, action: .toggle)))
    #expect(observers.notified == [])
  }

  @Test func aRowActionChecksOnlyTheStoresOfTheRowItWrote() throws {
    // The cost of observing grows with what can have changed, not with what is on screen: 50
    // row stores are read, and a row action compares the part of one of them.
    let store = Store(initialState: ProbedList.State(rows: 1_000)) { ProbedList() }
    let rows = try stride(from: 0, to: 1_000, by: 20).map { id in
      try #require(store.scope(id: id, state: \.rows, action: ProbedList.rows))
    }
    for row in rows {
      withObservationTracking {
        _ = row.probe
      } onChange: {
      }
    }
    // NB: a build with the internal checks compares each value read in place with the same
    // value read through its key path: one more comparison per read.
    let perRead = InternalChecks.areEnabled ? 2 : 1
    let comparisons = { Probe.comparisons.withLock { $0 } / perRead }
    let start = comparisons()

    store.send(.rows(.element(id: 40, action: .toggle)))
    #expect(comparisons() - start == 1)
    store.send(.rows(.element(id: 40, action: .toggle)))  // the same row again
    #expect(comparisons() - start == 2)
    store.send(.rows(.element(id: 999, action: .toggle)))  // a row no store reads
    #expect(comparisons() - start == 2)
    store.send(.nothing)
    #expect(comparisons() - start == 2)
    store.send(.toggleTwo(0, 20))  // two rows written: every row store is checked
    #expect(comparisons() - start == 52)
    store.send(.rows(.element(id: 60, action: .toggle)))
    #expect(comparisons() - start == 53)
    store.send(.replaceWithEqualCopy)  // a new collection: every row store is checked
    #expect(comparisons() - start == 103)
  }

  @Test func twoStoresOfOneRowAreBothToldAndASiblingListsRowIsNot() throws {
    // Rows are grouped per list: a list view made twice (two stores of row 3), and a sibling
    // list holding a row with the same id that an action to the first list must not reach.
    let store = Store(initialState: TwoBoards.State()) { TwoBoards() }
    let first = store.scope(state: \.first, action: TwoBoards.first)
    let second = store.scope(state: \.second, action: TwoBoards.second)
    let observers = Observers()
    let a = try #require(first.scope(id: 3, state: \.rows, action: .rows))
    let b = try #require(first.scope(state: \.rows, action: .rows).first { $0.id == 3 })
    let sibling = try #require(second.scope(id: 3, state: \.rows, action: .rows))
    let other = try #require(first.scope(id: 4, state: \.rows, action: .rows))
    observers.track("a") { _ = a.isOn }
    observers.track("b") { _ = b.isOn }
    observers.track("sibling") { _ = sibling.isOn }
    observers.track("other") { _ = other.isOn }

    first.send(.rows(.element(id: 3, action: .toggle)))
    #expect(observers.notified == ["a", "b"])
    observers.rearm()
    second.send(.rows(.element(id: 3, action: .toggle)))
    #expect(observers.notified == ["sibling"])
    observers.rearm()
    // The same row again (one run of writes), then another row of the first list.
    first.send(.rows(.element(id: 3, action: .toggle)))
    #expect(observers.notified == ["a", "b"])
    observers.rearm()
    first.send(.rows(.element(id: 4, action: .toggle)))
    #expect(observers.notified == ["other"])
  }

  @Test func rowStoresOfAParentMadeAnewEachRenderDoNotPileUpInTheRoot() throws {
    // SwiftUI makes scoped stores anew on every render; once their row stores are gone, their
    // collections' bookkeeping must leave the root, or every action pays for every render.
    let store = Store(initialState: Board.State(rows: 100)) { Board() }
    for render in 0..<20 {
      let parent = store.scope(state: \.self, action: CasePath({ $0 }, extract: { $0 }))
      let row = try #require(parent.scope(id: render, state: \.rows, action: .rows))
      withObservationTracking {
        _ = row.isOn
      } onChange: {
      }
      store.send(.rows(.element(id: render, action: .toggle)))  // notified: nothing armed
    }
    #expect(!store.root.hub.isEmpty)
    for _ in 0..<256 { store.send(.nothing) }
    #expect(store.root.hub.isEmpty)
  }

  /// Row stores for every `step`-th row, each with an observer of its `isOn`.
  private func observeRows(
    of store: StoreOf<Board>, every step: Int, with observers: Observers
  ) throws -> [Store<Toggle.State, Toggle.Action>] {
    try stride(from: 0, to: store.rows.count, by: step).map { id in
      let row = try #require(store.scope(id: id, state: \.rows, action: .rows))
      observers.track("row \(id)") { _ = row.isOn }
      return row
    }
  }
}

/// Observers under `withObservationTracking`, each named; `notified` lists those that fired.
@MainActor
final class Observers {
  private var reads: [String: @MainActor () -> Void] = [:]
  private let fired = Locked<[String]>([])

  var notified: [String] { fired.withLock { $0 }.sorted() }

  func track(_ name: String, _ read: @escaping @MainActor () -> Void) {
    reads[name] = read
    arm(name, read)
  }

  /// Forgets what fired and observes it again (an observer fires once).
  func rearm() {
    let names = fired.withLock { names in
      defer { names.removeAll() }
      return names
    }
    for name in names { reads[name].map { arm(name, $0) } }
  }

  private func arm(_ name: String, _ read: @escaping @MainActor () -> Void) {
    let fired = fired
    withObservationTracking(read) { fired.withLock { $0.append(name) } }
  }
}

struct Toggle: Reducer {
  struct State: Equatable, Identifiable {
    let id: Int
    var isOn = false
  }
  enum Action: Equatable { case toggle, nothing }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if action == .toggle { state.isOn.toggle() }
    return .none
  }
}

struct Board: Reducer {
  struct State: Equatable {
    var rows: IdentifiedArrayOf<Toggle.State>
    var title = "Board"
    var left = Counter.State()
    var right = Counter.State()
    var backup: IdentifiedArrayOf<Toggle.State> = []
    var detail: Counter.State?

    init(rows: Int) {
      self.rows = IdentifiedArray(uniqueElements: (0..<rows).map { Toggle.State(id: $0) })
    }
  }
  enum Action: Equatable {
    case rows(IdentifiedActionOf<Toggle>)
    case left(Counter.Action)
    case right(Counter.Action)
    case remove(id: Int)
    case moveLastToFront
    case rename(String)
    case nothing
    /// Keeps a copy of the rows.
    case backUp
    /// Restores the copy, then sets one row (the shape that once repeated a stamp).
    case restoreAndSet(id: Int, isOn: Bool)
    /// Replaces the rows with an equal copy holding the same ids in the same order.
    case replaceWithEqualCopy
    /// Replaces the whole state with one of `rows` rows, row `on` switched on.
    case replaceState(rows: Int, on: Int)
    case toggleDetail
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.left, action: .left) { Counter() }
    Scope(state: \.right, action: .right) { Counter() }
    Reduce { state, action in
      switch action {
      case .remove(let id):
        state.rows.remove(id: id)
      case .moveLastToFront:
        state.rows.move(fromOffsets: [state.rows.count - 1], toOffset: 0)
      case .rename(let title):
        state.title = title
      case .backUp:
        state.backup = state.rows
      case .restoreAndSet(let id, let isOn):
        state.rows = state.backup
        state.rows[id: id]?.isOn = isOn
      case .replaceWithEqualCopy:
        state.rows = IdentifiedArray(uniqueElements: Array(state.rows))
      case .replaceState(let rows, let on):
        var new = State(rows: rows)
        new.rows[id: on]?.isOn = true
        new.title = state.title
        state = new
      case .toggleDetail:
        state.detail = state.detail == nil ? Counter.State() : nil
      case .rows, .left, .right, .nothing:
        break
      }
      return .none
    }
    .forEach(\.rows, action: .rows) { Toggle() }
  }
}

extension CasePath<Board.Action, IdentifiedActionOf<Toggle>> {
  static var rows: Self {
    CasePath(Board.Action.rows) { if case .rows(let action) = $0 { action } else { nil } }
  }
}

extension CasePath<Board.Action, Counter.Action> {
  static var left: Self {
    CasePath(Board.Action.left) { if case .left(let action) = $0 { action } else { nil } }
  }
  static var right: Self {
    CasePath(Board.Action.right) { if case .right(let action) = $0 { action } else { nil } }
  }
}

/// A feature whose state nests two levels of structs after other stored properties, so that
/// each level sits at a non-zero offset in its parent.
struct DeepFields: Reducer {
  struct State: Equatable {
    var header = "header"
    var inner = Inner()
  }
  struct Inner: Equatable {
    var padding = 7
    var tags: Set<String> = ["a"]
    var detail = Detail()
  }
  struct Detail: Equatable {
    var count = 1
    var text = "détail"
    var flag = false
  }
  enum Action: Equatable {
    case setText(String)
    case setFlag(Bool)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .setText(let text): state.inner.detail.text = text
    case .setFlag(let flag): state.inner.detail.flag = flag
    }
    return .none
  }
}

/// A feature whose state cannot be compared.
struct Opaque: Reducer {
  struct State {
    var count = 0
    var handler: @Sendable () -> Void = {}
  }
  enum Action { case nothing }

  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

/// Rows whose `probe` counts how often it is compared: which row stores observation checks.
struct ProbedList: Reducer {
  struct Row: Reducer {
    struct State: Equatable, Identifiable {
      let id: Int
      var isOn = false
      var probe = Probe()
    }
    enum Action: Equatable { case toggle }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.isOn.toggle()
      return .none
    }
  }
  struct State: Equatable {
    var rows: IdentifiedArrayOf<Row.State>
    init(rows: Int) {
      self.rows = IdentifiedArray(uniqueElements: (0..<rows).map { Row.State(id: $0) })
    }
  }
  enum Action: Equatable {
    case rows(IdentifiedActionOf<Row>)
    case toggleTwo(Int, Int)
    case replaceWithEqualCopy
    case nothing
  }
  static let rows = CasePath(Action.rows) { if case .rows(let a) = $0 { a } else { nil } }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .toggleTwo(let first, let second):
        state.rows[id: first]?.isOn.toggle()
        state.rows[id: second]?.isOn.toggle()
      case .replaceWithEqualCopy:
        state.rows = IdentifiedArray(uniqueElements: Array(state.rows))
      case .rows, .nothing:
        break
      }
      return .none
    }
    .forEach(\.rows, action: Self.rows) { Row() }
  }
}

/// Always equal; counts how often it is compared.
struct Probe: Equatable {
  static let comparisons = Locked(0)

  static func == (lhs: Probe, rhs: Probe) -> Bool {
    comparisons.withLock { $0 += 1 }
    return true
  }
}

/// Two boards side by side, whose rows share ids.
struct TwoBoards: Reducer {
  struct State: Equatable {
    var first = Board.State(rows: 10)
    var second = Board.State(rows: 10)
  }
  enum Action: Equatable {
    case first(Board.Action)
    case second(Board.Action)
  }
  static let first = CasePath(Action.first) { if case .first(let a) = $0 { a } else { nil } }
  static let second = CasePath(Action.second) { if case .second(let a) = $0 { a } else { nil } }

  var body: some ReducerOf<Self> {
    Scope(state: \.first, action: Self.first) { Board() }
    Scope(state: \.second, action: Self.second) { Board() }
  }
}
