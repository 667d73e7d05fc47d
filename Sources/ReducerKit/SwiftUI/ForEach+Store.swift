// NB: SwiftUI exists on Apple platforms only; CI type-checks this file against a stand-in.
#if canImport(SwiftUI)
  import SwiftUI

  extension ForEach {
    /// A view per row of a collection scope, identified by the row's id.
    ///
    /// ```swift
    /// List {
    ///   ForEach(store.scope(state: \.rows, action: .rows)) { rowStore in
    ///     RowView(store: rowStore)
    ///   }
    /// }
    /// ```
    /// Each row view reads its own store, so a row's change re-renders that row only; adding,
    /// removing or moving rows re-renders the list.
    /// - Parameters:
    ///   - rows: The collection scope.
    ///   - content: The view of a row, for its store.
    @MainActor
    public init<ElementState, ElementAction>(
      _ rows: StoreCollection<ID, ElementState, ElementAction>,
      @ViewBuilder content: @escaping (Store<ElementState, ElementAction>) -> Content
    ) where Data == [_StoreRow<ID>], Content: View {
      self.init(rows._rows, id: \.id) { row in content(rows[row.position]) }
    }
  }
#endif
