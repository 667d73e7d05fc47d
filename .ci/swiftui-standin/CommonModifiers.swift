// Stand-in of the view modifiers ordinary app screens use most: layout, text and color,
// gestures, lifecycle, lists and accessibility, and custom modifiers. Declarations only: see
// README.md. Modifiers are `nonisolated`, as Apple's pages declare them.
import Foundation

// https://developer.apple.com/documentation/swiftui/viewmodifier
@MainActor @preconcurrency public protocol ViewModifier {
  // https://developer.apple.com/documentation/swiftui/viewmodifier/body-swift.associatedtype
  associatedtype Body: View
  // https://developer.apple.com/documentation/swiftui/viewmodifier/content
  typealias Content = _ViewModifier_Content<Self>
  // https://developer.apple.com/documentation/swiftui/viewmodifier/body(content:)
  @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
}

// https://developer.apple.com/documentation/swiftui/_viewmodifier_content
public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
  public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/textalignment
public enum TextAlignment: Hashable, CaseIterable, Sendable { case leading, center, trailing }

// https://developer.apple.com/documentation/swiftui/accessibilitychildbehavior
public struct AccessibilityChildBehavior: Hashable, Sendable {
  // https://developer.apple.com/documentation/swiftui/accessibilitychildbehavior/ignore
  public static let ignore = AccessibilityChildBehavior()
  // https://developer.apple.com/documentation/swiftui/accessibilitychildbehavior/combine
  public static let combine = AccessibilityChildBehavior()
  // https://developer.apple.com/documentation/swiftui/accessibilitychildbehavior/contain
  public static let contain = AccessibilityChildBehavior()
}

// https://developer.apple.com/documentation/swiftui/labelstyle
@MainActor @preconcurrency public protocol LabelStyle {}

// https://developer.apple.com/documentation/swiftui/icononlylabelstyle
public struct IconOnlyLabelStyle: LabelStyle {
  // https://developer.apple.com/documentation/swiftui/icononlylabelstyle/init()
  public init() {}
}

// https://developer.apple.com/documentation/swiftui/titleandiconlabelstyle
public struct TitleAndIconLabelStyle: LabelStyle {
  // https://developer.apple.com/documentation/swiftui/titleandiconlabelstyle/init()
  public init() {}
}

extension LabelStyle where Self == IconOnlyLabelStyle {
  // https://developer.apple.com/documentation/swiftui/labelstyle/icononly
  public static var iconOnly: IconOnlyLabelStyle { IconOnlyLabelStyle() }
}

extension LabelStyle where Self == TitleAndIconLabelStyle {
  // https://developer.apple.com/documentation/swiftui/labelstyle/titleandicon
  public static var titleAndIcon: TitleAndIconLabelStyle { TitleAndIconLabelStyle() }
}

// https://developer.apple.com/documentation/swiftui/liststyle
@MainActor @preconcurrency public protocol ListStyle {}

// https://developer.apple.com/documentation/swiftui/plainliststyle
public struct PlainListStyle: ListStyle {
  // https://developer.apple.com/documentation/swiftui/plainliststyle/init()
  public init() {}
}

// https://developer.apple.com/documentation/swiftui/insetgroupedliststyle
@available(macOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
public struct InsetGroupedListStyle: ListStyle {
  // https://developer.apple.com/documentation/swiftui/insetgroupedliststyle/init()
  public init() {}
}

extension ListStyle where Self == PlainListStyle {
  // https://developer.apple.com/documentation/swiftui/liststyle/plain
  public static var plain: PlainListStyle { PlainListStyle() }
}

@available(macOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
extension ListStyle where Self == InsetGroupedListStyle {
  // https://developer.apple.com/documentation/swiftui/liststyle/insetgrouped
  public static var insetGrouped: InsetGroupedListStyle { InsetGroupedListStyle() }
}

// https://developer.apple.com/documentation/swiftui/primitivebuttonstyle
@MainActor @preconcurrency public protocol PrimitiveButtonStyle {}

// https://developer.apple.com/documentation/swiftui/borderedprominentbuttonstyle
public struct BorderedProminentButtonStyle: PrimitiveButtonStyle {
  // https://developer.apple.com/documentation/swiftui/borderedprominentbuttonstyle/init()
  public init() {}
}

// https://developer.apple.com/documentation/swiftui/plainbuttonstyle
public struct PlainButtonStyle: PrimitiveButtonStyle {
  // https://developer.apple.com/documentation/swiftui/plainbuttonstyle/init()
  public init() {}
}

extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
  // https://developer.apple.com/documentation/swiftui/primitivebuttonstyle/borderedprominent
  public static var borderedProminent: BorderedProminentButtonStyle {
    BorderedProminentButtonStyle()
  }
}

extension PrimitiveButtonStyle where Self == PlainButtonStyle {
  // https://developer.apple.com/documentation/swiftui/primitivebuttonstyle/plain
  public static var plain: PlainButtonStyle { PlainButtonStyle() }
}

// https://developer.apple.com/documentation/swiftui/navigationbaritem
@available(macOS, unavailable)
public enum NavigationBarItem {
  // https://developer.apple.com/documentation/swiftui/navigationbaritem/titledisplaymode
  public enum TitleDisplayMode: Sendable { case automatic, inline, large }
}

// https://developer.apple.com/documentation/swiftui/anytransition
@frozen public struct AnyTransition: Sendable {
  // https://developer.apple.com/documentation/swiftui/anytransition/opacity
  public static let opacity = AnyTransition()
  // https://developer.apple.com/documentation/swiftui/anytransition/slide
  public static let slide = AnyTransition()
}

extension Animation {
  // https://developer.apple.com/documentation/swiftui/animation/easeinout
  public static let easeInOut = Animation()
  // https://developer.apple.com/documentation/swiftui/animation/spring
  public static let spring = Animation()
  // https://developer.apple.com/documentation/swiftui/animation/linear(duration:)
  public static func linear(duration: Double) -> Animation { Animation() }
}

extension View {
  // MARK: Custom modifiers

  // https://developer.apple.com/documentation/swiftui/view/modifier(_:)
  public nonisolated func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> {
    fatalError()
  }

  // MARK: Layout

  // https://developer.apple.com/documentation/swiftui/view/frame(width:height:alignment:)
  public nonisolated func frame(
    width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center
  ) -> some View { modified() }
  // https://developer.apple.com/documentation/swiftui/view/frame(minwidth:idealwidth:maxwidth:minheight:idealheight:maxheight:alignment:)
  public nonisolated func frame(
    minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
    minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
    alignment: Alignment = .center
  ) -> some View { modified() }
  // https://developer.apple.com/documentation/swiftui/view/padding(_:)
  // (the overloads this page groups include the one for a length)
  public nonisolated func padding(_ length: CGFloat) -> some View { modified() }
  // https://developer.apple.com/documentation/swiftui/view/ignoressafearea(_:edges:)
  public nonisolated func ignoresSafeArea(
    _ regions: SafeAreaRegions = .all, edges: Edge.Set = .all
  ) -> some View { modified() }
  // https://developer.apple.com/documentation/swiftui/view/background(_:ignoressafeareaedges:)
  public nonisolated func background<S: ShapeStyle>(
    _ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all
  ) -> some View { modified() }
  // https://developer.apple.com/documentation/swiftui/view/background(alignment:content:)
  public nonisolated func background<V: View>(
    alignment: Alignment = .center, @ViewBuilder content: () -> V
  ) -> some View { modified() }
  // https://developer.apple.com/documentation/swiftui/view/overlay(_:alignment:)
  public nonisolated func overlay<Overlay: View>(_ overlay: Overlay, alignment: Alignment = .center)
    -> some View
  { modified() }
  // https://developer.apple.com/documentation/swiftui/view/clipshape(_:style:)
  public nonisolated func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle())
    -> some View
  { modified() }
  // https://developer.apple.com/documentation/swiftui/view/contentshape(_:eofill:)
  public nonisolated func contentShape<S: Shape>(_ shape: S, eoFill: Bool = false) -> some View {
    modified()
  }
  // https://developer.apple.com/documentation/swiftui/view/cornerradius(_:antialiased:)
  public nonisolated func cornerRadius(_ radius: CGFloat, antialiased: Bool = true) -> some View {
    modified()
  }
  // https://developer.apple.com/documentation/swiftui/view/shadow(color:radius:x:y:)
  public nonisolated func shadow(
    color: Color = Color(red: 0, green: 0, blue: 0, opacity: 0.33), radius: CGFloat,
    x: CGFloat = 0, y: CGFloat = 0
  ) -> some View { modified() }
  // https://developer.apple.com/documentation/swiftui/view/opacity(_:)
  public nonisolated func opacity(_ opacity: Double) -> some View { modified() }
  // https://developer.apple.com/documentation/swiftui/view/scaleeffect(_:anchor:)
  public nonisolated func scaleEffect(_ s: CGFloat, anchor: UnitPoint = .center) -> some View {
    modified()
  }
  // https://developer.apple.com/documentation/swiftui/view/rotationeffect(_:anchor:)
  public nonisolated func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View
  { modified() }
  // https://developer.apple.com/documentation/swiftui/view/id(_:)
  public nonisolated func id<ID: Hashable>(_ id: ID) -> some View { modified() }
  // https://developer.apple.com/documentation/swiftui/view/tag(_:)
  public nonisolated func tag<V: Hashable>(_ tag: V) -> some View { modified() }

  // MARK: Text and color

  // https://developer.apple.com/documentation/swiftui/view/font(_:)
  public nonisolated func font(_ font: Font?) -> some View { modified() }
  // https://developer.apple.com/documentation/swiftui/view/fontweight(_:)
  public nonisolated func fontWeight(_ weight: Font.Weight?) -> some View { modified() }
  // https://developer.apple.com/documentation/swiftui/view/foregroundcolor(_:)
  public nonisolated func foregroundColor(_ color: Color?) -> some View { modified() }
  // https://developer.apple.com/documentation/swiftui/view/foregroundstyle(_:)
  public nonisolated func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { modified() }
  // https://developer.apple.com/documentation/swiftui/view/tint(_:)
  // (the overloads this page groups include the one for a color)
  public nonisolated func tint(_ tint: Color?) -> some View { modified() }
  // https://developer.apple.com/documentation/swiftui/view/linelimit(_:)
  public nonisolated func lineLimit(_ number: Int?) -> some View { modified() }
  // https://developer.apple.com/documentation/swiftui/view/multilinetextalignment(_:)
  public nonisolated func multilineTextAlignment(_ alignment: TextAlignment) -> some View {
    modified()
  }
  // https://developer.apple.com/documentation/swiftui/view/autocorrectiondisabled(_:)
  public nonisolated func autocorrectionDisabled(_ disable: Bool = true) -> some View {
    modified()
  }
  // https://developer.apple.com/documentation/swiftui/view/labelstyle(_:)
  public nonisolated func labelStyle<S: LabelStyle>(_ style: S) -> some View { modified() }
  // https://developer.apple.com/documentation/swiftui/view/buttonstyle(_:)
  // (the overloads this page groups include the one for a primitive button style)
  public nonisolated func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View {
    modified()
  }
  // https://developer.apple.com/documentation/swiftui/view/liststyle(_:)
  public nonisolated func listStyle<S: ListStyle>(_ style: S) -> some View { modified() }
  // https://developer.apple.com/documentation/swiftui/view/listrowbackground(_:)
  public nonisolated func listRowBackground<V: View>(_ view: V?) -> some View { modified() }

  // MARK: Navigation

  // https://developer.apple.com/documentation/swiftui/view/navigationbartitledisplaymode(_:)
  @available(macOS, unavailable)
  public nonisolated func navigationBarTitleDisplayMode(
    _ displayMode: NavigationBarItem.TitleDisplayMode
  ) -> some View { modified() }
  // https://developer.apple.com/documentation/swiftui/view/navigationbarbackbuttonhidden(_:)
  public nonisolated func navigationBarBackButtonHidden(_ hidesBackButton: Bool = true)
    -> some View
  { modified() }
  // https://developer.apple.com/documentation/swiftui/view/fullscreencover(ispresented:ondismiss:content:)
  @available(macOS, unavailable)
  public nonisolated func fullScreenCover<Content: View>(
    isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
    @ViewBuilder content: @escaping () -> Content
  ) -> some View { modified() }

  // MARK: Gestures and lifecycle

  // https://developer.apple.com/documentation/swiftui/view/ontapgesture(count:perform:)
  public nonisolated func onTapGesture(count: Int = 1, perform action: @escaping () -> Void)
    -> some View
  { modified() }
  // https://developer.apple.com/documentation/swiftui/view/ondisappear(perform:)
  public nonisolated func onDisappear(perform action: (() -> Void)? = nil) -> some View {
    modified()
  }
  // https://developer.apple.com/documentation/swiftui/view/onchange(of:initial:_:)
  // (the overloads this page groups include the one whose action takes the old and new values)
  public nonisolated func onChange<V: Equatable>(
    of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
  ) -> some View { modified() }
  // https://developer.apple.com/documentation/swiftui/view/onchange(of:initial:_:)
  // (the overloads this page groups include the one whose action takes no values)
  public nonisolated func onChange<V: Equatable>(
    of value: V, initial: Bool = false, _ action: @escaping () -> Void
  ) -> some View { modified() }
  // https://developer.apple.com/documentation/swiftui/view/refreshable(action:)
  public nonisolated func refreshable(action: @escaping @Sendable () async -> Void) -> some View {
    modified()
  }
  // https://developer.apple.com/documentation/swiftui/view/animation(_:value:)
  public nonisolated func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View {
    modified()
  }
  // https://developer.apple.com/documentation/swiftui/view/transition(_:)
  public nonisolated func transition(_ t: AnyTransition) -> some View { modified() }
  // https://developer.apple.com/documentation/swiftui/view/swipeactions(edge:allowsfullswipe:content:)
  public nonisolated func swipeActions<T: View>(
    edge: HorizontalEdge = .trailing, allowsFullSwipe: Bool = true,
    @ViewBuilder content: () -> T
  ) -> some View { modified() }
  // https://developer.apple.com/documentation/swiftui/view/contextmenu(menuitems:)
  public nonisolated func contextMenu<MenuItems: View>(@ViewBuilder menuItems: () -> MenuItems)
    -> some View
  { modified() }

  // MARK: Accessibility

  // https://developer.apple.com/documentation/swiftui/view/accessibilitylabel(_:)
  // (the overloads this page groups include the one for a title string)
  public nonisolated func accessibilityLabel<S: StringProtocol>(_ label: S) -> some View {
    modified()
  }
  // https://developer.apple.com/documentation/swiftui/view/accessibilityvalue(_:)
  // (the overloads this page groups include the one for a value string)
  public nonisolated func accessibilityValue<S: StringProtocol>(_ valueDescription: S)
    -> some View
  { modified() }
  // https://developer.apple.com/documentation/swiftui/view/accessibilityelement(children:)
  public nonisolated func accessibilityElement(children: AccessibilityChildBehavior = .ignore)
    -> some View
  { modified() }
  // https://developer.apple.com/documentation/swiftui/view/accessibilityhidden(_:)
  public nonisolated func accessibilityHidden(_ hidden: Bool) -> some View { modified() }
}

// https://developer.apple.com/documentation/swiftui/horizontaledge
public enum HorizontalEdge: Int8, Hashable, CaseIterable, Sendable { case leading, trailing }

// https://developer.apple.com/documentation/swiftui/safearearegions
public struct SafeAreaRegions: OptionSet, Sendable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  // https://developer.apple.com/documentation/swiftui/safearearegions/all
  public static let all = SafeAreaRegions(rawValue: 3)
  // https://developer.apple.com/documentation/swiftui/safearearegions/container
  public static let container = SafeAreaRegions(rawValue: 1)
  // https://developer.apple.com/documentation/swiftui/safearearegions/keyboard
  public static let keyboard = SafeAreaRegions(rawValue: 2)
}
