import ReducerKit

/// A list of any identified row feature, for tests that put a feature in several rows.
public struct Rows<Row: Reducer & Sendable>: Reducer
where Row.State: Identifiable & Equatable, Row.State.ID == Int, Row.Action: Equatable {
  /// The rows.
  public struct State: Equatable {
    /// The rows, by id.
    public var rows: IdentifiedArrayOf<Row.State>
  }
  /// A row's action.
  public enum Action: Equatable { case rows(IdentifiedActionOf<Row>) }

  let row: Row
  /// A list of `row`.
  public init(@ReducerBuilder<Row.State, Row.Action> row: () -> Row) { self.row = row() }

  /// Runs the row reducer on the row an action addresses.
  public var body: some ReducerOf<Self> {
    EmptyReducer<State, Action>()
      .forEach(
        \.rows, action: CasePath(Action.rows) { if case .rows(let a) = $0 { a } else { nil } }
      ) { row }
  }
}

/// A row state made from its id alone.
public protocol MadeFromID { init(id: Int) }

extension Rows.State where Row.State: MadeFromID {
  /// Rows with these ids, in order.
  public init(ids: [Int]) {
    rows = IdentifiedArray(uniqueElements: ids.map { Row.State(id: $0) })
  }
}
