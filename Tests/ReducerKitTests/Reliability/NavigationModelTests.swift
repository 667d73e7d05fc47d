import ReducerKit
import ReducerKitTesting
import TestSupport
import Testing

/// Random sequences of present / dismiss / late effect / push / pop / element actions, checked
/// step by step against a pure model of which screens exist, what they show, which effects run
/// and which actions must be warned about (and reach nothing).
@MainActor
struct NavigationModelTests {
  @Test func screensEffectsAndWarningsMatchThePureModel() async {
    var seen: [String: Int] = [:]
    for seed in UInt64(0)..<30 {
      guard await run(seed: seed, seen: &seen) else { break }
    }
    // The runs tried every rule, not just the easy paths.
    for kind in [
      "late action", "late screen action", "save dismissed", "save after swipe dropped",
      "farewell", "deep link ended a presentation", "same child kept",
    ] {
      #expect(seen[kind, default: 0] > 0, "no run tried: \(kind)")
    }
  }

  func run(seed: UInt64, seen: inout [String: Int]) async -> Bool {
    var random = RandomSource.Generator(seed: seed)
    let clock = TestClock()
    let store = withDependencies {
      $0.continuousClock = clock
      $0.stackElementID = .incrementing()
    } operation: {
      Store(initialState: Nav.State()) { Nav() }
    }
    // NB: effects run on the main queue, as in a test store, so that a clock step settles in
    // a known order.
    store.root.runtime.executor = MainQueueExecutor()
    var model = NavModel()
    for step in 0..<60 {
      let operation = model.randomOperation(using: &random)
      let expectedWarnings = model.apply(operation)
      let issues = await collectIssues {
        if case .advance = operation {
          await clock.advance(by: .seconds(1))
        } else if let action = operation.action {
          store.send(action)
        }
        for _ in 0..<20 { await Task.yield() }
      }
      let context = "seed \(seed), step \(step), after \(operation)"
      #expect(store.state == model.state, "\(context)")
      #expect(issues.count == expectedWarnings, "\(context): \(issues.map(\.message))")
      #expect(
        store.root.runtime.runningCount == model.runningEffects,
        "\(context): \(store.root.runtime.runningEffects.map(\.path))")
      guard store.state == model.state, issues.count == expectedWarnings else { return false }
    }
    seen.merge(model.seen, uniquingKeysWith: +)
    return true
  }
}

/// A screen with a ticking timer, a slow save that dismisses it, and a delegate.
struct NavTicker: Reducer {
  struct State: Equatable, Identifiable {
    let id: Int
    var ticks = 0
  }
  enum Action: Equatable {
    case start, tick, saveTapped, closeTapped, doneTapped
    case delegate(Delegate)
    enum Delegate: Equatable { case done }
  }
  enum CancelID { case timer, save }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
      .cancellable(id: CancelID.timer, cancelInFlight: true)
    case .tick:
      state.ticks += 1
      return .none
    case .saveTapped:
      // NB: the save does not stop when cancelled: it always wakes and calls `dismiss()`.
      return .run { _ in
        try? await clock.sleep(for: .milliseconds(500))
        await dismiss()
      }
      .cancellable(id: CancelID.save, cancelInFlight: true)
    case .closeTapped:
      return .run { _ in await dismiss() }
    case .doneTapped:
      return .send(.delegate(.done))
    case .delegate:
      return .none
    }
  }
}

/// A sheet and a stack of tickers.
struct Nav: Reducer {
  struct State: Equatable {
    @Presents var sheet: NavTicker.State?
    var path = StackState<NavTicker.State>()
    var done = 0
  }
  enum Action: Equatable {
    case sheet(PresentationAction<NavTicker.Action>)
    case path(StackAction<NavTicker.State, NavTicker.Action>)
    case present(id: Int)
    case clearSheet
    case deepLink(id: Int)
    case push(id: Int)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .present(let id):
        state.sheet = NavTicker.State(id: id)
      case .clearSheet:
        state.sheet = nil
      case .deepLink(let id):
        state = State(sheet: NavTicker.State(id: id), path: StackState(), done: state.done)
      case .push(let id):
        state.path.append(NavTicker.State(id: id))
      case .sheet(.presented(.doneTapped)):
        state.sheet = nil
      case .sheet(.presented(.delegate(.done))), .path(.element(_, .delegate(.done))):
        state.done += 1
      case .path(.element(let id, .doneTapped)):
        state.path.pop(from: id)
      case .sheet, .path:
        break
      }
      return .none
    }
    .ifLet(
      \.$sheet, action: CasePath(Action.sheet) { if case .sheet(let a) = $0 { a } else { nil } }
    ) {
      NavTicker()
    }
    .forEach(\.path, action: CasePath(Action.path) { if case .path(let a) = $0 { a } else { nil } })
    {
      NavTicker()
    }
  }
}

/// The pure model: screens, what they show, and their effects.
struct NavModel {
  struct Screen {
    var ticker: NavTicker.State
    var isTicking = false
    var isSaving = false
  }
  var sheet: Screen?
  var stack: [(id: StackElementID, screen: Screen)] = []
  var nextElementID = 0
  var done = 0
  /// Element ids that were popped: actions for them are late.
  var popped: [StackElementID] = []
  /// How often each rule was exercised.
  var seen: [String: Int] = [:]

  enum Target: CustomStringConvertible {
    case sheet
    case element(StackElementID)
    var description: String {
      switch self {
      case .sheet: "sheet"
      case .element(let id): "element \(id)"
      }
    }
  }

  enum Operation: CustomStringConvertible {
    case present(Int)
    case clearSheet, swipe
    case deepLink(Int)
    case push(Int)
    case popFrom(StackElementID)
    case child(Target, NavTicker.Action)
    case advance

    var description: String {
      switch self {
      case .present(let id): "present(\(id))"
      case .clearSheet: "clearSheet"
      case .swipe: "swipe"
      case .deepLink(let id): "deepLink(\(id))"
      case .push(let id): "push(\(id))"
      case .popFrom(let id): "popFrom(\(id))"
      case .child(let target, let action): "\(target): \(action)"
      case .advance: "advance 1 s"
      }
    }

    var action: Nav.Action? {
      switch self {
      case .present(let id): .present(id: id)
      case .clearSheet: .clearSheet
      case .swipe: .sheet(.dismiss)
      case .deepLink(let id): .deepLink(id: id)
      case .push(let id): .push(id: id)
      case .popFrom(let id): .path(.popFrom(id: id))
      case .child(.sheet, let action): .sheet(.presented(action))
      case .child(.element(let id), let action): .path(.element(id: id, action: action))
      case .advance: nil
      }
    }
  }

  var state: Nav.State {
    var path = StackState<NavTicker.State>()
    for (id, screen) in stack { path[id: id] = screen.ticker }
    return Nav.State(sheet: sheet?.ticker, path: path, done: done)
  }

  var runningEffects: Int {
    let screens = (sheet.map { [$0] } ?? []) + stack.map(\.screen)
    return screens.reduce(0) { $0 + ($1.isTicking ? 1 : 0) + ($1.isSaving ? 1 : 0) }
  }

  func randomOperation(using random: inout RandomSource.Generator) -> Operation {
    let childActions: [NavTicker.Action] = [.start, .saveTapped, .closeTapped, .doneTapped, .tick]
    var targets: [Target] = [.sheet]  // the sheet, present or not (a late action)
    targets += stack.map { .element($0.id) }
    targets += popped.suffix(2).map { .element($0) }
    switch Int.random(in: 0..<16, using: &random) {
    case 0, 1: return .present(Int.random(in: 1...2, using: &random))
    case 2, 3: return Bool.random(using: &random) ? .clearSheet : .swipe
    case 4: return .deepLink(Int.random(in: 1...2, using: &random))
    case 5, 6: return .push(Int.random(in: 1...3, using: &random))
    case 7:
      let candidates = stack.map(\.id) + popped.suffix(1)
      guard let id = candidates.randomElement(using: &random) else { return .advance }
      return .popFrom(id)
    case 8, 9, 10, 11, 12:
      // Half of them to the sheet (present or not).
      let target =
        Bool.random(using: &random) ? .sheet : (targets.randomElement(using: &random) ?? .sheet)
      return .child(target, childActions.randomElement(using: &random) ?? .start)
    default: return .advance
    }
  }

  /// Applies `operation`; returns how many warnings it must raise.
  mutating func apply(_ operation: Operation) -> Int {
    switch operation {
    case .present(let id):
      if sheet?.ticker.id == id {
        // The same child (same id): the presentation goes on with fresh state.
        if sheet?.isTicking == true || sheet?.isSaving == true {
          seen["same child kept", default: 0] += 1
        }
        sheet?.ticker = NavTicker.State(id: id)
      } else {
        sheet = Screen(ticker: NavTicker.State(id: id))
      }
      return 0
    case .clearSheet:
      sheet = nil
      return 0
    case .swipe:
      guard sheet != nil else { return 1 }
      if sheet?.isSaving == true { seen["save after swipe dropped", default: 0] += 1 }
      sheet = nil
      return 0
    case .deepLink(let id):
      if sheet?.ticker.id == id {
        sheet?.ticker = NavTicker.State(id: id)
      } else {
        if sheet?.isTicking == true { seen["deep link ended a presentation", default: 0] += 1 }
        sheet = Screen(ticker: NavTicker.State(id: id))
      }
      popAll()
      return 0
    case .push(let id):
      stack.append((StackElementID(integerLiteral: nextElementID), Screen(ticker: .init(id: id))))
      nextElementID += 1
      return 0
    case .popFrom(let id):
      guard stack.contains(where: { $0.id == id }) else {
        seen["late screen action", default: 0] += 1
        return 1
      }
      pop(from: id)
      return 0
    case .child(let target, let action):
      return send(action, to: target)
    case .advance:
      advance()
      return 0
    }
  }

  private mutating func send(_ action: NavTicker.Action, to target: Target) -> Int {
    switch target {
    case .sheet:
      guard var screen = sheet else {
        seen["late action", default: 0] += 1
        return 1
      }
      switch action {
      case .closeTapped, .doneTapped:
        sheet = nil
        if action == .doneTapped {
          done += 1
          seen["farewell", default: 0] += 1
        }
        return 0
      default:
        apply(action, to: &screen)
        sheet = screen
        return 0
      }
    case .element(let id):
      guard let index = stack.firstIndex(where: { $0.id == id }) else {
        seen["late screen action", default: 0] += 1
        return 1
      }
      switch action {
      case .closeTapped, .doneTapped:
        pop(from: id)
        if action == .doneTapped {
          done += 1
          seen["farewell", default: 0] += 1
        }
        return 0
      default:
        apply(action, to: &stack[index].screen)
        return 0
      }
    }
  }

  private func apply(_ action: NavTicker.Action, to screen: inout Screen) {
    switch action {
    case .start: screen.isTicking = true
    case .tick: screen.ticker.ticks += 1
    case .saveTapped: screen.isSaving = true
    default: break
    }
  }

  /// One second: saves started since the last step finish first (at half a second) and
  /// dismiss their own screen; then every ticking screen ticks.
  private mutating func advance() {
    if sheet?.isSaving == true {
      sheet = nil
      seen["save dismissed", default: 0] += 1
    }
    if let saving = stack.first(where: { $0.screen.isSaving }) {
      pop(from: saving.id)
      seen["save dismissed", default: 0] += 1
    }
    if sheet?.isTicking == true { sheet?.ticker.ticks += 1 }
    for index in stack.indices where stack[index].screen.isTicking {
      stack[index].screen.ticker.ticks += 1
    }
  }

  private mutating func pop(from id: StackElementID) {
    guard let index = stack.firstIndex(where: { $0.id == id }) else { return }
    popped += stack[index...].map(\.id)
    stack.removeSubrange(index...)
  }

  private mutating func popAll() {
    popped += stack.map(\.id)
    stack.removeAll()
  }
}
