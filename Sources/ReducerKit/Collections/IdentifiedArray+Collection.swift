extension IdentifiedArray: ExpressibleByArrayLiteral {
  /// Creates a collection from a literal of elements with unique ids.
  public init(arrayLiteral elements: Element...) {
    self.init(uniqueElements: elements)
  }
}

extension IdentifiedArray: RandomAccessCollection {
  /// The position of the first element.
  @inlinable public var startIndex: Int { 0 }
  /// The position after the last element.
  @inlinable public var endIndex: Int { _elements.count }
  /// The element at `position`; assigning replaces it in place (`$0.rows[0].title = "A"`).
  /// An assignment that changes the element's id keeps the ids index right (as by id).
  @inlinable public subscript(position: Int) -> Element {
    get { _elements[position] }
    set {
      let id = _elements[position].id
      _elements[position] = newValue
      _stampWrite(at: position)
      _repairIfIDChanged(at: position, expected: id)
    }
  }
  /// The number of elements.
  @inlinable public var count: Int { _elements.count }
  /// Whether there are no elements.
  @inlinable public var isEmpty: Bool { _elements.isEmpty }
}

extension IdentifiedArray: CustomStringConvertible {
  /// The elements, as an array prints them.
  public var description: String { _elements.description }
}

extension IdentifiedArray: DumpKeyedCollection {
  package var dumpEntries: [(key: AnyHashable, keyText: String, value: Any)] {
    _elements.map { element in
      (AnyHashable(element.id), "id: \(StateDump.dump(element.id))", element as Any)
    }
  }
}
