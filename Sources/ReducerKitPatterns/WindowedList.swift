import ReducerKit

/// A window over a very large ordered history (a chat), holding at most a few pages of it.
///
/// The window starts with the newest page; ``prependOlder(_:hasMore:)`` adds the next older page
/// when the user scrolls to the top; ``append(_:)`` adds new messages at the bottom;
/// ``trimToNewestPage()`` drops all but the newest page when the user returns to the bottom, so
/// memory stays bounded however long the history is.
///
/// Every operation costs O(page size) or less, never O(history) or O(window): pages are kept as
/// separate chunks (so prepending moves no element), and an id index finds any element in O(1).
public struct WindowedList<Element: Identifiable> {
  struct Chunk {
    var elements: [Element]
  }

  struct Location: Hashable {
    var sequence: Int
    var offset: Int
  }

  private var chunks: [Chunk] = []
  /// The sequence number of `chunks[0]`; older chunks get smaller numbers, so that prepending
  /// does not renumber the others.
  private var firstSequence = 0
  private var locations: [Element.ID: Location] = [:]

  /// How many elements a page holds.
  public let pageSize: Int
  /// Whether older elements may exist beyond the window's top.
  public private(set) var hasOlder = true
  /// Whether an older page is being loaded.
  public var isLoadingOlder = false
  /// How many elements the window holds.
  public private(set) var count = 0

  /// Creates an empty window.
  /// - Parameter pageSize: How many elements a page holds (50 by default); at least 1.
  public init(pageSize: Int = 50) {
    self.pageSize = max(1, pageSize)
  }

  /// The elements, oldest first.
  public var elements: [Element] { chunks.flatMap(\.elements) }

  /// The oldest element in the window.
  public var first: Element? { chunks.first?.elements.first }
  /// The newest element in the window.
  public var last: Element? { chunks.last?.elements.last }

  /// Whether the window holds the element, in O(1).
  public func contains(id: Element.ID) -> Bool { locations[id] != nil }

  /// The element with `id` if it is in the window, in O(1); assigning replaces it in place
  /// (an edit). Assigning to an id outside the window does nothing.
  public subscript(id id: Element.ID) -> Element? {
    get {
      guard let location = locations[id] else { return nil }
      return chunks[location.sequence - firstSequence].elements[location.offset]
    }
    set {
      guard let newValue, newValue.id == id, let location = locations[id] else { return }
      chunks[location.sequence - firstSequence].elements[location.offset] = newValue
    }
  }

  /// Adds the next older page at the top. O(page).
  /// - Parameters:
  ///   - page: The older elements, oldest first; all older than the window's first element.
  ///   - hasMore: Whether even older elements exist.
  public mutating func prependOlder(_ page: [Element], hasMore: Bool) {
    hasOlder = hasMore
    let fresh = page.filter { locations[$0.id] == nil }
    guard !fresh.isEmpty else { return }
    let sequence = chunks.isEmpty ? firstSequence : firstSequence - 1
    for (offset, element) in fresh.enumerated() {
      locations[element.id] = Location(sequence: sequence, offset: offset)
    }
    chunks.insert(Chunk(elements: fresh), at: 0)
    firstSequence = sequence
    count += fresh.count
  }

  /// Adds a new element at the bottom, O(1). An element already in the window is replaced
  /// instead (a resent message).
  public mutating func append(_ element: Element) {
    if locations[element.id] != nil {
      self[id: element.id] = element
      return
    }
    if chunks.isEmpty || chunks[chunks.count - 1].elements.count >= pageSize {
      chunks.append(Chunk(elements: []))
      chunks[chunks.count - 1].elements.reserveCapacity(pageSize)
    }
    let index = chunks.count - 1
    locations[element.id] = Location(
      sequence: firstSequence + index, offset: chunks[index].elements.count)
    chunks[index].elements.append(element)
    count += 1
  }

  /// Keeps only the newest page, dropping older elements from memory; older pages can be
  /// loaded again. O(elements dropped).
  public mutating func trimToNewestPage() {
    guard count > pageSize else { return }
    var excess = count - pageSize
    while excess > 0, let oldest = chunks.first {
      if oldest.elements.count <= excess {
        for element in oldest.elements { locations[element.id] = nil }
        chunks.removeFirst()
        firstSequence += 1
        count -= oldest.elements.count
        excess -= oldest.elements.count
      } else {
        let dropped = oldest.elements.prefix(excess)
        for element in dropped { locations[element.id] = nil }
        let kept = Array(oldest.elements.dropFirst(excess))
        for (offset, element) in kept.enumerated() {
          locations[element.id] = Location(sequence: firstSequence, offset: offset)
        }
        chunks[0] = Chunk(elements: kept)
        count -= excess
        excess = 0
      }
    }
    hasOlder = true
  }
}

extension WindowedList: Equatable where Element: Equatable {
  /// Two windows are equal when they hold equal elements in the same order, with the same page
  /// size and loading flags.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.pageSize == rhs.pageSize && lhs.hasOlder == rhs.hasOlder
      && lhs.isLoadingOlder == rhs.isLoadingOlder && lhs.count == rhs.count
      && lhs.elements == rhs.elements
  }
}

extension WindowedList: Sendable where Element: Sendable, Element.ID: Sendable {}
extension WindowedList.Chunk: Sendable where Element: Sendable {}

extension WindowedList: CustomReflectable {
  /// Shows the elements (keyed by id in diffs), the page size and the flags.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "elements": IdentifiedArray(uniqueElements: elements),
        "pageSize": pageSize, "hasOlder": hasOlder, "isLoadingOlder": isLoadingOlder,
      ],
      displayStyle: .struct)
  }
}

/// The actions of a ``Window`` reducer.
public enum WindowAction<Element: Identifiable & Sendable>: Sendable where Element.ID: Sendable {
  /// The list appeared: load the newest page if the window is empty.
  case appeared
  /// The user scrolled to the top: load the next older page.
  case reachedTop
  /// A page arrived; `before` is the id it was loaded before (`nil` for the newest page).
  case pageLoaded([Element], before: Element.ID?, hasMore: Bool)
  /// A page failed to load.
  case pageFailed(String)
  /// A new element arrived at the bottom.
  case received(Element)
  /// An element in the history changed.
  case edited(Element)
  /// The user scrolled back to the bottom: trim the window to the newest page.
  case returnedToBottom
}

extension WindowAction: Equatable where Element: Equatable {}

/// Loads a ``WindowedList`` page by page from a history: the newest page first, older pages at
/// the top, new elements at the bottom, and a trim back to one page at the bottom.
///
/// ```swift
/// Scope(state: \.messages, action: .messages) {
///   Window { before, count in try await history.page(before: before, count: count) }
/// }
/// ```
public struct Window<Element: Identifiable & Sendable>: Reducer where Element.ID: Sendable {
  /// Loads up to `count` elements older than `before` (the newest ones when `nil`), oldest first.
  public typealias LoadPage =
    @Sendable (_ before: Element.ID?, _ count: Int) async throws -> [Element]

  let loadPage: LoadPage

  /// Creates the reducer.
  /// - Parameter loadPage: Loads a page of the history.
  public init(loadPage: @escaping LoadPage) {
    self.loadPage = loadPage
  }

  /// Handles the window's actions.
  public func reduce(
    into state: inout WindowedList<Element>, action: WindowAction<Element>
  ) -> Effect<WindowAction<Element>> {
    switch action {
    case .appeared:
      guard state.count == 0, !state.isLoadingOlder else { return .none }
      return load(before: nil, state: &state)

    case .reachedTop:
      guard state.hasOlder, !state.isLoadingOlder else { return .none }
      return load(before: state.first?.id, state: &state)

    case .pageLoaded(let page, let before, let hasMore):
      state.isLoadingOlder = false
      guard let before else {
        // The newest page. Live elements may have arrived while it loaded: they are newer, and
        // the page may already end with some of them; keep the rest of the page before them.
        state.prependOlder(page.filter { !state.contains(id: $0.id) }, hasMore: hasMore)
        return .none
      }
      // A page for a top that is no longer the top (the window was trimmed meanwhile) is stale.
      guard before == state.first?.id else { return .none }
      state.prependOlder(page, hasMore: hasMore)
      return .none

    case .pageFailed:
      state.isLoadingOlder = false
      return .none

    case .received(let element):
      state.append(element)
      return .none

    case .edited(let element):
      state[id: element.id] = element
      return .none

    case .returnedToBottom:
      state.trimToNewestPage()
      return .none
    }
  }

  private func load(
    before: Element.ID?, state: inout WindowedList<Element>
  ) -> Effect<WindowAction<Element>> {
    state.isLoadingOlder = true
    let (loadPage, count) = (self.loadPage, state.pageSize)
    return .run { send in
      let page = try await loadPage(before, count)
      await send(.pageLoaded(page, before: before, hasMore: page.count == count))
    } catch: { error, send in
      await send(.pageFailed("\(error)"))
    }
  }
}
