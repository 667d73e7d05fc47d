import Dispatch

/// A task executor that runs every job on the main dispatch queue, in order.
///
/// Test stores run effects on it: effect work then interleaves with the test only at `await`
/// points and in first-in-first-out order, so a test that advances a test clock sees the same
/// sequence of events on every run.
///
/// Task executors exist on Apple platforms from iOS 18 / macOS 15: below that, a test store's
/// effects run on the global executor, as a plain store's do.
@available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *)
package final class MainQueueExecutor: TaskExecutor, @unchecked Sendable {
  // NB: `@unchecked Sendable`: the executor holds no state.

  package init() {}

  package func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    DispatchQueue.main.async {
      job.runSynchronously(on: executor)
    }
  }
}

/// Whether code runs on the main dispatch queue (where the main actor runs). On Linux the main
/// queue is not always drained by the process's main thread, so `Thread.isMainThread` does not
/// tell; a queue-specific value does.
package enum MainQueue {
  private static let key: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  /// Whether the caller runs on the main queue.
  package static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }
}
