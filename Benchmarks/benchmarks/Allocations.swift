import CHeapUsage
import Foundation
import ReducerKit

/// A child action that returns `.none` must allocate nothing on its way through any scoping
/// reducer (no closure that would embed the child's actions formed before the effect is known to
/// be `.none`): `benchmarks --allocations` counts the mallocs of 10,000 such sends per reducer
/// kind, in this release build, and fails if any kind allocates. CI runs it.
struct AllocationChild: Reducer {
  struct State: Equatable, Identifiable, Hashable {
    var id = 0
    var count = 0
  }
  enum Action: Equatable { case tapped }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count &+= 1
    return .none
  }
}

/// A parent with a child under one scoping reducer (`kind`): each kind is measured alone.
struct AllocationParent: Reducer {
  enum Kind: CaseIterable { case scope, optional, choice, rows, sheet, stack, destination }
  let kind: Kind

  struct State: Equatable {
    var scoped = AllocationChild.State()
    var optional: AllocationChild.State? = AllocationChild.State()
    var choice = Choice.State.child(AllocationChild.State())
    var rows: IdentifiedArrayOf<AllocationChild.State> = [AllocationChild.State(id: 1)]
    @Presents var sheet: AllocationChild.State? = AllocationChild.State()
    var stack = StackState<AllocationChild.State>([AllocationChild.State()])
    @Presents var destination: Destination.State? = .child(AllocationChild.State())
  }
  enum Action {
    case scoped(AllocationChild.Action)
    case optional(AllocationChild.Action)
    case choice(Choice.Action)
    case rows(IdentifiedActionOf<AllocationChild>)
    case sheet(PresentationAction<AllocationChild.Action>)
    case stack(StackAction<AllocationChild.State, AllocationChild.Action>)
    case destination(PresentationAction<Destination.Action>)
  }

  enum Choice: CaseReducer {
    case child(AllocationChild)
  }

  enum Destination: CaseReducer {
    case child(AllocationChild)
  }

  var body: some ReducerOf<Self> {
    switch kind {
    case .scope:
      Scope(state: \.scoped, action: \.scoped) { AllocationChild() }
    case .optional:
      EmptyReducer().ifLet(\.optional, action: \.optional) { AllocationChild() }
    case .choice:
      Scope(state: \.choice, action: \.choice) {
        EmptyReducer().ifCaseLet(\.child, action: \.child) { AllocationChild() }
      }
    case .rows:
      EmptyReducer().forEach(\.rows, action: \.rows) { AllocationChild() }
    case .sheet:
      EmptyReducer().ifLet(\.$sheet, action: \.sheet) { AllocationChild() }
    case .stack:
      EmptyReducer().forEach(\.stack, action: \.stack) { AllocationChild() }
    case .destination:
      EmptyReducer().ifLet(\.$destination, action: \.destination)
    }
  }
}

enum Allocations {
  /// Mallocs per send of `action`, after 100 sends that make what is made once (the runtime's
  /// metadata and witness tables for paths taken for the first time).
  static let sends = 10_000

  @MainActor
  static func perSend(
    _ kind: AllocationParent.Kind,
    _ action: (StoreOf<AllocationParent>) -> AllocationParent.Action
  ) -> Double {
    let store = Store(initialState: AllocationParent.State()) { AllocationParent(kind: kind) }
    let sent = action(store)
    for _ in 0..<100 { store.send(sent) }
    let before = reducerkit_thread_malloc_count()
    for _ in 0..<sends { store.send(sent) }
    return Double(reducerkit_thread_malloc_count() - before) / Double(sends)
  }

  /// Prints mallocs per send for each reducer kind; fails if any allocates.
  @MainActor
  static func report() -> Int32 {
    guard reducerkit_thread_malloc_count() >= 0 else {
      print("allocations are counted with glibc only, without a sanitizer: nothing measured")
      return 0
    }
    let kinds:
      [(String, AllocationParent.Kind, (StoreOf<AllocationParent>) -> AllocationParent.Action)] = [
        ("Scope", .scope, { _ in .scoped(.tapped) }),
        ("ifLet (optional)", .optional, { _ in .optional(.tapped) }),
        ("ifCaseLet", .choice, { _ in .choice(.child(.tapped)) }),
        ("forEach (identified array)", .rows, { _ in .rows(.element(id: 1, action: .tapped)) }),
        ("ifLet (presentation)", .sheet, { _ in .sheet(.presented(.tapped)) }),
        ("forEach (stack)", .stack, { .stack(.element(id: $0.stack.ids[0], action: .tapped)) }),
        (
          "ifLet (enum destination)", .destination,
          { _ in .destination(.presented(.child(.tapped))) }
        ),
      ]
    var failed = false
    // NB: one kind alone, for a profile: REDUCERKIT_ALLOCATIONS_ONLY="forEach (stack)".
    let only = ProcessInfo.processInfo.environment["REDUCERKIT_ALLOCATIONS_ONLY"]
    for (name, kind, action) in kinds where only == nil || only == name {
      let mallocs = perSend(kind, action)
      failed = failed || mallocs > 0
      print(
        "\(name.padding(toLength: 30, withPad: " ", startingAt: 0)) "
          + "\(Int(mallocs * Double(sends))) mallocs in \(sends) sends returning .none"
          + (mallocs > 0 ? "   ALLOCATES" : ""))
    }
    return failed ? 1 : 0
  }
}
