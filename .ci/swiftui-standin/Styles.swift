// Stand-in of SwiftUI's colors, fonts, shape styles and angles. Declarations only: see
// README.md.
import Foundation

// https://developer.apple.com/documentation/swiftui/shapestyle
public protocol ShapeStyle: Sendable {}

// https://developer.apple.com/documentation/swiftui/color
@frozen nonisolated public struct Color: Hashable, ShapeStyle, View, Sendable {
  // https://developer.apple.com/documentation/swiftui/color/init(_:bundle:)
  public init(_ name: String, bundle: Bundle? = nil) { fatalError() }
  // https://developer.apple.com/documentation/swiftui/color/init(red:green:blue:opacity:)
  public init(red: Double, green: Double, blue: Double, opacity: Double = 1) { fatalError() }
  // https://developer.apple.com/documentation/swiftui/color/opacity(_:)
  public func opacity(_ opacity: Double) -> Color { fatalError() }
  public var body: Never { fatalError() }

  // https://developer.apple.com/documentation/swiftui/color/red
  public static let red = Color(red: 1, green: 0, blue: 0)
  // https://developer.apple.com/documentation/swiftui/color/green
  public static let green = Color(red: 0, green: 1, blue: 0)
  // https://developer.apple.com/documentation/swiftui/color/blue
  public static let blue = Color(red: 0, green: 0, blue: 1)
  // https://developer.apple.com/documentation/swiftui/color/orange
  public static let orange = Color(red: 1, green: 0.5, blue: 0)
  // https://developer.apple.com/documentation/swiftui/color/yellow
  public static let yellow = Color(red: 1, green: 1, blue: 0)
  // https://developer.apple.com/documentation/swiftui/color/gray
  public static let gray = Color(red: 0.5, green: 0.5, blue: 0.5)
  // https://developer.apple.com/documentation/swiftui/color/black
  public static let black = Color(red: 0, green: 0, blue: 0)
  // https://developer.apple.com/documentation/swiftui/color/white
  public static let white = Color(red: 1, green: 1, blue: 1)
  // https://developer.apple.com/documentation/swiftui/color/clear
  public static let clear = Color(red: 0, green: 0, blue: 0, opacity: 0)
  // https://developer.apple.com/documentation/swiftui/color/primary
  public static let primary = Color("primary")
  // https://developer.apple.com/documentation/swiftui/color/secondary
  public static let secondary = Color("secondary")
  // https://developer.apple.com/documentation/swiftui/color/accentcolor
  public static let accentColor = Color("accentColor")
}

extension ShapeStyle where Self == Color {
  // https://developer.apple.com/documentation/swiftui/shapestyle/red
  public static var red: Color { .red }
  // https://developer.apple.com/documentation/swiftui/shapestyle/blue
  public static var blue: Color { .blue }
  // https://developer.apple.com/documentation/swiftui/shapestyle/orange
  public static var orange: Color { .orange }
  // https://developer.apple.com/documentation/swiftui/shapestyle/gray
  public static var gray: Color { .gray }
  // https://developer.apple.com/documentation/swiftui/shapestyle/white
  public static var white: Color { .white }
  // https://developer.apple.com/documentation/swiftui/shapestyle/clear
  public static var clear: Color { .clear }
}

// https://developer.apple.com/documentation/swiftui/hierarchicalshapestyle
@frozen public struct HierarchicalShapeStyle: ShapeStyle {
  // https://developer.apple.com/documentation/swiftui/hierarchicalshapestyle/primary
  public static let primary = HierarchicalShapeStyle()
  // https://developer.apple.com/documentation/swiftui/hierarchicalshapestyle/secondary
  public static let secondary = HierarchicalShapeStyle()
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
  // https://developer.apple.com/documentation/swiftui/shapestyle/primary
  public static var primary: HierarchicalShapeStyle { .primary }
  // https://developer.apple.com/documentation/swiftui/shapestyle/secondary
  public static var secondary: HierarchicalShapeStyle { .secondary }
}

// https://developer.apple.com/documentation/swiftui/tintshapestyle
@frozen public struct TintShapeStyle: ShapeStyle {}

extension ShapeStyle where Self == TintShapeStyle {
  // https://developer.apple.com/documentation/swiftui/shapestyle/tint
  public static var tint: TintShapeStyle { TintShapeStyle() }
}

// https://developer.apple.com/documentation/swiftui/font
@frozen public struct Font: Hashable, Sendable {
  // https://developer.apple.com/documentation/swiftui/font/largetitle
  public static let largeTitle = Font()
  // https://developer.apple.com/documentation/swiftui/font/title
  public static let title = Font()
  // https://developer.apple.com/documentation/swiftui/font/title2
  public static let title2 = Font()
  // https://developer.apple.com/documentation/swiftui/font/headline
  public static let headline = Font()
  // https://developer.apple.com/documentation/swiftui/font/subheadline
  public static let subheadline = Font()
  // https://developer.apple.com/documentation/swiftui/font/body
  public static let body = Font()
  // https://developer.apple.com/documentation/swiftui/font/callout
  public static let callout = Font()
  // https://developer.apple.com/documentation/swiftui/font/caption
  public static let caption = Font()
  // https://developer.apple.com/documentation/swiftui/font/footnote
  public static let footnote = Font()
  // https://developer.apple.com/documentation/swiftui/font/system(size:weight:design:)
  public static func system(size: Double, weight: Font.Weight? = nil, design: Font.Design? = nil)
    -> Font
  { Font() }
  // https://developer.apple.com/documentation/swiftui/font/bold()
  public func bold() -> Font { self }
  // https://developer.apple.com/documentation/swiftui/font/monospaceddigit()
  public func monospacedDigit() -> Font { self }

  // https://developer.apple.com/documentation/swiftui/font/weight
  @frozen public struct Weight: Hashable, Sendable {
    // https://developer.apple.com/documentation/swiftui/font/weight/regular
    public static let regular = Weight()
    // https://developer.apple.com/documentation/swiftui/font/weight/semibold
    public static let semibold = Weight()
    // https://developer.apple.com/documentation/swiftui/font/weight/bold
    public static let bold = Weight()
  }

  // https://developer.apple.com/documentation/swiftui/font/design
  public enum Design: Hashable, Sendable { case `default`, serif, rounded, monospaced }
}

// https://developer.apple.com/documentation/swiftui/angle
@frozen public struct Angle: Hashable, Comparable, Sendable {
  // https://developer.apple.com/documentation/swiftui/angle/radians
  public var radians: Double
  // https://developer.apple.com/documentation/swiftui/angle/degrees
  public var degrees: Double {
    get { radians * 180 / .pi }
    set { radians = newValue * .pi / 180 }
  }
  // https://developer.apple.com/documentation/swiftui/angle/init(radians:)
  public init(radians: Double) { self.radians = radians }
  // https://developer.apple.com/documentation/swiftui/angle/init(degrees:)
  public init(degrees: Double) { self.radians = degrees * .pi / 180 }
  // https://developer.apple.com/documentation/swiftui/angle/degrees(_:)
  public static func degrees(_ degrees: Double) -> Angle { Angle(degrees: degrees) }
  // https://developer.apple.com/documentation/swiftui/angle/radians(_:)
  public static func radians(_ radians: Double) -> Angle { Angle(radians: radians) }
  public static func < (lhs: Angle, rhs: Angle) -> Bool { lhs.radians < rhs.radians }
}

// https://developer.apple.com/documentation/swiftui/unitpoint
@frozen public struct UnitPoint: Hashable, Sendable {
  public var x: Double
  public var y: Double
  // https://developer.apple.com/documentation/swiftui/unitpoint/init(x:y:)
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }
  // https://developer.apple.com/documentation/swiftui/unitpoint/center
  public static let center = UnitPoint(x: 0.5, y: 0.5)
  // https://developer.apple.com/documentation/swiftui/unitpoint/top
  public static let top = UnitPoint(x: 0.5, y: 0)
  // https://developer.apple.com/documentation/swiftui/unitpoint/bottom
  public static let bottom = UnitPoint(x: 0.5, y: 1)
}

// https://developer.apple.com/documentation/swiftui/lineargradient
@frozen nonisolated public struct LinearGradient: ShapeStyle, View {
  // https://developer.apple.com/documentation/swiftui/lineargradient/init(colors:startpoint:endpoint:)
  public nonisolated init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
    fatalError()
  }
  public var body: Never { fatalError() }
}
