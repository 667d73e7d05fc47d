// Stand-in of the SwiftUI view modifiers the kit and its example use. Declarations only: see
// README.md. Modifiers are `nonisolated`, as Apple's pages declare them.
import Foundation

// https://developer.apple.com/documentation/swiftui/visibility
public enum Visibility: Hashable, Sendable { case automatic, visible, hidden }

// https://developer.apple.com/documentation/swiftui/redactionreasons
public struct RedactionReasons: OptionSet, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }
  // https://developer.apple.com/documentation/swiftui/redactionreasons/placeholder
  public static let placeholder = RedactionReasons(rawValue: 1 << 0)
  // https://developer.apple.com/documentation/swiftui/redactionreasons/privacy
  public static let privacy = RedactionReasons(rawValue: 1 << 1)
}

// https://developer.apple.com/documentation/swiftui/edge
public enum Edge: Int8, Hashable, Sendable {
  case top, leading, bottom, trailing

  // https://developer.apple.com/documentation/swiftui/edge/set
  public struct Set: OptionSet, Sendable {
    public let rawValue: Int8
    public init(rawValue: Int8) { self.rawValue = rawValue }
    // https://developer.apple.com/documentation/swiftui/edge/set/all
    public static let all = Set(rawValue: 15)
    // https://developer.apple.com/documentation/swiftui/edge/set/top
    public static let top = Set(rawValue: 1)
    // https://developer.apple.com/documentation/swiftui/edge/set/leading
    public static let leading = Set(rawValue: 2)
    // https://developer.apple.com/documentation/swiftui/edge/set/bottom
    public static let bottom = Set(rawValue: 4)
    // https://developer.apple.com/documentation/swiftui/edge/set/trailing
    public static let trailing = Set(rawValue: 8)
    // https://developer.apple.com/documentation/swiftui/edge/set/horizontal
    public static let horizontal = Set(rawValue: 10)
    // https://developer.apple.com/documentation/swiftui/edge/set/vertical
    public static let vertical = Set(rawValue: 5)
  }
}

// https://developer.apple.com/documentation/swiftui/anchor
public struct Anchor<Value> {
  // https://developer.apple.com/documentation/swiftui/anchor/source
  public struct Source {}
}

extension Anchor.Source where Value == CGRect {
  // https://developer.apple.com/documentation/swiftui/anchor/source/bounds
  public static var bounds: Anchor<CGRect>.Source { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/popoverattachmentanchor
public enum PopoverAttachmentAnchor {
  case rect(Anchor<CGRect>.Source)
}

// https://developer.apple.com/documentation/swiftui/searchfieldplacement
public struct SearchFieldPlacement: Sendable {
  public static let automatic = SearchFieldPlacement()
}

// https://developer.apple.com/documentation/swiftui/modifiedcontent
public struct ModifiedContent<Content, Modifier>: View {
  public var body: Never { fatalError() }
}

extension View {
  // https://developer.apple.com/documentation/swiftui/view/alert(_:ispresented:presenting:actions:message:)-3md6l
  public nonisolated func alert<A: View, M: View, T>(
    _ title: Text, isPresented: Binding<Bool>, presenting data: T?,
    @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
  ) -> some View { modified() }

  // https://developer.apple.com/documentation/swiftui/view/confirmationdialog(_:ispresented:titlevisibility:presenting:actions:message:)-9ibgk
  public nonisolated func confirmationDialog<A: View, M: View, T>(
    _ title: Text, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
    presenting data: T?, @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
  ) -> some View { modified() }

  // https://developer.apple.com/documentation/swiftui/view/sheet(item:ondismiss:content:)
  public nonisolated func sheet<Item: Identifiable, Content: View>(
    item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
    @ViewBuilder content: @escaping (Item) -> Content
  ) -> some View { modified() }

  // https://developer.apple.com/documentation/swiftui/view/popover(item:attachmentanchor:arrowedge:content:)
  public nonisolated func popover<Item: Identifiable, Content: View>(
    item: Binding<Item?>, attachmentAnchor: PopoverAttachmentAnchor = .rect(.bounds),
    arrowEdge: Edge? = nil, @ViewBuilder content: @escaping (Item) -> Content
  ) -> some View { modified() }

  // https://developer.apple.com/documentation/swiftui/view/fullscreencover(item:ondismiss:content:)
  @available(macOS, unavailable)
  public nonisolated func fullScreenCover<Item: Identifiable, Content: View>(
    item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
    @ViewBuilder content: @escaping (Item) -> Content
  ) -> some View { modified() }

  // https://developer.apple.com/documentation/swiftui/view/navigationdestination(item:destination:)
  public nonisolated func navigationDestination<D: Hashable, C: View>(
    item: Binding<D?>, @ViewBuilder destination: @escaping (D) -> C
  ) -> some View { modified() }

  // https://developer.apple.com/documentation/swiftui/view/navigationdestination(for:destination:)
  public nonisolated func navigationDestination<D: Hashable, C: View>(
    for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
  ) -> some View { modified() }

  // https://developer.apple.com/documentation/swiftui/view/redacted(reason:)
  public nonisolated func redacted(reason: RedactionReasons) -> some View { modified() }

  // https://developer.apple.com/documentation/swiftui/view/searchable(text:placement:prompt:)-18a8f
  public nonisolated func searchable(
    text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: Text? = nil
  ) -> some View { modified() }

  // https://developer.apple.com/documentation/swiftui/view/navigationtitle(_:)-5di1u
  public nonisolated func navigationTitle<S: StringProtocol>(_ title: S) -> some View {
    modified()
  }

  // https://developer.apple.com/documentation/swiftui/view/toolbar(content:)-5w0tj
  public nonisolated func toolbar<Content: View>(@ViewBuilder content: () -> Content)
    -> some View
  { modified() }

  // https://developer.apple.com/documentation/swiftui/view/overlay(alignment:content:)
  public nonisolated func overlay<V: View>(
    alignment: Alignment = .center, @ViewBuilder content: () -> V
  ) -> some View { modified() }

  // https://developer.apple.com/documentation/swiftui/view/task(name:priority:file:line:_:)
  // (The SDK's interface also marks `action` `@_inheritActorContext`, which the page omits: a
  // view's `.task { … }` runs on the main actor.)
  public nonisolated func task(
    name: String? = nil, priority: TaskPriority = .userInitiated, file: String = #fileID,
    line: Int = #line,
    @_inheritActorContext _ action: sending @escaping @isolated(any) () async -> Void
  ) -> some View { modified() }

  // https://developer.apple.com/documentation/swiftui/view/alert(_:ispresented:actions:)-1bkka
  public nonisolated func alert<S: StringProtocol, A: View>(
    _ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A
  ) -> some View { modified() }

  // https://developer.apple.com/documentation/swiftui/view/sheet(ispresented:ondismiss:content:)
  public nonisolated func sheet<Content: View>(
    isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
    @ViewBuilder content: @escaping () -> Content
  ) -> some View { modified() }

  // https://developer.apple.com/documentation/swiftui/view/unredacted()
  public nonisolated func unredacted() -> some View { modified() }

  // https://developer.apple.com/documentation/swiftui/view/padding(_:_:)
  public nonisolated func padding(_ edges: Edge.Set = .all, _ length: Double? = nil) -> some View {
    modified()
  }

  // https://developer.apple.com/documentation/swiftui/view/disabled(_:)
  public nonisolated func disabled(_ disabled: Bool) -> some View { modified() }

  // https://developer.apple.com/documentation/swiftui/view/onappear(perform:)
  public nonisolated func onAppear(perform action: (() -> Void)? = nil) -> some View {
    modified()
  }

  nonisolated func modified() -> ModifiedContent<Self, Never> { fatalError() }
}
