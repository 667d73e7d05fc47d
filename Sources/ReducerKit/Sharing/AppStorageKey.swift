import Foundation

/// A simple shared value kept in user defaults (`UserDefaults`, on Linux too).
///
/// ```swift
/// @Shared(.appStorage("fontSize")) var fontSize = 14
/// ```
///
/// Supported values: `Bool`, `Int`, `Double`, `String`, `Data`, `Date`, and enums whose raw
/// value is one of those.
public struct AppStorageKey<Value: Sendable>: SharedKey, CustomStringConvertible {
  /// The user-defaults key.
  public let key: String
  private let read: @Sendable (AppDefaults, String) -> Value?
  private let write: @Sendable (AppDefaults, String, Value) -> Void

  init(
    _ key: String,
    read: @escaping @Sendable (AppDefaults, String) -> Value?,
    write: @escaping @Sendable (AppDefaults, String, Value) -> Void
  ) {
    self.key = key
    self.read = read
    self.write = write
  }

  init(primitive key: String) {
    self.init(
      key, read: { $0.object(forKey: $1, as: Value.self) }, write: { $0.set($2, forKey: $1) })
  }

  /// The user-defaults key.
  public var id: String { key }

  /// The kept value, or `nil` when none (or one of another type) is kept.
  public func load(from storage: SharedStorage) -> Value? {
    read(storage.defaults, key)
  }

  /// Keeps `value`.
  public func save(_ value: Value, to storage: SharedStorage) {
    write(storage.defaults, key, value)
  }

  /// `appStorage("key")`.
  public var description: String { "appStorage(\"\(key)\")" }
}

extension SharedKey {
  /// A `Bool`, `Int`, `Double`, `String`, `Data` or `Date` kept in user defaults under `key`.
  /// - Parameter key: The user-defaults key.
  /// - Returns: The key.
  public static func appStorage<Value: AppStorageValue>(_ key: String) -> Self
  where Self == AppStorageKey<Value> {
    AppStorageKey(primitive: key)
  }

  /// An enum kept in user defaults under `key` by its raw value (an `Int`, a `String`, …).
  /// - Parameter key: The user-defaults key.
  /// - Returns: The key.
  public static func appStorage<Value: RawRepresentable & Sendable>(_ key: String) -> Self
  where Self == AppStorageKey<Value>, Value.RawValue: AppStorageValue {
    AppStorageKey(
      key,
      read: { defaults, key in
        defaults.object(forKey: key, as: Value.RawValue.self).flatMap(Value.init(rawValue:))
      },
      write: { defaults, key, value in defaults.set(value.rawValue, forKey: key) })
  }
}

/// A value user defaults store as it is: `Bool`, `Int`, `Double`, `String`, `Data`, `Date`.
///
/// Only these types conform; keep other values in app storage by a raw value, or in file storage.
public protocol AppStorageValue: Sendable {}

extension Bool: AppStorageValue {}
extension Int: AppStorageValue {}
extension Double: AppStorageValue {}
extension String: AppStorageValue {}
extension Data: AppStorageValue {}
extension Date: AppStorageValue {}
