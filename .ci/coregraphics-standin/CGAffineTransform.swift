// Stand-in of the part of Core Graphics that SwiftUI signatures name and Linux's Foundation does
// not declare (it declares `CGFloat`, `CGPoint`, `CGSize` and `CGRect`). Declarations only: see
// .ci/swiftui-standin/README.md.
import Foundation

// https://developer.apple.com/documentation/corefoundation/cgaffinetransform
public struct CGAffineTransform: Equatable, Sendable {
  public var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat
  // https://developer.apple.com/documentation/corefoundation/cgaffinetransform/init(a:b:c:d:tx:ty:)
  public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
    (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
  }
  // https://developer.apple.com/documentation/corefoundation/cgaffinetransform/identity
  public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
}
