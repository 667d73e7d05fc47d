import Foundation

/// The feature instance an effect's work belongs to: where `Task.cancel(id:)` cancels.
struct EffectInstance: Sendable {
  weak var runtime: EffectRuntime?
  let steps: [PathStep]
}

extension Task where Success == Never, Failure == Never {
  /// Cancels the effects with `id` in the feature instance of the effect calling it — what
  /// returning ``Effect/cancel(id:)`` from the reducer does, from inside an effect's work.
  ///
  /// ```swift
  /// return .run { send in
  ///   Task.cancel(id: CancelID.timer)
  ///   await send(.timerStopped)
  /// }
  /// ```
  ///
  /// On the main thread (a test store runs effects there) the effects are cancelled before it
  /// returns; elsewhere the cancellation is handed to the main actor, where the store runs. It
  /// is a plain call, as in the best-known library: no `await`. Outside an effect (no store runs
  /// the caller) it cancels nothing and prints an advisory: cancel ids belong to a feature
  /// instance, which only an effect has.
  /// - Parameters:
  ///   - id: The id the effects were made cancellable with.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  public static func cancel(
    id: some Hashable & Sendable, fileID: String = #fileID, filePath: String = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    guard let instance = DependencyValues.current.effectInstance else {
      reportAdvisory(
        """
        "Task.cancel(id: \(id))" was called outside an effect: nothing was cancelled.

        Cancel ids belong to the feature instance whose effect uses them. Return \
        `.cancel(id:)` from the reducer, or call `Task.cancel(id:)` inside that feature's \
        `.run`.
        """,
        at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
      return
    }
    let cancelID = CancelID(id)
    if Thread.isMainThread {
      MainActor.assumeIsolated { instance.runtime?.cancel(.id(cancelID), at: instance.steps) }
    } else {
      Task<Void, Never> { @MainActor in
        instance.runtime?.cancel(.id(cancelID), at: instance.steps)
      }
    }
  }
}
