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
  ///   await Task.cancel(id: CancelID.timer)
  ///   await send(.timerStopped)
  /// }
  /// ```
  ///
  /// Outside an effect (no store runs the caller) it does nothing.
  /// - Parameter id: The id the effects were made cancellable with.
  public static func cancel(id: some Hashable & Sendable) async {
    guard let instance = DependencyValues.current.effectInstance else { return }
    let cancelID = CancelID(id)
    await MainActor.run {
      instance.runtime?.cancel(.id(cancelID), at: instance.steps)
    }
  }
}
