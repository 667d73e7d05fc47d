// Stand-in of SwiftUI's environment: the values views read with `@Environment`. Declarations
// only: see README.md.
import Foundation

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
  // https://developer.apple.com/documentation/swiftui/environmentvalues/scenephase
  public var scenePhase: ScenePhase {
    get { fatalError() }
    set { fatalError() }
  }
  // https://developer.apple.com/documentation/swiftui/environmentvalues/colorscheme
  public var colorScheme: ColorScheme {
    get { fatalError() }
    set { fatalError() }
  }
  // https://developer.apple.com/documentation/swiftui/environmentvalues/isenabled
  public var isEnabled: Bool {
    get { fatalError() }
    set { fatalError() }
  }
  // https://developer.apple.com/documentation/swiftui/environmentvalues/openurl
  public var openURL: OpenURLAction {
    get { fatalError() }
    set { fatalError() }
  }
}

// https://developer.apple.com/documentation/swiftui/scenephase
public enum ScenePhase: Comparable, Hashable, Sendable { case background, inactive, active }

// https://developer.apple.com/documentation/swiftui/colorscheme
public enum ColorScheme: CaseIterable, Hashable, Sendable { case light, dark }

// https://developer.apple.com/documentation/swiftui/openurlaction
@MainActor @preconcurrency public struct OpenURLAction {
  // https://developer.apple.com/documentation/swiftui/openurlaction/callasfunction(_:)
  public func callAsFunction(_ url: URL) { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/dismissaction
@MainActor @preconcurrency public struct DismissAction {
  // https://developer.apple.com/documentation/swiftui/dismissaction/callasfunction()
  public func callAsFunction() { fatalError() }
}
