// NB: SwiftUI exists on Apple platforms only; CI type-checks this file against a stand-in.
#if canImport(SwiftUI)
  import SwiftUI

  /// A child store as SwiftUI's item-driven presentations need it: identified by the store
  /// object, which stays the same for as long as the child is presented.
  struct PresentedStore<State, Action>: Identifiable, Hashable {
    let store: Store<State, Action>
    var id: ObjectIdentifier { ObjectIdentifier(store) }
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.store === rhs.store }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }
  }

  extension Binding {
    /// The binding of a child store as a binding of its identified wrapper.
    @MainActor
    func presented<State, Action>() -> Binding<PresentedStore<State, Action>?>
    where Value == Store<State, Action>? {
      let base = self
      return Binding<PresentedStore<State, Action>?>(
        get: { base.wrappedValue.map(PresentedStore.init) },
        set: { newValue in
          if newValue == nil { base.wrappedValue = nil }
        }
      )
    }
  }

  extension View {
    /// Presents a sheet for as long as a child store is presented.
    ///
    /// ```swift
    /// .sheet(item: $store.scope(state: \.editor, action: .editor)) { editorStore in
    ///   EditorView(store: editorStore)
    /// }
    /// ```
    /// Dismissing the sheet sends `.dismiss` through the binding.
    /// - Parameters:
    ///   - item: The child store's binding, from `$store.scope(state:action:)`.
    ///   - onDismiss: Runs when the sheet is gone.
    ///   - content: The sheet's view for the child's store.
    /// - Returns: The view, presenting the sheet.
    @MainActor
    public func sheet<State, Action, Content: View>(
      item: Binding<Store<State, Action>?>,
      onDismiss: (() -> Void)? = nil,
      @ViewBuilder content: @escaping (Store<State, Action>) -> Content
    ) -> some View {
      sheet(item: item.presented(), onDismiss: onDismiss) { content($0.store) }
    }

    /// Presents a popover for as long as a child store is presented.
    ///
    /// Like ``SwiftUI/View/sheet(item:onDismiss:content:)``.
    /// - Parameters:
    ///   - item: The child store's binding, from `$store.scope(state:action:)`.
    ///   - content: The popover's view for the child's store.
    /// - Returns: The view, presenting the popover.
    @MainActor
    public func popover<State, Action, Content: View>(
      item: Binding<Store<State, Action>?>,
      @ViewBuilder content: @escaping (Store<State, Action>) -> Content
    ) -> some View {
      popover(item: item.presented()) { content($0.store) }
    }

    /// Pushes a view onto the enclosing navigation stack for as long as a child store is
    /// presented (iOS 17, macOS 14).
    ///
    /// ```swift
    /// .navigationDestination(item: $store.scope(state: \.detail, action: .detail)) {
    ///   DetailView(store: $0)
    /// }
    /// ```
    /// Popping it sends `.dismiss` through the binding.
    /// - Parameters:
    ///   - item: The child store's binding, from `$store.scope(state:action:)`.
    ///   - destination: The pushed view for the child's store.
    /// - Returns: The view, pushing the destination.
    @MainActor
    public func navigationDestination<State, Action, Destination: View>(
      item: Binding<Store<State, Action>?>,
      @ViewBuilder destination: @escaping (Store<State, Action>) -> Destination
    ) -> some View {
      navigationDestination(item: item.presented()) { destination($0.store) }
    }
  }

  #if !os(macOS)
    extension View {
      /// Presents a full-screen cover for as long as a child store is presented (not on
      /// macOS, which has none).
      ///
      /// Like ``SwiftUI/View/sheet(item:onDismiss:content:)``.
      /// - Parameters:
      ///   - item: The child store's binding, from `$store.scope(state:action:)`.
      ///   - onDismiss: Runs when the cover is gone.
      ///   - content: The cover's view for the child's store.
      /// - Returns: The view, presenting the cover.
      @MainActor
      public func fullScreenCover<State, Action, Content: View>(
        item: Binding<Store<State, Action>?>,
        onDismiss: (() -> Void)? = nil,
        @ViewBuilder content: @escaping (Store<State, Action>) -> Content
      ) -> some View {
        fullScreenCover(item: item.presented(), onDismiss: onDismiss) { content($0.store) }
      }
    }
  #endif
#endif
