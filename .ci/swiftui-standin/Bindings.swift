// Stand-in of SwiftUI's bindings and state. Declarations only: see README.md.
import Observation

// https://developer.apple.com/documentation/swiftui/binding
@frozen @propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
  // https://developer.apple.com/documentation/swiftui/binding/init(get:set:)-7ufcp
  @preconcurrency public init(
    get: @escaping @isolated(any) @Sendable () -> Value,
    set: @escaping @isolated(any) @Sendable (Value) -> Void
  ) { fatalError() }
  // https://developer.apple.com/documentation/swiftui/binding/wrappedvalue
  public var wrappedValue: Value {
    get { fatalError() }
    nonmutating set { fatalError() }
  }
  // https://developer.apple.com/documentation/swiftui/binding/projectedvalue
  public var projectedValue: Binding<Value> { self }
  // https://developer.apple.com/documentation/swiftui/binding/subscript(dynamicmember:)
  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>)
    -> Binding<Subject>
  { fatalError() }
  // https://developer.apple.com/documentation/swiftui/binding/constant(_:)
  public static func constant(_ value: Value) -> Binding<Value> { fatalError() }
  // https://developer.apple.com/documentation/swiftui/binding/init(projectedvalue:)
  public init(projectedValue: Binding<Value>) { self = projectedValue }
  // https://developer.apple.com/documentation/swiftui/binding/init(_:)
  // (the overloads this page groups include the one that unwraps an optional binding)
  public init?(_ base: Binding<Value?>) { fatalError() }
}

// Binding conforms to Identifiable as Apple's page of `Binding` lists ("Conforms To").
extension Binding: Identifiable where Value: Identifiable {
  public var id: Value.ID { fatalError() }
}

// Binding conforms to Sequence as Apple's page of `Binding` lists ("Conforms To").
extension Binding: Sequence where Value: MutableCollection {
  public typealias Element = Binding<Value.Element>
  public typealias Iterator = IndexingIterator<Binding<Value>>
  public typealias SubSequence = Slice<Binding<Value>>
}

// Binding conforms to Collection as Apple's page of `Binding` lists ("Conforms To").
extension Binding: Collection where Value: MutableCollection {
  public typealias Index = Value.Index
  public typealias Indices = Value.Indices
  public var startIndex: Value.Index { fatalError() }
  public var endIndex: Value.Index { fatalError() }
  public var indices: Value.Indices { fatalError() }
  public func index(after i: Value.Index) -> Value.Index { fatalError() }
  public func formIndex(after i: inout Value.Index) { fatalError() }
  public subscript(position: Value.Index) -> Binding<Value.Element> { fatalError() }
}

// Binding conforms to Bidirectionalcollection as Apple's page of `Binding` lists ("Conforms To").
extension Binding: BidirectionalCollection
where Value: BidirectionalCollection, Value: MutableCollection {
  public func index(before i: Value.Index) -> Value.Index { fatalError() }
  public func formIndex(before i: inout Value.Index) { fatalError() }
}

// Binding conforms to Randomaccesscollection as Apple's page of `Binding` lists ("Conforms To").
extension Binding: RandomAccessCollection
where Value: MutableCollection, Value: RandomAccessCollection {}

// https://developer.apple.com/documentation/swiftui/bindable
@dynamicMemberLookup @propertyWrapper public struct Bindable<Value> {
  private let value: Value

  // https://developer.apple.com/documentation/swiftui/bindable/init(wrappedvalue:)
  public init(wrappedValue: Value) where Value: AnyObject, Value: Observable { fatalError() }
  // https://developer.apple.com/documentation/swiftui/bindable/init(_:)
  public init(_ wrappedValue: Value) where Value: AnyObject, Value: Observable { fatalError() }
  // https://developer.apple.com/documentation/swiftui/bindable/wrappedvalue
  public var wrappedValue: Value {
    get { fatalError() }
    set { fatalError() }
  }
  // https://developer.apple.com/documentation/swiftui/bindable/projectedvalue
  public var projectedValue: Bindable<Value> { self }
  // https://developer.apple.com/documentation/swiftui/bindable/subscript(dynamicmember:)
  public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>)
    -> Binding<Subject>
  { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/state
@frozen @propertyWrapper public struct State<Value>: DynamicProperty {
  // https://developer.apple.com/documentation/swiftui/state/init(wrappedvalue:)
  public init(wrappedValue value: Value) { fatalError() }
  // https://developer.apple.com/documentation/swiftui/state/init(initialvalue:)
  public init(initialValue value: Value) { fatalError() }
  // https://developer.apple.com/documentation/swiftui/state/wrappedvalue
  public var wrappedValue: Value {
    get { fatalError() }
    nonmutating set { fatalError() }
  }
  // https://developer.apple.com/documentation/swiftui/state/projectedvalue
  public var projectedValue: Binding<Value> { fatalError() }
}

extension State where Value: ExpressibleByNilLiteral {
  // https://developer.apple.com/documentation/swiftui/state/init()
  public init() { fatalError() }
}
