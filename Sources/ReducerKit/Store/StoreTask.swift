/// The effects started by one `send`, to wait for or cancel.
///
/// ```swift
/// .task { await store.send(.onAppear).finish() }   // SwiftUI cancels it on disappear
/// ```
public struct StoreTask: Hashable, Sendable {
  /// NB: `nil` rather than an empty array when the send started nothing, which spares the
  /// common case a retain and a release.
  @usableFromInline let started: [Task<Void, Never>]?

  @usableFromInline
  package init(tasks: [Task<Void, Never>]?) { self.started = tasks }

  package var tasks: [Task<Void, Never>] { started ?? [] }

  /// Whether the send started any effect.
  package var startedEffects: Bool { started != nil }

  /// Waits until every effect started by the send has finished. If the waiting task is
  /// cancelled, the effects are cancelled.
  public func finish() async {
    guard !tasks.isEmpty else { return }
    await withTaskCancellationHandler {
      for task in tasks { await task.value }
    } onCancel: {
      for task in tasks { task.cancel() }
    }
  }

  /// Cancels every effect started by the send.
  public func cancel() {
    for task in tasks { task.cancel() }
  }

  /// Whether the send started no effect, or all of them were cancelled.
  public var isCancelled: Bool { tasks.allSatisfy(\.isCancelled) }
}
