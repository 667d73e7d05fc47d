// Stand-in of the part of Combine that SwiftUI apps use through `import SwiftUI`: observable
// objects and their published properties. Declarations only, except where noted: see
// .ci/swiftui-standin/README.md.

// https://developer.apple.com/documentation/combine/observableobject
public protocol ObservableObject: AnyObject {
  // https://developer.apple.com/documentation/combine/observableobject/objectwillchangepublisher
  associatedtype ObjectWillChangePublisher = ObservableObjectPublisher
  // https://developer.apple.com/documentation/combine/observableobject/objectwillchange-2oa5v
  var objectWillChange: Self.ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
  public var objectWillChange: ObservableObjectPublisher { ObservableObjectPublisher() }
}

// https://developer.apple.com/documentation/combine/observableobjectpublisher
public final class ObservableObjectPublisher {
  // https://developer.apple.com/documentation/combine/observableobjectpublisher/init()
  public init() {}
  // https://developer.apple.com/documentation/combine/observableobjectpublisher/send()
  public func send() {}
}

// https://developer.apple.com/documentation/combine/published
@propertyWrapper public struct Published<Value> {
  // NB: a real store, so that a model's reads and writes in a test on Linux behave.
  private var value: Value
  // https://developer.apple.com/documentation/combine/published/init(wrappedvalue:)
  public init(wrappedValue: Value) { value = wrappedValue }
  // https://developer.apple.com/documentation/combine/published/init(initialvalue:)
  public init(initialValue: Value) { value = initialValue }
  public var wrappedValue: Value {
    get { value }
    set { value = newValue }
  }
  // https://developer.apple.com/documentation/combine/published/projectedvalue
  public var projectedValue: Publisher {
    get { Publisher() }
    set {}
  }

  // https://developer.apple.com/documentation/combine/published/publisher
  public struct Publisher {}
}

// https://developer.apple.com/documentation/combine/cancellable
public protocol Cancellable {
  // https://developer.apple.com/documentation/combine/cancellable/cancel()
  func cancel()
}

// https://developer.apple.com/documentation/combine/anycancellable
public final class AnyCancellable: Cancellable, Hashable {
  // https://developer.apple.com/documentation/combine/anycancellable/init(_:)-6pdin
  public init(_ cancel: @escaping () -> Void) {}
  // https://developer.apple.com/documentation/combine/anycancellable/cancel()
  public func cancel() {}
  public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
