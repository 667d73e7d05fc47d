/// Where a ``Shared`` value lives and how it is kept: in memory, in a file, in user defaults.
///
/// Declarations whose keys have the same type and the same ``id`` share one value in a
/// ``SharedStorage``:
///
/// ```swift
/// @Shared(.inMemory("signedInUser")) var user: User? = nil
/// @Shared(.fileStorage(.documentsDirectory.appending(path: "marks.json"))) var marks = Marks()
/// @Shared(.appStorage("isDarkMode")) var isDarkMode = false
/// ```
///
/// Write your own key to keep a value somewhere else: load it once, save it after each change.
public protocol SharedKey<Value>: Sendable {
  /// The kept value.
  associatedtype Value: Sendable
  /// What makes two keys name the same value.
  associatedtype ID: Hashable & Sendable

  /// Two keys of the same type with equal ids name one value.
  var id: ID { get }

  /// Reads the kept value, or `nil` when none is kept (the declaration's default is used).
  /// - Parameter storage: The storage the declaration was made in.
  func load(from storage: SharedStorage) -> Value?

  /// Keeps `value` after a change. Called with the value's lock held, so calls come in the order
  /// of the changes: do little here (schedule slow work).
  /// - Parameters:
  ///   - value: The new value.
  ///   - storage: The storage the declaration was made in.
  func save(_ value: Value, to storage: SharedStorage)

  /// Starts watching for changes made elsewhere (another process writing the file); calls
  /// `didChange` with the new value. Returns `nil` where that cannot be watched.
  /// - Parameters:
  ///   - storage: The storage the declaration was made in.
  ///   - didChange: Called with the new value.
  func subscribe(
    in storage: SharedStorage, didChange: @escaping @Sendable (Value) -> Void
  ) -> SharedSubscription?
}

extension SharedKey {
  /// Keys watch nothing unless they say otherwise.
  public func subscribe(
    in storage: SharedStorage, didChange: @escaping @Sendable (Value) -> Void
  ) -> SharedSubscription? {
    nil
  }
}

/// Stops a ``SharedKey``'s watching when cancelled or released.
public final class SharedSubscription: Sendable {
  private let onCancel: LockedValue<(@Sendable () -> Void)?>

  /// Creates a subscription that runs `onCancel` once, when cancelled or released.
  /// - Parameter onCancel: Stops the watching.
  public init(_ onCancel: @escaping @Sendable () -> Void) {
    self.onCancel = LockedValue(onCancel)
  }

  /// Stops the watching; later calls do nothing.
  public func cancel() {
    let body = onCancel.withLock { body in
      defer { body = nil }
      return body
    }
    body?()
  }

  deinit { cancel() }
}
