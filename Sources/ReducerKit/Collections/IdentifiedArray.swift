import Foundation

/// An ordered collection of elements with unique ids and constant-time access by id.
///
/// It is the collection a list feature keeps its rows in: `forEach(_:action:element:)`
/// finds a row by id in O(1) and mutates it in place, without copying the collection.
///
/// ```swift
/// var rows: IdentifiedArrayOf<Article> = [a, b, c]
/// rows[id: b.id]?.isFavorite = true    // O(1)
/// rows.remove(id: a.id)                 // O(n), like Array.remove(at:)
/// ```
///
/// Ids are unique: inserting an element whose id is already present replaces nothing and
/// reports it (see ``append(_:fileID:filePath:line:column:)``); decoding duplicate ids throws.
public struct IdentifiedArray<ID: Hashable, Element: Identifiable> where Element.ID == ID {
  @usableFromInline var _elements: [Element]
  @usableFromInline var _index: PositionIndex
  /// Changes whenever the ids or their order may have changed (insertion, removal, moving,
  /// sorting). Two values with the same token hold the same ids in the same order. It lets
  /// `forEach` notice in O(1) that no element was removed by the parent reducer, and an observer
  /// of the ids that they are unchanged.
  @usableFromInline var _idsToken: Int
  /// Changes on every write to an element in place, so that an observer of the whole collection
  /// can tell in O(1) that it may have changed (see `ChangeDetector`). Drawn from one
  /// process-wide counter, not counted per copy: a copy restored and then edited once (`rows =
  /// backup; rows[id: 3]?.isOn = true`) must never show a stamp an observer already saw.
  @usableFromInline var _writes: UInt = 0
  /// The position of the element the last writes went to, and `_writes` before the first of
  /// them: the collection is the one whose stamp was `_writesBefore`, changed only at
  /// `_lastWritten`. An observer of its rows that saw that stamp, or a stamp of the same run
  /// (with the same ids token), checks only that element's readers; anything else checks them
  /// all (see `CollectionStamp`).
  // NB: a token is drawn after every stamp before it, so a run of writes begun under an older
  // token can never match a stamp an observer saw with the current one; and writes since the
  // token was drawn, in one run, all went to `_lastWritten`.
  @usableFromInline var _writesBefore: UInt = 0
  @usableFromInline var _lastWritten = -1

  /// Creates an empty collection.
  public init() {
    self._elements = []
    self._index = PositionIndex()
    self._idsToken = UniqueStamp.next()
  }

  /// Creates a collection from elements whose ids are unique.
  ///
  /// When two elements share an id the later one is dropped and the mistake is reported.
  /// - Parameters:
  ///   - elements: The elements, in order.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  public init(
    uniqueElements elements: some Sequence<Element>,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self._elements = Array(elements)
    self._index = PositionIndex()
    self._idsToken = UniqueStamp.next()
    let duplicates = _index.rebuildFindingDuplicates(for: _elements)
    guard !duplicates.isEmpty else { return }
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    for position in duplicates {
      reportIssue(
        """
        Two elements have the id \(_elements[position].id); the one at position \(position) was \
        dropped.

        An IdentifiedArray's ids must be unique. Give each element its own id.
        """,
        at: location
      )
    }
    for position in duplicates.reversed() { _elements.remove(at: position) }
    _index.rebuild(for: _elements)
  }

  // NB: a closure, not `\.id`: a key path in generic code is projected through the runtime.
  /// The ids, in order.
  public var ids: [ID] { _elements.map { $0.id } }

  /// The elements as a plain array.
  public var elements: [Element] { _elements }

  /// Accesses the element with the given id, or `nil` if there is none.
  ///
  /// Reading is O(1). Assigning a value replaces the element in place (O(1)); assigning `nil`
  /// removes it (O(n)); assigning an element to a missing id appends it.
  public subscript(id id: ID) -> Element? {
    get {
      guard let position = _index.position(of: id, in: _elements) else { return nil }
      return _elements[position]
    }
    set {
      if let newValue {
        if let position = _index.position(of: id, in: _elements) {
          _elements[position] = newValue
          _stampWrite(at: position)
          _repairIfIDChanged(at: position, expected: id)
        } else {
          append(newValue)
        }
      } else {
        remove(id: id)
      }
    }
  }

  /// Mutates the element with the given id in place, without copying it or the collection.
  /// - Parameters:
  ///   - id: The element's id.
  ///   - body: The mutation.
  /// - Returns: What `body` returns, or `nil` when no element has that id (body is not called).
  @inlinable
  public mutating func modify<R>(id: ID, _ body: (inout Element) throws -> R) rethrows -> R? {
    guard let position = _index.position(of: id, in: _elements) else { return nil }
    _stampWrite(at: position)
    let result = try body(&_elements[position])
    _repairIfIDChanged(at: position, expected: id)
    return result
  }

  /// Records a write to the element at `position` (see `_writes` and `_writesBefore`).
  @inlinable
  mutating func _stampWrite(at position: Int) {
    if position != _lastWritten {
      _writesBefore = _writes
      _lastWritten = position
    }
    _writes = UInt(bitPattern: UniqueStamp.next())
  }

  /// `modify(id:_:)` that also returns the ids token afterwards, so that `forEach` needs one
  /// key-path access instead of two.
  @inlinable
  mutating func _modify<R>(id: ID, _ body: (inout Element) -> R) -> (result: R?, token: Int) {
    let result = modify(id: id, body)
    return (result, _idsToken)
  }

  /// The position of the element with the given id, in O(1).
  public func index(id: ID) -> Int? { _index.position(of: id, in: _elements) }

  /// Whether an element has the given id, in O(1).
  public func contains(id: ID) -> Bool { _index.position(of: id, in: _elements) != nil }

  /// What is wrong with the collection's index (see `PositionIndex.invariantViolations`):
  /// nothing, unless an operation broke it. For the tests.
  package func _indexInvariantViolations() -> [String] {
    _index.invariantViolations(for: _elements)
  }

  /// Appends an element whose id is not yet present.
  ///
  /// If the id is present, nothing is inserted: the result says so and where the element with
  /// that id is, and an advisory is printed (it does not fail a test).
  /// - Parameters:
  ///   - element: The element to append.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  /// - Returns: Whether the element was inserted, and the position of the element with its id.
  @discardableResult
  public mutating func append(
    _ element: Element,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> (inserted: Bool, index: Int) {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    return _insertNew(element, at: _elements.endIndex, location: location)
  }

  /// Inserts an element whose id is not yet present at `index` (O(n)).
  ///
  /// If the id is present, nothing is inserted: the result says so and where the element with
  /// that id is, and an advisory is printed (it does not fail a test).
  /// - Parameters:
  ///   - element: The element to insert.
  ///   - index: Where to insert it.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  /// - Returns: Whether the element was inserted, and the position of the element with its id.
  @discardableResult
  public mutating func insert(
    _ element: Element,
    at index: Int,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> (inserted: Bool, index: Int) {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    return _insertNew(element, at: index, location: location)
  }

  /// Removes and returns the element with the given id, or `nil` if there is none (O(n)).
  @discardableResult
  public mutating func remove(id: ID) -> Element? {
    guard let position = index(id: id) else { return nil }
    return remove(at: position)
  }

  /// Removes and returns the element at `index` (O(n); O(1) for the last element).
  @discardableResult
  public mutating func remove(at index: Int) -> Element {
    if index == _elements.count - 1 {
      // NB: removing the last element moves no other: O(1), for stacks popping their top.
      _index.removeLast(of: _elements)
      _idsToken = UniqueStamp.next()
      return _elements.removeLast()
    }
    let element = _elements.remove(at: index)
    _index.rebuild(for: _elements)
    _idsToken = UniqueStamp.next()
    return element
  }

  /// Removes and returns the last element (O(1)), or `nil` when there is none.
  @discardableResult
  public mutating func popLast() -> Element? {
    isEmpty ? nil : remove(at: _elements.count - 1)
  }

  /// Removes and returns the last element (O(1)). On an empty array it removes nothing, raises
  /// a runtime warning at the caller's line and returns `nil`, rather than trapping.
  /// - Parameters:
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  /// - Returns: The removed element, or `nil` if the array was empty.
  @discardableResult
  public mutating func removeLast(
    fileID: String = #fileID, filePath: String = #filePath, line: UInt = #line,
    column: UInt = #column
  ) -> Element? {
    guard let last = popLast() else {
      reportRemovalFromEmpty(
        "removeLast()", of: "identified array",
        at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
      return nil
    }
    return last
  }

  /// Removes and returns the first element (O(n)). On an empty array it removes nothing, raises
  /// a runtime warning at the caller's line and returns `nil`, rather than trapping.
  /// - Parameters:
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  /// - Returns: The removed element, or `nil` if the array was empty.
  @discardableResult
  public mutating func removeFirst(
    fileID: String = #fileID, filePath: String = #filePath, line: UInt = #line,
    column: UInt = #column
  ) -> Element? {
    guard !isEmpty else {
      reportRemovalFromEmpty(
        "removeFirst()", of: "identified array",
        at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
      return nil
    }
    return remove(at: 0)
  }

  /// Removes every element that satisfies `shouldBeRemoved` (O(n)).
  public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    let before = _elements.count
    try _elements.removeAll(where: shouldBeRemoved)
    guard _elements.count != before else { return }
    _index.rebuild(for: _elements)
    _idsToken = UniqueStamp.next()
  }

  /// Removes every element.
  public mutating func removeAll() {
    guard !_elements.isEmpty else { return }
    _elements.removeAll()
    _index = PositionIndex()
    _idsToken = UniqueStamp.next()
  }

  /// The elements that satisfy `isIncluded`, in order, as an identified array (O(n)).
  ///
  /// ```swift
  /// var completed: IdentifiedArrayOf<Todo> { todos.filter(\.isComplete) }
  /// ```
  /// - Parameter isIncluded: Whether to keep an element.
  /// - Returns: The kept elements.
  public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> Self {
    var kept = Self()
    kept._elements = try _elements.filter(isIncluded)
    kept._index.rebuild(for: kept._elements)
    return kept
  }

  /// Removes the elements at `offsets`, as SwiftUI's `onDelete` gives them (O(n)).
  /// - Parameter offsets: The positions to remove.
  public mutating func remove(atOffsets offsets: IndexSet) {
    guard !offsets.isEmpty else { return }
    var position = 0
    _elements.removeAll { _ in
      defer { position += 1 }
      return offsets.contains(position)
    }
    _index.rebuild(for: _elements)
    _idsToken = UniqueStamp.next()
  }

  /// Moves the elements at `source` to `destination`, as `Array.move` does in SwiftUI (O(n)).
  public mutating func move(fromOffsets source: IndexSet, toOffset destination: Int) {
    var moved: [Element] = []
    var kept: [Element] = []
    var insertion = destination
    for (offset, element) in _elements.enumerated() {
      if source.contains(offset) {
        moved.append(element)
        if offset < destination { insertion -= 1 }
      } else {
        kept.append(element)
      }
    }
    kept.insert(contentsOf: moved, at: insertion)
    _elements = kept
    _index.rebuild(for: _elements)
    _idsToken = UniqueStamp.next()
  }

  /// Sorts the elements in place by `areInIncreasingOrder`.
  public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
    try _elements.sort(by: areInIncreasingOrder)
    _index.rebuild(for: _elements)
    _idsToken = UniqueStamp.next()
  }

  @discardableResult
  @usableFromInline
  mutating func _insertNew(_ element: Element, at index: Int, location: SourceLocation)
    -> (inserted: Bool, index: Int)
  {
    let id = element.id
    if let existing = self.index(id: id) {
      // NB: an advisory, not a failure: the best-known library's collection answers
      // `(inserted: false, index)` and says nothing.
      reportAdvisory(
        """
        An element with id \(id) is already in the IdentifiedArray; the new one was not inserted.

        Ids must be unique. Replace the existing element with `array[id: id] = element`, or \
        give the new element a fresh id.
        """,
        at: location
      )
      return (false, existing)
    }
    _elements.insert(element, at: index)
    if index == _elements.count - 1 {
      _index.appended(to: _elements)
    } else {
      _index.rebuild(for: _elements)
    }
    _idsToken = UniqueStamp.next()
    return (true, index)
  }

  /// Keeps the index right if a mutation changed an element's id (rare; it is a misuse when the
  /// new id collides with another element's).
  @inlinable
  mutating func _repairIfIDChanged(at position: Int, expected id: ID) {
    let newID = _elements[position].id
    guard newID != id else { return }
    _repairChangedID(at: position, from: id, to: newID)
  }

  @usableFromInline
  mutating func _repairChangedID(at position: Int, from id: ID, to newID: ID) {
    _idsToken = UniqueStamp.next()
    let isDuplicate = _elements.indices.contains { $0 != position && _elements[$0].id == newID }
    if isDuplicate {
      _elements.remove(at: position)
      reportIssue(
        """
        An element's id changed from \(id) to \(newID), which another element already has; the \
        changed element was removed to keep ids unique.

        Ids must not change while an element is in an IdentifiedArray.
        """
      )
    }
    _index.rebuild(for: _elements)
  }

}

/// An ``IdentifiedArray`` of `Identifiable` elements.
public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element.ID, Element>

extension IdentifiedArray: Sendable where ID: Sendable, Element: Sendable {}
