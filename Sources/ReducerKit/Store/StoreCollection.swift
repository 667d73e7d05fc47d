/// The stores of an identified collection's elements, made as they are accessed: what
/// `store.scope(state: \.rows, action: .rows)` returns, for a list view's `ForEach`.
///
/// It holds the elements as they were when it was made; each store it gives reads its element's
/// current state from the root (or its last state, once removed), like a store from
/// `scope(id:state:action:)`.
@MainActor
public struct StoreCollection<ID: Hashable, ElementState: Identifiable, ElementAction>:
  @MainActor RandomAccessCollection
where ElementState.ID == ID {
  @usableFromInline let elements: IdentifiedArray<ID, ElementState>
  @usableFromInline let makeStore: @MainActor (ElementState) -> Store<ElementState, ElementAction>

  @usableFromInline
  init(
    elements: IdentifiedArray<ID, ElementState>,
    makeStore: @escaping @MainActor (ElementState) -> Store<ElementState, ElementAction>
  ) {
    self.elements = elements
    self.makeStore = makeStore
  }

  /// The position of the first store.
  public var startIndex: Int { 0 }
  /// The position after the last store.
  public var endIndex: Int { elements.count }

  /// The store of the element at `position`, made now.
  public subscript(position: Int) -> Store<ElementState, ElementAction> {
    makeStore(elements[position])
  }

  /// The element ids, in order.
  public var ids: [ID] { elements.ids }

  /// Each row's id and position, for a SwiftUI `ForEach` identified by row id.
  public var _rows: [_StoreRow<ID>] {
    elements.ids.enumerated().map { _StoreRow(id: $0.element, position: $0.offset) }
  }
}

/// A row of a ``StoreCollection``: its id, and its position in the collection it was read from.
public struct _StoreRow<ID: Hashable>: Hashable {
  /// The row's id.
  public let id: ID
  /// The row's position.
  public let position: Int
}
