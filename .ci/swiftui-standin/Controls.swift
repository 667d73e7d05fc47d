// Stand-in of SwiftUI's form controls: the fields, toggles, sliders, steppers, pickers and date
// pickers a settings or edit screen is made of. Declarations only: see README.md.
import Foundation

// https://developer.apple.com/documentation/swiftui/axis
public enum Axis: Int8, CaseIterable, Sendable {
  case horizontal, vertical
}

extension TextField where Label == Text {
  // https://developer.apple.com/documentation/swiftui/textfield/init(_:text:prompt:)
  // (the overloads this page groups include the one for a title string)
  public nonisolated init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text?) {
    fatalError()
  }
  // https://developer.apple.com/documentation/swiftui/textfield/init(_:text:axis:)
  // (the overloads this page groups include the one for a title string)
  public nonisolated init<S: StringProtocol>(_ title: S, text: Binding<String>, axis: Axis) {
    fatalError()
  }
  // https://developer.apple.com/documentation/swiftui/textfield/init(_:value:formatter:)
  // (the overloads this page groups include the one for a title string)
  public nonisolated init<S: StringProtocol, V>(_ title: S, value: Binding<V>, formatter: Formatter)
  { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/securefield
public struct SecureField<Label: View>: View {
  public var body: Never { fatalError() }
}

extension SecureField where Label == Text {
  // https://developer.apple.com/documentation/swiftui/securefield/init(_:text:)
  // (the overloads this page groups include the one for a title string)
  public nonisolated init<S: StringProtocol>(_ title: S, text: Binding<String>) { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/slider
@available(tvOS, unavailable)
public struct Slider<Label: View, ValueLabel: View>: View {
  public var body: Never { fatalError() }
}

@available(tvOS, unavailable)
extension Slider where Label == EmptyView, ValueLabel == EmptyView {
  // https://developer.apple.com/documentation/swiftui/slider/init(value:in:oneditingchanged:)
  public nonisolated init<V: BinaryFloatingPoint>(
    value: Binding<V>, in bounds: ClosedRange<V> = 0...1,
    onEditingChanged: @escaping (Bool) -> Void = { _ in }
  ) where V.Stride: BinaryFloatingPoint { fatalError() }
  // https://developer.apple.com/documentation/swiftui/slider/init(value:in:step:oneditingchanged:)
  public nonisolated init<V: BinaryFloatingPoint>(
    value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
    onEditingChanged: @escaping (Bool) -> Void = { _ in }
  ) where V.Stride: BinaryFloatingPoint { fatalError() }
}

@available(tvOS, unavailable)
extension Slider where ValueLabel == EmptyView {
  // https://developer.apple.com/documentation/swiftui/slider/init(value:in:step:label:oneditingchanged:)
  public nonisolated init<V: BinaryFloatingPoint>(
    value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
    @ViewBuilder label: () -> Label, onEditingChanged: @escaping (Bool) -> Void = { _ in }
  ) where V.Stride: BinaryFloatingPoint { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/stepper
@available(tvOS, unavailable)
public struct Stepper<Label: View>: View {
  public var body: Never { fatalError() }
}

@available(tvOS, unavailable)
extension Stepper where Label == Text {
  // https://developer.apple.com/documentation/swiftui/stepper/init(_:value:in:step:oneditingchanged:)
  // (the overloads this page groups include the one for a title string)
  public nonisolated init<S: StringProtocol, V: Strideable>(
    _ title: S, value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
    onEditingChanged: @escaping (Bool) -> Void = { _ in }
  ) { fatalError() }
  // https://developer.apple.com/documentation/swiftui/stepper/init(_:value:step:oneditingchanged:)
  // (the overloads this page groups include the one for a title string)
  public nonisolated init<S: StringProtocol, V: Strideable>(
    _ title: S, value: Binding<V>, step: V.Stride = 1,
    onEditingChanged: @escaping (Bool) -> Void = { _ in }
  ) { fatalError() }
}

@available(tvOS, unavailable)
extension Stepper {
  // https://developer.apple.com/documentation/swiftui/stepper/init(value:in:step:label:oneditingchanged:)
  public nonisolated init<V: Strideable>(
    value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
    @ViewBuilder label: () -> Label, onEditingChanged: @escaping (Bool) -> Void = { _ in }
  ) { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/picker
public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: View {
  public var body: Never { fatalError() }
}

extension Picker where Label == Text {
  // https://developer.apple.com/documentation/swiftui/picker/init(_:selection:content:)
  // (the overloads this page groups include the one for a title string)
  public nonisolated init<S: StringProtocol>(
    _ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content
  ) { fatalError() }
}

extension Picker {
  // https://developer.apple.com/documentation/swiftui/picker/init(selection:content:label:)
  public nonisolated init(
    selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content,
    @ViewBuilder label: () -> Label
  ) { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/datepickercomponents
@available(tvOS, unavailable)
public struct DatePickerComponents: OptionSet, Sendable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  // https://developer.apple.com/documentation/swiftui/datepickercomponents/hourandminute
  public static let hourAndMinute = DatePickerComponents(rawValue: 1 << 0)
  // https://developer.apple.com/documentation/swiftui/datepickercomponents/date
  public static let date = DatePickerComponents(rawValue: 1 << 1)
}

// https://developer.apple.com/documentation/swiftui/datepicker
@available(tvOS, unavailable)
public struct DatePicker<Label: View>: View {
  // https://developer.apple.com/documentation/swiftui/datepicker/components
  public typealias Components = DatePickerComponents
  public var body: Never { fatalError() }
}

@available(tvOS, unavailable)
extension DatePicker where Label == Text {
  // https://developer.apple.com/documentation/swiftui/datepicker/init(_:selection:displayedcomponents:)
  // (the overloads this page groups include the one for a title string)
  public nonisolated init<S: StringProtocol>(
    _ title: S, selection: Binding<Date>,
    displayedComponents: DatePicker<Label>.Components = [.hourAndMinute, .date]
  ) { fatalError() }
  // https://developer.apple.com/documentation/swiftui/datepicker/init(_:selection:in:displayedcomponents:)
  // (the overloads this page groups include the one for a title string)
  public nonisolated init<S: StringProtocol>(
    _ title: S, selection: Binding<Date>, in range: ClosedRange<Date>,
    displayedComponents: DatePicker<Label>.Components = [.hourAndMinute, .date]
  ) { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/colorpicker
@available(tvOS, unavailable)
public struct ColorPicker<Label: View>: View {
  public var body: Never { fatalError() }
}

@available(tvOS, unavailable)
extension ColorPicker where Label == Text {
  // https://developer.apple.com/documentation/swiftui/colorpicker/init(_:selection:supportsopacity:)
  // (the overloads this page groups include the one for a title string)
  public nonisolated init<S: StringProtocol>(
    _ title: S, selection: Binding<Color>, supportsOpacity: Bool = true
  ) { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/editbutton
@available(macOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
public struct EditButton: View {
  // https://developer.apple.com/documentation/swiftui/editbutton/init()
  public nonisolated init() { fatalError() }
  public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/divider
public struct Divider: View {
  // https://developer.apple.com/documentation/swiftui/divider/init()
  public nonisolated init() { fatalError() }
  public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/zstack
public struct ZStack<Content: View>: View {
  // https://developer.apple.com/documentation/swiftui/zstack/init(alignment:content:)
  public nonisolated init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
    fatalError()
  }
  public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/scrollview
public struct ScrollView<Content: View>: View {
  // https://developer.apple.com/documentation/swiftui/scrollview/init(_:showsindicators:content:)
  public nonisolated init(
    _ axes: Axis.Set = .vertical, showsIndicators: Bool = true,
    @ViewBuilder content: () -> Content
  ) { fatalError() }
  public var body: Never { fatalError() }
}

extension Axis {
  // https://developer.apple.com/documentation/swiftui/axis/set
  public struct Set: OptionSet, Sendable {
    public let rawValue: Int8
    public init(rawValue: Int8) { self.rawValue = rawValue }
    // https://developer.apple.com/documentation/swiftui/axis/set/horizontal
    public static let horizontal = Set(rawValue: 1)
    // https://developer.apple.com/documentation/swiftui/axis/set/vertical
    public static let vertical = Set(rawValue: 2)
  }
}

// https://developer.apple.com/documentation/swiftui/group
public struct Group<Content> {
  public var body: Never { fatalError() }
}

extension Group: View where Content: View {
  // https://developer.apple.com/documentation/swiftui/group/init(content:)
  public nonisolated init(@ViewBuilder content: () -> Content) { fatalError() }
}

extension Text {
  // https://developer.apple.com/documentation/swiftui/text/init(_:format:)
  public nonisolated init<F: FormatStyle>(_ input: F.FormatInput, format: F)
  where F.FormatInput: Equatable, F.FormatOutput == String { fatalError() }
  // https://developer.apple.com/documentation/swiftui/text/init(_:style:)
  public nonisolated init(_ date: Date, style: Text.DateStyle) { fatalError() }

  // https://developer.apple.com/documentation/swiftui/text/datestyle
  public struct DateStyle: Sendable {
    // https://developer.apple.com/documentation/swiftui/text/datestyle/date
    public static let date = DateStyle()
    // https://developer.apple.com/documentation/swiftui/text/datestyle/time
    public static let time = DateStyle()
    // https://developer.apple.com/documentation/swiftui/text/datestyle/relative
    public static let relative = DateStyle()
  }

  // https://developer.apple.com/documentation/swiftui/text/font(_:)
  public nonisolated func font(_ font: Font?) -> Text { fatalError() }
  // https://developer.apple.com/documentation/swiftui/text/bold()
  public nonisolated func bold() -> Text { fatalError() }
  // https://developer.apple.com/documentation/swiftui/text/italic()
  public nonisolated func italic() -> Text { fatalError() }
  // https://developer.apple.com/documentation/swiftui/text/foregroundcolor(_:)
  public nonisolated func foregroundColor(_ color: Color?) -> Text { fatalError() }
}

extension Image {
  // https://developer.apple.com/documentation/swiftui/image/init(_:bundle:)
  public nonisolated init(_ name: String, bundle: Bundle? = nil) { fatalError() }
  // https://developer.apple.com/documentation/swiftui/image/resizable(capinsets:resizingmode:)
  public nonisolated func resizable(
    capInsets: EdgeInsets = EdgeInsets(), resizingMode: Image.ResizingMode = .stretch
  ) -> Image { fatalError() }

  // https://developer.apple.com/documentation/swiftui/image/resizingmode
  public enum ResizingMode: Sendable { case tile, stretch }
}

// https://developer.apple.com/documentation/swiftui/edgeinsets
public struct EdgeInsets: Equatable, Sendable {
  public var top: Double
  public var leading: Double
  public var bottom: Double
  public var trailing: Double
  // https://developer.apple.com/documentation/swiftui/edgeinsets/init(top:leading:bottom:trailing:)
  public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }
  // https://developer.apple.com/documentation/swiftui/edgeinsets/init()
  public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }
}

extension Section where Parent: View, Content: View, Footer == EmptyView {
  // https://developer.apple.com/documentation/swiftui/section/init(header:content:)
  public nonisolated init(header: Parent, @ViewBuilder content: () -> Content) { fatalError() }
}

extension Section where Parent: View, Content: View, Footer: View {
  // https://developer.apple.com/documentation/swiftui/section/init(header:footer:content:)
  public nonisolated init(header: Parent, footer: Footer, @ViewBuilder content: () -> Content) {
    fatalError()
  }
}

extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
  // https://developer.apple.com/documentation/swiftui/progressview/init(value:total:)
  public nonisolated init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) { fatalError() }
}

extension Label where Title: View, Icon: View {
  // https://developer.apple.com/documentation/swiftui/label/init(title:icon:)
  public nonisolated init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
    fatalError()
  }
}
