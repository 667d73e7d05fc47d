// NB: SwiftUI exists on Apple platforms only; CI type-checks this file against a stand-in.
#if canImport(SwiftUI)
  import SwiftUI

  extension NavigationStack {
    /// A navigation stack over a stack store: pushed screens are the stack's, the back button
    /// and the swipe pop them through ``StackAction/popFrom(id:)``, and
    /// `NavigationLink(state:)` pushes through ``StackAction/push(id:state:)``.
    ///
    /// ```swift
    /// NavigationStack(path: $store.scope(state: \.path, action: .path)) {
    ///   ArticlesView(store: store)
    /// } destination: { screen in
    ///   switch screen.case { … }        // or a view per path feature
    /// }
    /// ```
    /// The screens' states are `Sendable` (a path enum's generated `State` is), as SwiftUI's
    /// path is.
    /// The screens' states are `Sendable` (a path enum's generated `State` is), as the path
    /// SwiftUI keeps must be.
    /// - Parameters:
    ///   - path: The stack store's binding, from `$store.scope(state: \.path, action: .path)`.
    ///   - root: The view under the stack.
    ///   - destination: The view of a pushed screen, for its store.
    @MainActor
    public init<State, Action, Base: View, Destination: View>(
      path: Binding<Store<StackState<State>, StackAction<State, Action>>>,
      @ViewBuilder root: () -> Base,
      @ViewBuilder destination: @escaping (Store<State, Action>) -> Destination
    )
    where
      State: Sendable, Data == StackState<State>.PathView,
      Root == StackRoot<Base, State, Action, Destination>
    {
      let store = path.wrappedValue
      self.init(
        path: Binding(
          get: { MainActor.assumeIsolated { store.stackPath() } },
          set: { newPath in MainActor.assumeIsolated { store.setStackPath(newPath) } }
        )
      ) {
        StackRoot(base: root(), store: store, destination: destination)
      }
    }
  }

  /// The root of a ``SwiftUI/NavigationStack`` over a stack store: the root view, with the
  /// destination of the stack's screens.
  public struct StackRoot<Base: View, State, Action, Destination: View>: View {
    let base: Base
    let store: Store<StackState<State>, StackAction<State, Action>>
    let destination: (Store<State, Action>) -> Destination

    /// The root view, pushing the stack's screens.
    public var body: some View {
      base.navigationDestination(for: StackState<State>.Component.self) { component in
        if let id = component.id {
          destination(store.stackElementStore(id: id, initial: component.element))
        }
      }
    }
  }

  extension NavigationLink where Destination == Never {
    /// A link that pushes a screen onto the stack of the enclosing
    /// `NavigationStack(path:root:destination:)`.
    ///
    /// ```swift
    /// NavigationLink(state: Articles.Path.State.reader(Reader.State(article: article))) {
    ///   Text(article.title)
    /// }
    /// ```
    /// - Parameters:
    ///   - state: The screen's state; `nil` for a disabled link.
    ///   - label: The link's label.
    @MainActor
    public init<Element>(state: Element?, @ViewBuilder label: () -> Label) {
      self.init(value: state.map { StackState<Element>.Component(state: $0) }, label: label)
    }
  }
#endif
