// Stand-in of SwiftUI's toolbars: items, their placements and the builder. Declarations only:
// see README.md.

// https://developer.apple.com/documentation/swiftui/toolbarcontent
@MainActor @preconcurrency public protocol ToolbarContent {
  // https://developer.apple.com/documentation/swiftui/toolbarcontent/body-swift.associatedtype
  associatedtype Body: ToolbarContent
  // https://developer.apple.com/documentation/swiftui/toolbarcontent/body-swift.property
  @ToolbarContentBuilder var body: Self.Body { get }
}

extension Never: ToolbarContent {}

// https://developer.apple.com/documentation/swiftui/toolbarcontentbuilder
@resultBuilder public struct ToolbarContentBuilder {
  public static func buildBlock<Content: ToolbarContent>(_ content: Content) -> Content { content }
  public static func buildBlock<each Content: ToolbarContent>(_ content: repeat each Content)
    -> TupleToolbarContent<(repeat each Content)>
  { fatalError() }
  public static func buildIf<Content: ToolbarContent>(_ content: Content?) -> Content? {
    content
  }
}

extension Optional: ToolbarContent where Wrapped: ToolbarContent {
  public var body: Never { fatalError() }
}

/// Several toolbar items (what the builder makes of a block; SwiftUI's is internal).
public struct TupleToolbarContent<T>: ToolbarContent {
  public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/toolbaritemplacement
public struct ToolbarItemPlacement: Sendable {
  // https://developer.apple.com/documentation/swiftui/toolbaritemplacement/automatic
  public static let automatic = ToolbarItemPlacement()
  // https://developer.apple.com/documentation/swiftui/toolbaritemplacement/primaryaction
  public static let primaryAction = ToolbarItemPlacement()
  // https://developer.apple.com/documentation/swiftui/toolbaritemplacement/confirmationaction
  public static let confirmationAction = ToolbarItemPlacement()
  // https://developer.apple.com/documentation/swiftui/toolbaritemplacement/cancellationaction
  public static let cancellationAction = ToolbarItemPlacement()
  // https://developer.apple.com/documentation/swiftui/toolbaritemplacement/destructiveaction
  public static let destructiveAction = ToolbarItemPlacement()
  // https://developer.apple.com/documentation/swiftui/toolbaritemplacement/topbartrailing
  @available(macOS, unavailable)
  public static let topBarTrailing = ToolbarItemPlacement()
  // https://developer.apple.com/documentation/swiftui/toolbaritemplacement/topbarleading
  @available(macOS, unavailable)
  public static let topBarLeading = ToolbarItemPlacement()
  // https://developer.apple.com/documentation/swiftui/toolbaritemplacement/bottombar
  @available(macOS, unavailable)
  public static let bottomBar = ToolbarItemPlacement()
}

// https://developer.apple.com/documentation/swiftui/toolbaritem
public struct ToolbarItem<ID, Content: View>: ToolbarContent {
  public var body: Never { fatalError() }
}

extension ToolbarItem where ID == () {
  // https://developer.apple.com/documentation/swiftui/toolbaritem/init(placement:content:)
  public nonisolated init(
    placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content
  ) { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/toolbaritemgroup
public struct ToolbarItemGroup<Content: View>: ToolbarContent {
  // https://developer.apple.com/documentation/swiftui/toolbaritemgroup/init(placement:content:)
  public nonisolated init(
    placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content
  ) { fatalError() }
  public var body: Never { fatalError() }
}

extension View {
  // https://developer.apple.com/documentation/swiftui/view/toolbar(content:)-7vdkx
  public nonisolated func toolbar<Content: ToolbarContent>(
    @ToolbarContentBuilder content: () -> Content
  ) -> some View { modified() }
}
