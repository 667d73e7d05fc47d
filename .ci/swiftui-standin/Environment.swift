// Stand-in of SwiftUI's environment: the values views read with `@Environment`. Declarations
// only: see README.md.

// https://developer.apple.com/documentation/swiftui/dynamicproperty
public protocol DynamicProperty {}

// https://developer.apple.com/documentation/swiftui/environment
@frozen @propertyWrapper public struct Environment<Value>: DynamicProperty {
  // https://developer.apple.com/documentation/swiftui/environment/init(_:)
  // (the overloads this page groups include the one for a key path)
  public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { fatalError() }
  // https://developer.apple.com/documentation/swiftui/environment/wrappedvalue
  public var wrappedValue: Value { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/environmentvalues
public struct EnvironmentValues {
  // https://developer.apple.com/documentation/swiftui/environmentvalues/redactionreasons
  public var redactionReasons: RedactionReasons {
    get { fatalError() }
    set { fatalError() }
  }
  // https://developer.apple.com/documentation/swiftui/environmentvalues/dismiss
  public var dismiss: DismissAction { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/dismissaction
@MainActor @preconcurrency public struct DismissAction {
  // https://developer.apple.com/documentation/swiftui/dismissaction/callasfunction()
  public func callAsFunction() { fatalError() }
}
