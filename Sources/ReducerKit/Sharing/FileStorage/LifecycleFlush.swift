import Foundation

#if canImport(UIKit) && !os(watchOS)
  import UIKit
#elseif canImport(AppKit)
  import AppKit
#endif

/// Writes the scheduled saves of every disk file store when the process may stop before their
/// delay runs out: at exit (`exit()`, or returning from `main`), and on Apple platforms when the
/// app goes to the background or is about to terminate — a user who quits right after a change
/// keeps it, as with swift-sharing's file storage.
enum LifecycleFlush {
  private struct WeakStore: @unchecked Sendable {
    // NB: `@unchecked Sendable` is sound: a weak reference to a `Sendable` class, only read.
    weak var store: FileStore?
  }

  private static let stores = LockedValue<[ObjectIdentifier: WeakStore]>([:])
  /// Installs the exit and lifecycle handlers, once, on the first registration.
  private static let installed: Bool = {
    atexit { LifecycleFlush.flushAll() }
    #if canImport(UIKit) && !os(watchOS)
      let names = [
        UIApplication.didEnterBackgroundNotification, UIApplication.willTerminateNotification,
      ]
    #elseif canImport(AppKit)
      let names = [
        NSApplication.willResignActiveNotification, NSApplication.willTerminateNotification,
      ]
    #else
      let names: [Notification.Name] = []
    #endif
    for name in names {
      _ = NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { _ in
        LifecycleFlush.flushAll()
      }
    }
    return true
  }()

  /// Makes `store`'s scheduled writes part of the flush at exit and on leaving the foreground.
  static func register(_ store: FileStore) {
    _ = installed
    stores.withLock { stores in
      stores[ObjectIdentifier(store)] = WeakStore(store: store)
      if stores.count > 64 { stores = stores.filter { $0.value.store != nil } }
    }
  }

  /// Writes every registered store's scheduled saves now. A save that fails is written to
  /// standard error: at exit no test or warning handler may be left to report it.
  static func flushAll() {
    let alive = stores.withLock { $0.values.compactMap(\.store) }
    for store in alive { store.flush(reportingFailuresTo: .standardError) }
  }
}
