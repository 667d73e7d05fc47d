/// The effects started by one `send`, to wait for or cancel — with the effects of the actions
/// those effects sent back, and so on down the line.
///
/// ```swift
/// .task { await store.send(.onAppear).finish() }   // SwiftUI cancels it on disappear
/// ```
///
/// An effect that sends `.response`, whose effect sends `.response1`, ties all that work to the
/// first send, as in the best-known library: cancelling its task cancels the work of
/// `.response` and `.response1` too, and ``finish()`` waits for it.
public struct StoreTask: Hashable, Sendable {
  /// NB: `nil` when the send started nothing, which spares the common case a retain and a
  /// release.
  @usableFromInline let lineage: EffectLineage?

  @usableFromInline
  package init(lineage: EffectLineage?) { self.lineage = lineage }

  /// A task over `tasks` alone.
  package init(tasks: [Task<Void, Never>]?) {
    self.lineage = tasks.map { EffectLineage(tasks: $0) }
  }

  /// The effects' tasks so far.
  package var tasks: [Task<Void, Never>] { lineage?.tasks ?? [] }

  /// Whether the send started any effect.
  package var startedEffects: Bool { lineage != nil }

  /// Waits until every effect of the send, and of the actions they sent back, has finished. If
  /// the waiting task is cancelled, the effects are cancelled.
  public func finish() async {
    guard let lineage else { return }
    await withTaskCancellationHandler {
      // NB: an effect that finishes may have fed back an action that started more work; the
      // lineage holds the tasks still running, so each round waits for the ones not yet awaited.
      var awaited: Set<Task<Void, Never>> = []
      while true {
        let pending = lineage.tasks.filter { !awaited.contains($0) }
        guard !pending.isEmpty else { return }
        for task in pending { await task.value }
        awaited.formUnion(pending)
      }
    } onCancel: {
      lineage.cancel()
    }
  }

  /// Cancels every effect of the send, and of the actions they sent back.
  public func cancel() {
    lineage?.cancel()
  }

  /// Whether the send started no effect, or all of them were cancelled.
  public var isCancelled: Bool { lineage?.isCancelled ?? true }

  /// Whether two tasks are the same send's (or both started nothing).
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.lineage === rhs.lineage }

  /// Hashes the send's identity.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(lineage.map(ObjectIdentifier.init))
  }
}

/// The tasks of one send's effects and of the effects of the actions they fed back, gathered as
/// they start and let go of as they end (the store's effect runtime says when); a cancelled
/// lineage cancels the tasks that join it later.
@usableFromInline
package final class EffectLineage: Sendable {
  private struct State: Sendable {
    /// The tasks still running (or not known to have ended: a task given to `init`).
    var tasks: [Task<Void, Never>]
    var isCancelled = false
    /// Whether a task ended without being cancelled.
    var anEffectFinished = false
  }
  private let state: LockedValue<State>

  @usableFromInline
  package init(tasks: [Task<Void, Never>] = []) {
    self.state = LockedValue(State(tasks: tasks))
  }

  /// The tasks still running.
  package var tasks: [Task<Void, Never>] { state.withLock { $0.tasks } }

  /// Whether the lineage was cancelled, or every effect of it was (none finished on its own).
  package var isCancelled: Bool {
    state.withLock { $0.isCancelled || !$0.anEffectFinished && $0.tasks.allSatisfy(\.isCancelled) }
  }

  /// Adds tasks that work of this lineage started; cancels them if the lineage was cancelled.
  @usableFromInline
  package func append(_ tasks: [Task<Void, Never>]) {
    let cancelled = state.withLock {
      $0.tasks += tasks
      return $0.isCancelled
    }
    if cancelled { for task in tasks { task.cancel() } }
  }

  /// Lets go of a task that ended.
  func ended(_ task: Task<Void, Never>) {
    state.withLock {
      guard let index = $0.tasks.firstIndex(of: task) else { return }
      $0.tasks.remove(at: index)
      if !task.isCancelled { $0.anEffectFinished = true }
    }
  }

  /// Cancels every task, and the tasks that join later.
  package func cancel() {
    let tasks = state.withLock {
      $0.isCancelled = true
      return $0.tasks
    }
    for task in tasks { task.cancel() }
  }
}
