// Stand-in of SwiftUI's shapes and paths: the protocol an app's own shapes conform to, the
// built-in shapes, and filling, stroking and transforming them. Declarations only: see
// README.md.
import Foundation

// https://developer.apple.com/documentation/swiftui/vectorarithmetic
public protocol VectorArithmetic: AdditiveArithmetic {
  // https://developer.apple.com/documentation/swiftui/vectorarithmetic/scale(by:)
  mutating func scale(by rhs: Double)
  // https://developer.apple.com/documentation/swiftui/vectorarithmetic/magnitudesquared
  var magnitudeSquared: Double { get }
}

extension Double: VectorArithmetic {
  public mutating func scale(by rhs: Double) { self *= rhs }
  public var magnitudeSquared: Double { self * self }
}

// https://developer.apple.com/documentation/swiftui/emptyanimatabledata
@frozen public struct EmptyAnimatableData: VectorArithmetic, Sendable {
  // https://developer.apple.com/documentation/swiftui/emptyanimatabledata/init()
  public init() {}
  public static var zero: EmptyAnimatableData { EmptyAnimatableData() }
  public static func + (lhs: Self, rhs: Self) -> Self { lhs }
  public static func - (lhs: Self, rhs: Self) -> Self { lhs }
  public mutating func scale(by rhs: Double) {}
  public var magnitudeSquared: Double { 0 }
}

// https://developer.apple.com/documentation/swiftui/animatable
public protocol Animatable {
  // https://developer.apple.com/documentation/swiftui/animatable/animatabledata-swift.associatedtype
  associatedtype AnimatableData: VectorArithmetic
  // https://developer.apple.com/documentation/swiftui/animatable/animatabledata-swift.property
  nonisolated var animatableData: Self.AnimatableData { get set }
}

extension Animatable where AnimatableData == EmptyAnimatableData {
  public nonisolated var animatableData: EmptyAnimatableData {
    get { EmptyAnimatableData() }
    set {}
  }
}

// https://developer.apple.com/documentation/swiftui/path
@frozen public struct Path: Equatable, Sendable {
  // https://developer.apple.com/documentation/swiftui/path/init()
  public init() {}
  // https://developer.apple.com/documentation/swiftui/path/init(_:)
  // (the overloads this page groups include the one that builds the path in a closure)
  public init(_ callback: (inout Path) -> Void) { callback(&self) }
  // https://developer.apple.com/documentation/swiftui/path/move(to:)
  public mutating func move(to end: CGPoint) {}
  // https://developer.apple.com/documentation/swiftui/path/addline(to:)
  public mutating func addLine(to end: CGPoint) {}
  // https://developer.apple.com/documentation/swiftui/path/addrect(_:transform:)
  public mutating func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {}
  // https://developer.apple.com/documentation/swiftui/path/addarc(center:radius:startangle:endangle:clockwise:transform:)
  public mutating func addArc(
    center: CGPoint, radius: CGFloat, startAngle: Angle, endAngle: Angle, clockwise: Bool,
    transform: CGAffineTransform = .identity
  ) {}
  // https://developer.apple.com/documentation/swiftui/path/closesubpath()
  public mutating func closeSubpath() {}
}

// https://developer.apple.com/documentation/swiftui/shape
nonisolated public protocol Shape: Sendable, Animatable, View {
  // https://developer.apple.com/documentation/swiftui/shape/path(in:)
  nonisolated func path(in rect: CGRect) -> Path
}

extension Shape {
  public var body: _ShapeView<Self, ForegroundStyle> { _ShapeView() }
}

extension ShapeStyle where Self == ForegroundStyle {
  // https://developer.apple.com/documentation/swiftui/shapestyle/foreground
  public static var foreground: ForegroundStyle { ForegroundStyle() }
}

// https://developer.apple.com/documentation/swiftui/insettableshape
nonisolated public protocol InsettableShape: Shape {
  // https://developer.apple.com/documentation/swiftui/insettableshape/insetshape
  associatedtype InsetShape: InsettableShape
  // https://developer.apple.com/documentation/swiftui/insettableshape/inset(by:)
  nonisolated func inset(by amount: CGFloat) -> Self.InsetShape
}

// https://developer.apple.com/documentation/swiftui/circle
@frozen nonisolated public struct Circle: InsettableShape {
  // https://developer.apple.com/documentation/swiftui/circle/init()
  public init() {}
  public func path(in rect: CGRect) -> Path { Path() }
  public func inset(by amount: CGFloat) -> Circle { self }
}

// https://developer.apple.com/documentation/swiftui/rectangle
@frozen nonisolated public struct Rectangle: InsettableShape {
  // https://developer.apple.com/documentation/swiftui/rectangle/init()
  public init() {}
  public func path(in rect: CGRect) -> Path { Path() }
  public func inset(by amount: CGFloat) -> Rectangle { self }
}

// https://developer.apple.com/documentation/swiftui/capsule
@frozen nonisolated public struct Capsule: InsettableShape {
  // https://developer.apple.com/documentation/swiftui/capsule/init(style:)
  public init(style: RoundedCornerStyle = .continuous) {}
  public func path(in rect: CGRect) -> Path { Path() }
  public func inset(by amount: CGFloat) -> Capsule { self }
}

// https://developer.apple.com/documentation/swiftui/roundedrectangle
@frozen nonisolated public struct RoundedRectangle: InsettableShape {
  // https://developer.apple.com/documentation/swiftui/roundedrectangle/init(cornerradius:style:)
  public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {}
  public func path(in rect: CGRect) -> Path { Path() }
  public func inset(by amount: CGFloat) -> RoundedRectangle { self }
}

// https://developer.apple.com/documentation/swiftui/roundedcornerstyle
public enum RoundedCornerStyle: Equatable, Hashable, Sendable { case circular, continuous }

extension Shape where Self == Rectangle {
  // https://developer.apple.com/documentation/swiftui/shape/rect
  public static var rect: Rectangle { Rectangle() }
}

extension Shape where Self == Circle {
  // https://developer.apple.com/documentation/swiftui/shape/circle
  public static var circle: Circle { Circle() }
}

extension Shape where Self == Capsule {
  // https://developer.apple.com/documentation/swiftui/shape/capsule
  public static var capsule: Capsule { Capsule() }
}

extension Shape where Self == RoundedRectangle {
  // https://developer.apple.com/documentation/swiftui/shape/rect(cornerradius:style:)
  public static func rect(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) -> Self {
    RoundedRectangle(cornerRadius: cornerRadius, style: style)
  }
}

// https://developer.apple.com/documentation/swiftui/rotatedshape
@frozen nonisolated public struct RotatedShape<Content: Shape>: Shape {
  public func path(in rect: CGRect) -> Path { Path() }
}

extension Shape {
  // https://developer.apple.com/documentation/swiftui/shape/fill(_:style:)
  public nonisolated func fill<S: ShapeStyle>(_ content: S, style: FillStyle = FillStyle())
    -> _ShapeView<Self, S>
  { _ShapeView() }
  // https://developer.apple.com/documentation/swiftui/shape/fill(style:)
  public nonisolated func fill(style: FillStyle = FillStyle()) -> _ShapeView<Self, ForegroundStyle>
  { _ShapeView() }
  // https://developer.apple.com/documentation/swiftui/shape/stroke(_:linewidth:)
  public nonisolated func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> some View
  { _ShapeView<Self, S>() }
  // https://developer.apple.com/documentation/swiftui/shape/stroke(linewidth:)
  public nonisolated func stroke(lineWidth: CGFloat = 1) -> some Shape { self }
  // https://developer.apple.com/documentation/swiftui/shape/rotation(_:anchor:)
  public nonisolated func rotation(_ angle: Angle, anchor: UnitPoint = .center) -> RotatedShape<Self>
  { RotatedShape() }
}

extension InsettableShape {
  // https://developer.apple.com/documentation/swiftui/insettableshape/strokeborder(_:linewidth:antialiased:)
  public nonisolated func strokeBorder<S: ShapeStyle>(
    _ content: S, lineWidth: CGFloat = 1, antialiased: Bool = true
  ) -> some View { _ShapeView<Self, S>() }
  // https://developer.apple.com/documentation/swiftui/insettableshape/strokeborder(linewidth:antialiased:)
  public nonisolated func strokeBorder(lineWidth: CGFloat = 1, antialiased: Bool = true)
    -> some View
  { _ShapeView<Self, ForegroundStyle>() }
}

// https://developer.apple.com/documentation/swiftui/fillstyle
@frozen public struct FillStyle: Equatable, Sendable {
  // https://developer.apple.com/documentation/swiftui/fillstyle/init(eofill:antialiased:)
  public init(eoFill: Bool = false, antialiased: Bool = true) {}
}

// https://developer.apple.com/documentation/swiftui/_shapeview
@frozen nonisolated public struct _ShapeView<Content: Shape, Style: ShapeStyle>: View {
  init() {}
  public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/foregroundstyle
@frozen public struct ForegroundStyle: ShapeStyle {
  // https://developer.apple.com/documentation/swiftui/foregroundstyle/init()
  public init() {}
}
