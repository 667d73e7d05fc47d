// Stand-in of SwiftUI's navigation stack and link. Declarations only: see README.md.

// https://developer.apple.com/documentation/swiftui/navigationstack
public struct NavigationStack<Data, Root: View>: View {
  // https://developer.apple.com/documentation/swiftui/navigationstack/init(path:root:)-3bt4q
  public nonisolated init(path: Binding<Data>, @ViewBuilder root: () -> Root)
  where
    Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection,
    Data.Element: Hashable
  { fatalError() }
  public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/navigationlink
public struct NavigationLink<Label: View, Destination: View>: View {
  public var body: Never { fatalError() }
}

extension NavigationLink where Destination == Never {
  // https://developer.apple.com/documentation/swiftui/navigationlink/init(value:label:)
  public nonisolated init<P: Hashable>(value: P?, @ViewBuilder label: () -> Label) {
    fatalError()
  }
}

// https://developer.apple.com/documentation/swiftui/navigationpath
public struct NavigationPath {
  // https://developer.apple.com/documentation/swiftui/navigationpath/init()
  public init() { fatalError() }
}

extension NavigationStack where Data == NavigationPath {
  // https://developer.apple.com/documentation/swiftui/navigationstack/init(root:)
  public nonisolated init(@ViewBuilder root: () -> Root) { fatalError() }
}

extension NavigationLink where Label == Text, Destination == Never {
  // https://developer.apple.com/documentation/swiftui/navigationlink/init(_:value:)
  // (the overloads this page groups include the one for a title string)
  public nonisolated init<S: StringProtocol, P: Hashable>(_ title: S, value: P?) { fatalError() }
}
