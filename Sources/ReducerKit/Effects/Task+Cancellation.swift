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
  /// the caller) it does nothing.
  /// - Parameter id: The id the effects were made cancellable with.
  public static func cancel(id: some Hashable & Sendable) {
    guard let instance = DependencyValues.current.effectInstance else { return }
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
