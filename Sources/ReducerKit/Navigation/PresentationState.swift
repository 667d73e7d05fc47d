/// The state of a child that a parent presents — a sheet, a drill-down, an alert: `nil` when
/// nothing is presented.
///
/// ```swift
/// struct State: Equatable {
///   @Presents var destination: Destination.State?
/// }
/// ```
///
/// It is a plain property wrapper: read and write `state.destination` as an optional; the
/// projected value `$destination` is what
/// `ifLet(_:action:destination:)` scopes on:
/// `.ifLet(\.$destination, action: .destination) { Destination() }`. Effects of the presented
/// child belong to it: dismissing it, or replacing it with another case of a destination enum,
/// cancels them.
@propertyWrapper
public struct PresentationState<State> {
  /// The presented state, boxed so that a feature can present itself (`@Presents var child:
  /// State?` inside `State`): a value type cannot hold itself inline.
  @usableFromInline var box: PresentationBox<State>

  /// The presented state, changed in place (the box is copied first if it is shared).
  @inlinable
  var value: State? {
    get { box.value }
    _modify {
      if !isKnownUniquelyReferenced(&box) { box = PresentationBox(box.value) }
      yield &box.value
    }
    set {
      if isKnownUniquelyReferenced(&box) {
        box.value = newValue
      } else {
        box = PresentationBox(newValue)
      }
    }
  }
  /// Which assignment made this child: drawn from one process-wide counter on every assignment
  /// through `wrappedValue` and on creation, so that no two assignments — however the parent
  /// rebuilt its state — share one. The presentation reducer compares identities (off the hot
  /// path) only when it changed; the child's own mutations, made in place, keep it.
  @usableFromInline var stamp: Int
  /// The child's farewells; see ``Farewells``.
  @usableFromInline var farewells = Farewells()

  /// Creates the state, presenting `wrappedValue` if it is not `nil`.
  /// - Parameter wrappedValue: The presented child, or `nil`.
  public init(wrappedValue: State?) {
    self.box = PresentationBox(wrappedValue)
    self.stamp = UniqueStamp.next()
  }

  /// The presented child, or `nil`.
  public var wrappedValue: State? {
    get { value }
    set {
      value = newValue
      stamp = UniqueStamp.next()
    }
  }

  /// The state itself, for `ifLet(_:action:destination:)`:
  /// `\.$destination`.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
    // NB: in place: through `\.$child` with only `get`/`set`, each change to the presented child
    // read a copy, which shared the box, so the box was copied (an allocation per action).
    _modify { yield &self }
  }
}

/// The property wrapper of a presented child's state: `@Presents var destination: Destination.State?`.
public typealias Presents<State> = PresentationState<State>

/// The storage of a ``PresentationState``: copied on write, like an array's buffer.
@usableFromInline
final class PresentationBox<State> {
  @usableFromInline var value: State?

  @usableFromInline
  init(_ value: State?) { self.value = value }
}

// NB: `@unchecked Sendable`: the box is only mutated through a uniquely referenced
// `PresentationState` (copy on write), so a shared box is never mutated.
extension PresentationBox: @unchecked Sendable where State: Sendable {}

extension PresentationState: Equatable where State: Equatable {
  /// Whether the same child (or none) is presented.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    // NB: copies share their box until one is changed: equal without comparing the child.
    lhs.box === rhs.box || lhs.value == rhs.value
  }
}

extension PresentationState: Hashable where State: Hashable {
  /// Hashes the presented child.
  public func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
extension PresentationState: Sendable where State: Sendable {}

extension PresentationState: Encodable where State: Encodable {
  /// Encodes the presented child, or `nil`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(value)
  }
}

extension PresentationState: Decodable where State: Decodable {
  /// Decodes the presented child, or `nil`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    self.init(wrappedValue: try container.decode(State?.self))
  }
}

extension PresentationState: DumpTransparent {
  package var dumpedValue: Any { value as Any }
}

extension PresentationState: CustomStringConvertible {
  /// The presented child, or `nil`.
  public var description: String {
    value.map { String(describing: $0) } ?? "nil"
  }
}
