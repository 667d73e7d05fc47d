/// A shared value kept in memory for as long as its ``SharedStorage`` lives (the app's run, or
/// one test store).
///
/// ```swift
/// @Shared(.inMemory("signedInUser")) var user: User? = nil
/// ```
public struct InMemoryKey<Value: Sendable>: SharedKey, CustomStringConvertible {
  /// The value's name.
  public let name: String

  /// Names an in-memory value.
  /// - Parameter name: The value's name.
  public init(_ name: String) {
    self.name = name
  }

  /// The name.
  public var id: String { name }

  /// The value kept under this name, if it was ever changed.
  public func load(from storage: SharedStorage) -> Value? {
    storage.inMemoryValue(name, as: Value.self)
  }

  /// Keeps the value in the storage, for declarations made after every holder is gone.
  public func save(_ value: Value, to storage: SharedStorage) {
    storage.keepInMemory(value, as: name)
  }

  /// `inMemory("name")`.
  public var description: String { "inMemory(\"\(name)\")" }
}

extension SharedKey {
  /// A value kept in memory under `name`: `@Shared(.inMemory("count")) var count = 0`.
  /// - Parameter name: The value's name.
  /// - Returns: The key.
  public static func inMemory<Value>(_ name: String) -> Self
  where Self == InMemoryKey<Value> {
    InMemoryKey(name)
  }
}
