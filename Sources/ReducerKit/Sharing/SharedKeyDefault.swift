/// A key that carries its value's type and default, so that declarations need neither:
/// `@Shared(.syncUps) var syncUps`.
///
/// Define it once, beside the key, with ``SharedKey/Default``:
///
/// ```swift
/// extension SharedKey where Self == FileStorageKey<IdentifiedArrayOf<SyncUp>>.Default {
///   static var syncUps: Self {
///     Self[.fileStorage(.documentsDirectory.appending(path: "sync-ups.json")), default: []]
///   }
/// }
/// ```
///
/// It names the same value as its base key: a declaration with the base key and its own default
/// shares it.
public struct SharedKeyDefault<Base: SharedKey>: SharedKey {
  /// The key that keeps the value.
  public let base: Base
  /// The value used when nothing is kept.
  public let defaultValue: @Sendable () -> Base.Value

  /// `base` with `defaultValue` as its default: `Self[.fileStorage(url), default: []]`.
  /// - Parameters:
  ///   - base: The key that keeps the value.
  ///   - defaultValue: The value used when nothing is kept.
  public static subscript(
    _ base: Base, default defaultValue: @autoclosure @escaping @Sendable () -> Base.Value
  ) -> Self {
    Self(base: base, defaultValue: defaultValue)
  }

  /// The base key's id: both name one value.
  public var id: Base.ID { base.id }

  /// Loads through the base key.
  public func load(from storage: SharedStorage) -> Base.Value? { base.load(from: storage) }

  /// Saves through the base key.
  public func save(_ value: Base.Value, to storage: SharedStorage) {
    base.save(value, to: storage)
  }

  /// Watches through the base key.
  public func subscribe(
    in storage: SharedStorage, didChange: @escaping @Sendable (Base.Value) -> Void
  ) -> SharedSubscription? {
    base.subscribe(in: storage, didChange: didChange)
  }
}

extension SharedKey {
  /// A key of this type that carries its default; see ``SharedKeyDefault``.
  public typealias Default = SharedKeyDefault<Self>
}

/// A key whose value is its base key's (``SharedKeyDefault``): storage names both the same.
protocol DefaultCarryingKey {
  static var baseKeyType: Any.Type { get }
}

extension SharedKeyDefault: DefaultCarryingKey {
  static var baseKeyType: Any.Type {
    (Base.self as? any DefaultCarryingKey.Type)?.baseKeyType ?? Base.self
  }
}

extension SharedKeyDefault: CustomStringConvertible {
  /// The base key's description.
  public var description: String { "\(base)" }
}

extension Shared {
  /// Declares the shared value a key with a default names: `@Shared(.syncUps) var syncUps`.
  /// - Parameters:
  ///   - key: A key that carries its default (see ``SharedKeyDefault``).
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  public init<Base: SharedKey<Value>>(
    _ key: SharedKeyDefault<Base>,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      wrappedValue: key.defaultValue(), key.base, fileID: fileID, filePath: filePath, line: line,
      column: column)
  }

  /// Declares the shared value a key with a default names, with another value for when the key
  /// holds none yet: `@Shared(.syncUps) var syncUps = [.mock]` (a test's or a preview's data).
  /// - Parameters:
  ///   - wrappedValue: The value to use in place of the key's default.
  ///   - key: A key that carries its default (see ``SharedKeyDefault``).
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  public init<Base: SharedKey<Value>>(
    wrappedValue: @autoclosure () -> Value,
    _ key: SharedKeyDefault<Base>,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      wrappedValue: wrappedValue(), key.base, fileID: fileID, filePath: filePath, line: line,
      column: column)
  }
}
