import ReducerKit
import Testing

@testable import ReducerKit

/// The presentation reducer reaches `@Presents` storage at its offset once found (the key path
/// `\.$child` goes through a computed projection, which allocates per access): found for the
/// projection of the state itself, never mistaken for a copy of the same presentation, and the
/// key path used for a longer path (which may pass observers or optionals) or where the storage
/// is not inline.
@MainActor
struct PresentationStorageTests {
  struct Child: Reducer {
    struct State: Equatable { var count = 0 }
    enum Action: Equatable { case tapped }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.count += 1
      return .none
    }
  }

  struct Inner: Equatable {
    var label = "inner"
    @Presents var sheet: Child.State? = Child.State()
  }

  final class Boxed: Equatable {
    var inner = Inner()
    static func == (lhs: Boxed, rhs: Boxed) -> Bool { lhs === rhs }
  }

  struct Parent: Reducer {
    struct State: Equatable {
      var before = 7
      var inner = Inner()
      /// A copy of the same presentation: the same box and stamp as `inner.$sheet` at first.
      var copy: PresentationState<Child.State>
      var after = "after"
      var maybe: Inner? = Inner()

      init() {
        copy = inner.$sheet
      }
    }
    enum Action: Equatable { case sheet(PresentationAction<Child.Action>) }

    var body: some ReducerOf<Self> {
      EmptyReducer().ifLet(\.inner.$sheet, action: \.sheet) { Child() }
    }
  }

  struct Flat: Reducer {
    struct State: Equatable {
      var before = 7
      @Presents var sheet: Child.State? = Child.State()
      /// A copy of the same presentation: the same box and stamp as `$sheet` at first.
      var copy: PresentationState<Child.State>
      var after = "after"

      init() { copy = _sheet }
    }
    enum Action: Equatable { case sheet(PresentationAction<Child.Action>) }

    var body: some ReducerOf<Self> {
      EmptyReducer().ifLet(\.$sheet, action: \.sheet) { Child() }
    }
  }

  @Test func theProjectionIsFoundAndAChildsChangeLandsInItNotInACopy() throws {
    var state = Flat.State()
    let storage = PresentationStorage<Flat.State, Child.State>()
    let offset = storage.offset(in: &state, \.$sheet)
    try #require(offset.isStored)
    // Writing a presentation at the offset is what the key path then reads.
    offset.modify(&state) { $0 = PresentationState(wrappedValue: Child.State(count: 41)) }
    #expect(state.sheet?.count == 41)
    #expect(state.copy.wrappedValue?.count == 0)

    let store = Store(initialState: Flat.State()) { Flat() }
    store.send(.sheet(.presented(.tapped)))
    store.send(.sheet(.presented(.tapped)))
    #expect(store.sheet?.count == 2)
    // The copy shares the box only until the first change: it still shows the first state.
    #expect(store.copy.wrappedValue?.count == 0)
    #expect(store.before == 7 && store.after == "after")
    store.send(.sheet(.dismiss))
    #expect(store.sheet == nil)
  }

  @Test func aLongerPathIsReachedThroughItsKeyPath() {
    var state = Parent.State()
    let storage = PresentationStorage<Parent.State, Child.State>()
    // The storage is inside `inner`, not one of the parent's own properties.
    #expect(storage.offset(in: &state, \.inner.$sheet) == .computed)
    // NB: a storage of its own: a storage keeps what it found (or did not) for its key path.
    #expect(
      PresentationStorage<Parent.State, Child.State>().offset(in: &state, \.maybe!.$sheet)
        == .computed)
    // A plainly stored presentation is one of the parent's own properties.
    #expect(
      PresentationStorage<Parent.State, Child.State>().offset(in: &state, \.copy).isStored)
  }

  @Test func aNestedPresentationReducesAndAChildsChangeLandsInItNotInACopy() {
    let store = Store(initialState: Parent.State()) { Parent() }
    store.send(.sheet(.presented(.tapped)))
    store.send(.sheet(.presented(.tapped)))
    #expect(store.inner.sheet?.count == 2)
    // The copy shares the box only until the first change: it still shows the first state.
    #expect(store.copy.wrappedValue?.count == 0)
    #expect(store.before == 7 && store.after == "after" && store.inner.label == "inner")
    store.send(.sheet(.dismiss))
    #expect(store.inner.sheet == nil)
  }

  struct BoxedParent: Reducer {
    struct State: Equatable {
      var boxed = Boxed()
      var inner: Inner {
        get { boxed.inner }
        set { boxed.inner = newValue }
      }
    }
    enum Action: Equatable { case sheet(PresentationAction<Child.Action>) }

    var body: some ReducerOf<Self> {
      EmptyReducer().ifLet(\.inner.$sheet, action: \.sheet) { Child() }
    }
  }

  @Test func storageBehindAClassIsReachedThroughTheKeyPath() {
    var state = BoxedParent.State()
    let storage = PresentationStorage<BoxedParent.State, Child.State>()
    #expect(storage.offset(in: &state, \.inner.$sheet) == .computed)
    let store = Store(initialState: BoxedParent.State()) { BoxedParent() }
    store.send(.sheet(.presented(.tapped)))
    #expect(store.inner.sheet?.count == 1)
  }

  /// A parent whose path to its presentation is a computed property that does more than store
  /// it, and one that shows a custom mirror.
  struct Watched: Reducer {
    struct State: Equatable {
      @Presents var sheet: Child.State? = Child.State()
      var writes = 0
      var watched: PresentationState<Child.State> {
        get { $sheet }
        set {
          $sheet = newValue
          writes += 1
        }
      }
    }
    enum Action: Equatable { case sheet(PresentationAction<Child.Action>) }

    var body: some ReducerOf<Self> {
      EmptyReducer().ifLet(\.watched, action: \.sheet) { Child() }
    }
  }

  struct Mirrored: Equatable, CustomReflectable {
    @Presents var sheet: Child.State? = Child.State()
    var customMirror: Mirror { Mirror(self, children: [:]) }
  }

  @Test func aPathWhoseSetterDoesMoreOrThatNoMirrorShowsIsReachedThroughItsKeyPath() {
    var watched = Watched.State()
    #expect(
      PresentationStorage<Watched.State, Child.State>().offset(in: &watched, \.watched)
        == .computed)
    // The probes leave the state as it was.
    #expect(watched.writes == 0 && watched.sheet == Child.State())
    let store = Store(initialState: Watched.State()) { Watched() }
    store.send(.sheet(.presented(.tapped)))
    #expect(store.sheet?.count == 1)
    #expect(store.writes > 0)

    var mirrored = Mirrored()
    #expect(
      PresentationStorage<Mirrored, Child.State>().offset(in: &mirrored, \.$sheet) == .computed)
    #expect(mirrored.sheet?.count == 0)
  }
}
