import Foundation

/// A value several features hold at once: a change made through any of them is seen by all.
///
/// Declare it in each feature's state with the key that names it, and a default for when
/// nothing is kept yet:
///
/// ```swift
/// struct Settings: Reducer {
///   struct State: Equatable {
///     @Shared(.appStorage("fontSize")) var fontSize = 14
///   }
///   …
///   case .biggerTapped:
///     state.$fontSize.withLock { $0 += 1 }
///     return .none
/// }
/// ```
///
/// Reading the value is plain (`state.fontSize`); changing it goes through
/// ``withLock(_:)`` on the projected value, because effects, which may run on any thread, can
/// change it too: the lock makes each read-modify-write whole. SwiftUI views that read it
/// re-render when it changes, whichever feature changed it.
///
/// Pass a shared value down to a child by its projected value; the child declares it without a
/// key (`@Shared var fontSize: Int`) and its memberwise initializer takes a `Shared<Int>`:
///
/// ```swift
/// state.destination = .preview(Preview.State(fontSize: state.$fontSize))
/// ```
///
/// In a `TestStore`, every test gets fresh shared values (file and app storage are kept in
/// memory), and a shared change must be asserted like feature state:
/// `$0.$fontSize.withLock { $0 = 15 }`.
@propertyWrapper
@dynamicMemberLookup
public struct Shared<Value: Sendable>: Sendable {
  let access: any SharedAccess<Value>

  init(access: any SharedAccess<Value>) {
    self.access = access
  }

  /// Declares the shared value `key` names, in the current ``SharedStorage``.
  ///
  /// If the storage already holds a value for `key`, the declaration shares it; otherwise the
  /// key loads the kept value, or `wrappedValue` when nothing is kept.
  /// - Parameters:
  ///   - wrappedValue: The value to start from when nothing is kept.
  ///   - key: Where the value lives: `.inMemory("name")`, `.fileStorage(url)`,
  ///     `.appStorage("name")`.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  public init<Key: SharedKey<Value>>(
    wrappedValue: @autoclosure () -> Value,
    _ key: Key,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let declaration = SourceLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    let storage = SharedStorage.current(declaredAt: declaration, key: "\(key)")
    self.access = IssueReporters.$userLocation.withValue(declaration) {
      storage.root(for: key, default: wrappedValue)
    }
  }

  /// A shared value that no key names: only the features it is passed to share it.
  /// - Parameter value: The value.
  public init(value: Value) {
    self.access = SharedRoot(
      value: value, keyDescription: "Shared(value:)", storage: SharedStorage.forTracking(),
      save: nil)
  }

  /// Holds the shared value `projectedValue` (what a child's memberwise initializer takes).
  /// - Parameter projectedValue: A shared value another feature holds.
  public init(projectedValue: Shared<Value>) {
    self = projectedValue
  }

  /// The current value. Change it with ``withLock(_:)``.
  public var wrappedValue: Value { access.value }

  /// Why the key could not load the kept value, so that the declaration holds its default; `nil`
  /// when it loaded, or kept nothing. Views observe it like the value.
  ///
  /// ```swift
  /// if let error = store.$scrums.loadError {
  ///   Text("Your scrums could not be loaded: \(error)")
  /// }
  /// ```
  ///
  /// It is cleared when another process writes a value that loads. See ``SharedLoadError``.
  public var loadError: (any Error)? { access.loadError }

  /// The shared value itself: pass it to children, or change it with ``withLock(_:)``.
  public var projectedValue: Shared<Value> {
    get { self }
    set { self = newValue }
  }

  /// Changes the value under its lock; every holder sees the change, observers are told, and
  /// the key saves it.
  ///
  /// ```swift
  /// state.$count.withLock { $0 += 1 }
  /// ```
  ///
  /// In a test store's assertion closure it describes the expected value instead.
  /// - Parameter body: Mutates the value; keep it short, other holders wait for it.
  /// - Returns: What `body` returns.
  public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try access.withLock(body)
  }

  /// The shared value's member at `keyPath`, shared with it: `$settings.fontSize`.
  /// - Parameter keyPath: A member of the value.
  public subscript<Member: Sendable>(
    dynamicMember keyPath: WritableKeyPath<Value, Member> & Sendable
  ) -> Shared<Member> {
    Shared<Member>(access: SharedPart(base: access, keyPath: keyPath))
  }

  /// Unwraps a shared optional: `nil` when it is `nil` now. Changes through the result are
  /// ignored once the value becomes `nil`.
  /// - Parameter base: A shared optional.
  public init?(_ base: Shared<Value?>) {
    guard let initial = base.wrappedValue else { return nil }
    let lastKnown = LockedValue(initial)
    self.access = SharedAccessorPart(
      base: base.access, suffix: "!",
      get: { optional in
        if let value = optional {
          lastKnown.withLock { $0 = value }
          return value
        }
        return lastKnown.withLock { $0 }
      },
      set: { optional, value in
        guard optional != nil else { return }
        optional = value
      })
  }

  /// Whether two shared values are one (the same root, reached the same way).
  /// - Parameter other: Another shared value.
  public func isSame(as other: Shared<Value>) -> Bool {
    access.root === other.access.root && access.keyDescription == other.access.keyDescription
  }
}

extension Shared {
  /// The element with `id` of a shared identified array, shared with it; `nil` while there is
  /// no such element. Setting it to `nil` removes the element.
  /// - Parameter id: The element's id.
  public subscript<ID: Hashable & Sendable, Element: Identifiable & Sendable>(
    id id: ID
  ) -> Shared<Element?> where Value == IdentifiedArray<ID, Element>, Element.ID == ID {
    Shared<Element?>(
      access: SharedAccessorPart(
        base: access, suffix: "[id: \(id)]",
        get: { $0[id: id] },
        set: { $0[id: id] = $1 }))
  }
}

extension Shared: Equatable where Value: Equatable {
  /// Compares the values (copies of one shared value are equal without reading it).
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.access === rhs.access || lhs.wrappedValue == rhs.wrappedValue
  }
}

extension Shared: Hashable where Value: Hashable {
  /// Hashes the value.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(wrappedValue)
  }
}

extension Shared: Encodable where Value: Encodable {
  /// Writes the value, as a recording (`StoreRecorder` (ReducerKitRecording)) keeps it.
  public func encode(to encoder: any Encoder) throws {
    (encoder.userInfo[.sharedSighting] as? SharedSighting)?.seen.store(true, ordering: .relaxed)
    var container = encoder.singleValueContainer()
    try container.encode(wrappedValue)
  }
}

extension Shared: Decodable where Value: Decodable {
  /// Reads a value into a new shared value of its own (``init(value:)``), kept in memory and
  /// shared with no other: a replay must not write to where the recorded app kept it.
  public init(from decoder: any Decoder) throws {
    self.init(value: try decoder.singleValueContainer().decode(Value.self))
  }
}

extension Shared: Identifiable where Value: Identifiable {
  /// The value's id.
  public var id: Value.ID { wrappedValue.id }
}

extension Shared: CustomStringConvertible {
  /// The value's description.
  public var description: String { "\(wrappedValue)" }
}

extension Shared: DumpTransparent {
  package var dumpedValue: Any { wrappedValue }
}
