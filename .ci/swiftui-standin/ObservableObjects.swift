// Stand-in of SwiftUI's property wrappers for `ObservableObject` models (Combine's protocol,
// which `import SwiftUI` makes visible) and for `Observable` ones in the environment.
// Declarations only: see README.md.
import Combine
import Observation

// https://developer.apple.com/documentation/swiftui/stateobject
@frozen @propertyWrapper public struct StateObject<ObjectType: ObservableObject>: DynamicProperty
{
  // https://developer.apple.com/documentation/swiftui/stateobject/init(wrappedvalue:)
  public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) { fatalError() }
  // https://developer.apple.com/documentation/swiftui/stateobject/wrappedvalue
  @MainActor @preconcurrency public var wrappedValue: ObjectType { fatalError() }
  // https://developer.apple.com/documentation/swiftui/stateobject/projectedvalue
  @MainActor @preconcurrency public var projectedValue: ObservedObject<ObjectType>.Wrapper {
    fatalError()
  }
}

// https://developer.apple.com/documentation/swiftui/observedobject
@propertyWrapper @frozen public struct ObservedObject<ObjectType: ObservableObject>:
  DynamicProperty
{
  // https://developer.apple.com/documentation/swiftui/observedobject/init(wrappedvalue:)
  public init(wrappedValue: ObjectType) { fatalError() }
  // https://developer.apple.com/documentation/swiftui/observedobject/init(initialvalue:)
  public init(initialValue: ObjectType) { fatalError() }
  // https://developer.apple.com/documentation/swiftui/observedobject/wrappedvalue
  @MainActor @preconcurrency public var wrappedValue: ObjectType { fatalError() }
  // https://developer.apple.com/documentation/swiftui/observedobject/projectedvalue
  @MainActor @preconcurrency public var projectedValue: ObservedObject<ObjectType>.Wrapper {
    fatalError()
  }

  // https://developer.apple.com/documentation/swiftui/observedobject/wrapper
  @dynamicMemberLookup @frozen public struct Wrapper {
    // https://developer.apple.com/documentation/swiftui/observedobject/wrapper/subscript(dynamicmember:)
    public subscript<Subject>(
      dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>
    ) -> Binding<Subject> { fatalError() }
  }
}

// https://developer.apple.com/documentation/swiftui/environmentobject
@frozen @propertyWrapper public struct EnvironmentObject<ObjectType: ObservableObject>:
  DynamicProperty
{
  // https://developer.apple.com/documentation/swiftui/environmentobject/init()
  public init() { fatalError() }
  // https://developer.apple.com/documentation/swiftui/environmentobject/wrappedvalue
  @MainActor @preconcurrency public var wrappedValue: ObjectType { fatalError() }
  // https://developer.apple.com/documentation/swiftui/environmentobject/projectedvalue
  @MainActor @preconcurrency public var projectedValue: EnvironmentObject<ObjectType>.Wrapper {
    fatalError()
  }

  // https://developer.apple.com/documentation/swiftui/environmentobject/wrapper
  @dynamicMemberLookup @frozen public struct Wrapper {
    // https://developer.apple.com/documentation/swiftui/environmentobject/wrapper/subscript(dynamicmember:)
    public subscript<Subject>(
      dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>
    ) -> Binding<Subject> { fatalError() }
  }
}

extension Environment where Value: AnyObject, Value: Observable {
  // https://developer.apple.com/documentation/swiftui/environment/init(_:)
  // (the overloads this page groups include the one for an observable object's type)
  public init(_ objectType: Value.Type) { fatalError() }
}

extension View {
  // https://developer.apple.com/documentation/swiftui/view/environmentobject(_:)
  public nonisolated func environmentObject<T: ObservableObject>(_ object: T) -> some View {
    modified()
  }
  // https://developer.apple.com/documentation/swiftui/view/environment(_:)
  public nonisolated func environment<T: AnyObject & Observable>(_ object: T?) -> some View {
    modified()
  }
  // https://developer.apple.com/documentation/swiftui/view/environment(_:_:)
  public nonisolated func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V)
    -> some View
  { modified() }
}
