// Stand-in of SwiftUI's view protocol and the views the kit and its example use. Declarations
// only: see README.md.
import Observation

// https://developer.apple.com/documentation/swiftui/view
@MainActor @preconcurrency public protocol View {
  // https://developer.apple.com/documentation/swiftui/view/body-swift.associatedtype
  associatedtype Body: View
  // https://developer.apple.com/documentation/swiftui/view/body-8kl5o
  @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

// https://developer.apple.com/documentation/swift/never (SwiftUI's `Never: View`)
extension Never: View {
  public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/optional (`Optional: View`)
extension Optional: View where Wrapped: View {
  public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/viewbuilder
@resultBuilder public struct ViewBuilder {
  public static func buildBlock() -> EmptyView { fatalError() }
  public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
  public static func buildBlock<each Content: View>(_ content: repeat each Content)
    -> TupleView<(repeat each Content)>
  { fatalError() }
  public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
  public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent)
    -> _ConditionalContent<TrueContent, FalseContent>
  { fatalError() }
  public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent)
    -> _ConditionalContent<TrueContent, FalseContent>
  { fatalError() }
  public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView {
    fatalError()
  }
}

// https://developer.apple.com/documentation/swiftui/tupleview
public struct TupleView<T>: View {
  public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/_conditionalcontent
public struct _ConditionalContent<TrueContent, FalseContent>: View {
  public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/emptyview
public struct EmptyView: View {
  // https://developer.apple.com/documentation/swiftui/emptyview/init()
  public nonisolated init() {}
  public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/anyview
public struct AnyView: View {
  public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/text
public struct Text: View {
  // https://developer.apple.com/documentation/swiftui/text/init(verbatim:)
  public nonisolated init(verbatim content: String) { fatalError() }
  // https://developer.apple.com/documentation/swiftui/text/init(_:)-9d1g4
  public nonisolated init<S: StringProtocol>(_ content: S) { fatalError() }
  public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/buttonrole
public struct ButtonRole: Equatable, Sendable {
  public static let destructive = ButtonRole()
  public static let cancel = ButtonRole()
}

// https://developer.apple.com/documentation/swiftui/button
@MainActor @preconcurrency public struct Button<Label: View>: View {
  // https://developer.apple.com/documentation/swiftui/button/init(action:label:)
  @preconcurrency public nonisolated init(
    action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label
  ) { fatalError() }
  // https://developer.apple.com/documentation/swiftui/button/init(role:action:label:)
  @preconcurrency public nonisolated init(
    role: ButtonRole?, action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label
  ) { fatalError() }
  public var body: Never { fatalError() }
}

extension Button where Label == Text {
  // https://developer.apple.com/documentation/swiftui/button/init(_:action:)-lpm7
  @preconcurrency public nonisolated init<S: StringProtocol>(
    _ title: S, action: @escaping @MainActor () -> Void
  ) {
    fatalError()
  }
  // https://developer.apple.com/documentation/swiftui/button/init(_:role:action:)-4bfd5
  @preconcurrency public nonisolated init<S: StringProtocol>(
    _ title: S, role: ButtonRole?, action: @escaping @MainActor () -> Void
  ) { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/foreach
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
  // https://developer.apple.com/documentation/swiftui/foreach/init(_:id:content:)
  public nonisolated init(
    _ data: Data, id: KeyPath<Data.Element, ID>,
    @ViewBuilder content: @escaping (Data.Element) -> Content
  ) where Content: View { fatalError() }
}

extension ForEach: View where Content: View {
  public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/list
@MainActor @preconcurrency public struct List<SelectionValue: Hashable, Content: View>: View {
  public var body: Never { fatalError() }
}

extension List where SelectionValue == Never {
  // https://developer.apple.com/documentation/swiftui/list/init(content:)
  public nonisolated init(@ViewBuilder content: () -> Content) { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/horizontalalignment
public struct HorizontalAlignment: Equatable, Sendable {
  public static let leading = HorizontalAlignment()
  public static let center = HorizontalAlignment()
  // https://developer.apple.com/documentation/swiftui/horizontalalignment/trailing
  public static let trailing = HorizontalAlignment()
}

// https://developer.apple.com/documentation/swiftui/verticalalignment
public struct VerticalAlignment: Equatable, Sendable {
  public static let center = VerticalAlignment()
  // https://developer.apple.com/documentation/swiftui/verticalalignment/top
  public static let top = VerticalAlignment()
  // https://developer.apple.com/documentation/swiftui/verticalalignment/bottom
  public static let bottom = VerticalAlignment()
  // https://developer.apple.com/documentation/swiftui/verticalalignment/firsttextbaseline
  public static let firstTextBaseline = VerticalAlignment()
}

// https://developer.apple.com/documentation/swiftui/alignment
public struct Alignment: Equatable, Sendable {
  public static let center = Alignment()
  // https://developer.apple.com/documentation/swiftui/alignment/leading
  public static let leading = Alignment()
  // https://developer.apple.com/documentation/swiftui/alignment/trailing
  public static let trailing = Alignment()
  // https://developer.apple.com/documentation/swiftui/alignment/top
  public static let top = Alignment()
  // https://developer.apple.com/documentation/swiftui/alignment/bottom
  public static let bottom = Alignment()
  // https://developer.apple.com/documentation/swiftui/alignment/topleading
  public static let topLeading = Alignment()
  // https://developer.apple.com/documentation/swiftui/alignment/bottomtrailing
  public static let bottomTrailing = Alignment()
}

// https://developer.apple.com/documentation/swiftui/vstack
public struct VStack<Content: View>: View {
  // https://developer.apple.com/documentation/swiftui/vstack/init(alignment:spacing:content:)
  public nonisolated init(
    alignment: HorizontalAlignment = .center, spacing: Double? = nil,
    @ViewBuilder content: () -> Content
  ) { fatalError() }
  public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/hstack
public struct HStack<Content: View>: View {
  // https://developer.apple.com/documentation/swiftui/hstack/init(alignment:spacing:content:)
  public nonisolated init(
    alignment: VerticalAlignment = .center, spacing: Double? = nil,
    @ViewBuilder content: () -> Content
  ) { fatalError() }
  public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/spacer
public struct Spacer: View {
  // https://developer.apple.com/documentation/swiftui/spacer/init(minlength:)
  public nonisolated init(minLength: Double? = nil) { fatalError() }
  public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/textfield
public struct TextField<Label: View>: View {
  public var body: Never { fatalError() }
}

extension TextField where Label == Text {
  // https://developer.apple.com/documentation/swiftui/textfield/init(_:text:)-2laoi
  public nonisolated init<S: StringProtocol>(_ title: S, text: Binding<String>) { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/toggle
public struct Toggle<Label: View>: View {
  // https://developer.apple.com/documentation/swiftui/toggle/init(ison:label:)
  public nonisolated init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) { fatalError() }
  public var body: Never { fatalError() }
}

extension Toggle where Label == Text {
  // https://developer.apple.com/documentation/swiftui/toggle/init(_:ison:)
  // (the overloads this page groups include the one for a title string)
  public nonisolated init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/form
public struct Form<Content: View>: View {
  // https://developer.apple.com/documentation/swiftui/form/init(content:)
  public nonisolated init(@ViewBuilder content: () -> Content) { fatalError() }
  public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/section
public struct Section<Parent, Content, Footer>: View {
  public var body: Never { fatalError() }
}

extension Section where Parent == EmptyView, Content: View, Footer == EmptyView {
  // https://developer.apple.com/documentation/swiftui/section/init(content:)
  public nonisolated init(@ViewBuilder content: () -> Content) { fatalError() }
}

extension Section where Parent == Text, Content: View, Footer == EmptyView {
  // https://developer.apple.com/documentation/swiftui/section/init(_:content:)
  // (the overloads this page groups include the one for a title string)
  public nonisolated init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
    fatalError()
  }
}

// https://developer.apple.com/documentation/swiftui/image
public struct Image: View {
  // https://developer.apple.com/documentation/swiftui/image/init(systemname:)
  public nonisolated init(systemName: String) { fatalError() }
  public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/progressview
public struct ProgressView<Label: View, CurrentValueLabel: View>: View {
  public var body: Never { fatalError() }
}

extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
  // https://developer.apple.com/documentation/swiftui/progressview/init()
  public nonisolated init() { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/label
public struct Label<Title: View, Icon: View>: View {
  public var body: Never { fatalError() }
}

extension Label where Title == Text, Icon == Image {
  // https://developer.apple.com/documentation/swiftui/label/init(_:systemimage:)
  // (the overloads this page groups include the one for a title string)
  public nonisolated init<S: StringProtocol>(_ title: S, systemImage name: String) {
    fatalError()
  }
}

extension List where SelectionValue == Never {
  // https://developer.apple.com/documentation/swiftui/list/init(_:rowcontent:)
  // (the overloads this page groups include the one for identifiable data)
  public nonisolated init<Data: RandomAccessCollection, RowContent: View>(
    _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
  ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
    fatalError()
  }
}

extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {
  // https://developer.apple.com/documentation/swiftui/foreach/init(_:content:)
  // (the overloads this page groups include the one for identifiable data)
  public nonisolated init(
    _ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content
  ) { fatalError() }
}
