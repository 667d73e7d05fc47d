/// The screens of a navigation stack, in order, each with a stable ``StackElementID``.
///
/// ```swift
/// struct State: Equatable {
///   var path = StackState<Path.State>()
/// }
///
/// state.path.append(.reader(Reader.State(article: article)))
/// ```
///
/// `forEach(_:action:destination:)` runs each screen;
/// removing screens (popping) cancels their effects. In tests, address screens by id:
/// `$0.path[id: 0] = .reader(…)` pushes (or replaces) the screen with id 0.
public struct StackState<Element> {
  @usableFromInline var storage: IdentifiedArray<StackElementID, Screen>
  /// Popped screens' farewells; see ``Farewells``.
  @usableFromInline var farewells = Farewells()

  @usableFromInline
  struct Screen: Identifiable {
    @usableFromInline let id: StackElementID
    @usableFromInline var element: Element

    @usableFromInline
    init(id: StackElementID, element: Element) {
      self.id = id
      self.element = element
    }
  }

  /// An empty stack.
  @inlinable
  public init() {
    storage = []
  }

  /// A stack of `elements`, with new ids from the `stackElementID` dependency.
  /// - Parameter elements: The screens, bottom first.
  @inlinable
  public init(_ elements: some Sequence<Element>) {
    self.init()
    for element in elements { append(element) }
  }

  /// The ids of the screens, bottom first.
  @inlinable
  public var ids: [StackElementID] { storage.ids }

  /// The screen with `id`, or `nil`. Assigning to a missing id pushes the screen with that id;
  /// assigning `nil` pops it alone.
  @inlinable
  public subscript(id id: StackElementID) -> Element? {
    get { storage[id: id]?.element }
    set {
      guard let newValue else {
        storage.remove(id: id)
        return
      }
      if storage.contains(id: id) {
        storage.modify(id: id) { $0.element = newValue }
      } else {
        DependencyValues.current.stackElementID.advance(past: id)
        storage.append(Screen(id: id, element: newValue))
      }
    }
  }

  /// The screen with `id` as its `path` case, to read or change in place: `nil` when there is
  /// no such screen or it is another case. Setting changes the screen only while it is in that
  /// case; setting `nil` pops it. Changing a screen that is in another case changes nothing and
  /// raises a runtime warning (a test failure under a test store).
  ///
  /// ```swift
  /// await store.send(.path(.element(id: 0, action: .detail(.titleChanged("Draft"))))) {
  ///   $0.path[id: 0, case: .detail]?.title = "Draft"
  /// }
  /// ```
  /// - Parameters:
  ///   - id: The screen's id.
  ///   - path: The case.
  public subscript<Case>(id id: StackElementID, case path: CasePath<Element, Case>) -> Case? {
    get { self[id: id].flatMap(path.extract) }
    _modify {
      var payload = self[id: id].flatMap(path.extract)
      let isInCase = payload != nil
      yield &payload
      write(payload, id: id, case: path, isInCase: isInCase)
    }
    set {
      write(newValue, id: id, case: path, isInCase: self[id: id].flatMap(path.extract) != nil)
    }
  }

  /// The screen with `id` in one case, named by a case key path: `$0.path[id: 0, case:
  /// \.detail]?.title = "Draft"`. Reading and writing behave as
  /// `subscript(id:case:)`'s.
  /// - Parameters:
  ///   - id: The screen's id.
  ///   - path: The case.
  public subscript<Case>(id id: StackElementID, case path: CaseKeyPath<Element, Case>) -> Case? {
    get { self[id: id, case: CasePath(path)] }
    set { self[id: id, case: CasePath(path)] = newValue }
  }

  /// Writes a screen through its case: changes it, pops it (`nil`), or — when the screen is in
  /// another case — changes nothing and warns.
  private mutating func write<Case>(
    _ payload: Case?, id: StackElementID, case path: CasePath<Element, Case>, isInCase: Bool
  ) {
    guard let current = self[id: id] else { return }
    guard isInCase else {
      reportIssueInUserCode(
        """
        A screen of the stack was changed through a case it is not in: the screen with id \
        \(id) is \(describe(current)). Nothing changed.

        Check its case first, or change it through the case it is in.
        """)
      return
    }
    if let payload {
      self[id: id] = path.embed(payload)
    } else {
      self[id: id] = nil
    }
  }

  /// Pushes `element`, with a new id from the `stackElementID` dependency.
  /// - Parameter element: The screen.
  @inlinable
  public mutating func append(_ element: Element) {
    storage.append(Screen(id: DependencyValues.current.stackElementID.next(), element: element))
  }

  /// Pops the screen with `id` and every screen above it.
  /// - Parameter id: The lowest screen to pop.
  @inlinable
  public mutating func pop(from id: StackElementID) {
    guard let position = storage.index(id: id) else { return }
    removeAbove(position - 1)
  }

  /// Pops every screen above the one with `id`.
  /// - Parameter id: The screen to return to.
  @inlinable
  public mutating func pop(to id: StackElementID) {
    guard let position = storage.index(id: id) else { return }
    removeAbove(position)
  }

  /// Removes the screens above `position` (all of them for `-1`), top first: O(1) per screen.
  @inlinable
  mutating func removeAbove(_ position: Int) {
    while storage.count > position + 1 { storage.remove(at: storage.count - 1) }
  }

  /// Pops the top screen.
  /// - Returns: The popped screen, or `nil` if the stack is empty.
  @discardableResult
  @inlinable
  public mutating func popLast() -> Element? {
    guard !storage.isEmpty else { return nil }
    return storage.remove(at: storage.count - 1).element
  }

  /// Pops the top screen; the stack must not be empty (use ``popLast()`` when it may be).
  ///
  /// On an empty stack it raises a runtime warning at the caller's line and removes nothing,
  /// rather than trapping.
  /// - Parameters:
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  /// - Returns: The popped screen, or `nil` if the stack was empty.
  @discardableResult
  public mutating func removeLast(
    fileID: String = #fileID, filePath: String = #filePath, line: UInt = #line,
    column: UInt = #column
  ) -> Element? {
    guard let last = popLast() else {
      reportRemovalFromEmpty(
        "removeLast()", of: "navigation stack",
        at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
      return nil
    }
    return last
  }

  /// Pops the top `count` screens.
  /// - Parameters:
  ///   - count: How many to pop; popping more than there are pops them all and raises a
  ///     runtime warning.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  public mutating func removeLast(
    _ count: Int, fileID: String = #fileID, filePath: String = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    if count > storage.count {
      reportIssue(
        """
        "removeLast(\(count))" was called on a navigation stack of \(storage.count) screen(s): \
        all of them were removed.
        """,
        at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    for _ in 0..<Swift.min(Swift.max(count, 0), storage.count) { popLast() }
  }

  /// Pops every screen.
  @inlinable
  public mutating func removeAll() {
    storage.removeAll()
  }

  @inlinable
  mutating func _modify<R>(
    id: StackElementID, _ body: (inout Element) -> R
  ) -> (result: R?, token: Int) {
    storage._modify(id: id) { body(&$0.element) }
  }

  @inlinable
  var _idsToken: Int { storage._idsToken }
}

extension StackState: RandomAccessCollection {
  /// The position of the bottom screen.
  @inlinable
  public var startIndex: Int { 0 }
  /// The position after the top screen.
  @inlinable
  public var endIndex: Int { storage.count }
  /// The screen at `position`, bottom first.
  @inlinable
  public subscript(position: Int) -> Element { storage[position].element }
}

extension StackState: ExpressibleByArrayLiteral {
  /// A stack of screens, with new ids from the `stackElementID` dependency.
  public init(arrayLiteral elements: Element...) {
    self.init(elements)
  }
}

extension StackState.Screen: Equatable where Element: Equatable {}
extension StackState.Screen: Hashable where Element: Hashable {}
extension StackState.Screen: Sendable where Element: Sendable {}

extension StackState: Equatable where Element: Equatable {
  /// Whether the two stacks hold the same screens, with the same ids, in the same order.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.storage.elements == rhs.storage.elements
  }
}

extension StackState: Hashable where Element: Hashable {
  /// Hashes the screens and their ids.
  public func hash(into hasher: inout Hasher) { hasher.combine(storage.elements) }
}

extension StackState: Sendable where Element: Sendable {}

extension StackState.Screen: Encodable where Element: Encodable {}
extension StackState.Screen: Decodable where Element: Decodable {}

extension StackState: Encodable where Element: Encodable {
  /// Writes the screens bottom first, each with its id (`[{"id": 0, "element": …}]`), so that a
  /// recording's actions still name the right screens when it is replayed.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(storage.elements)
  }
}

extension StackState: Decodable where Element: Decodable {
  /// Reads the screens with their ids; the `stackElementID` dependency then makes ids above
  /// them.
  public init(from decoder: any Decoder) throws {
    self.init()
    for screen in try decoder.singleValueContainer().decode([Screen].self) {
      guard self[id: screen.id] == nil else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: decoder.codingPath,
            debugDescription: "Two screens of the stack have the id \(screen.id)."))
      }
      self[id: screen.id] = screen.element
    }
  }
}

extension StackState: DumpKeyedCollection {
  package var dumpEntries: [(key: AnyHashable, keyText: String, value: Any)] {
    storage.elements.map { (AnyHashable($0.id), "id: \($0.id)", $0.element as Any) }
  }
}

extension StackState: CustomStringConvertible {
  /// The screens with their ids.
  public var description: String {
    "[" + storage.elements.map { "\($0.id): \($0.element)" }.joined(separator: ", ") + "]"
  }
}
