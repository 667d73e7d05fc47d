import Foundation

/// The last issues raised in the process, each with the thread it was raised on, so that a
/// recording store can keep the issues its reducer raised with the step: it notes ``sequence``
/// before reducing and, only if it moved, reads the messages raised on its own thread since.
/// A reduce that raises nothing (the common case) pays two atomic loads; before, every recorded
/// send installed a reporter of its own (a task-local value and two allocations, about half of
/// a recorded send's instructions).
@usableFromInline
package enum RecentIssues {
  /// How many issues and advisories were raised in the process.
  @usableFromInline package static var sequence: ProcessCounter { .recentIssues }
  /// How many are kept: more raised by one reduce are counted, not quoted.
  static let capacity = 256
  private static let kept = LockedValue<[Entry]>([])

  struct Entry: Sendable {
    let number: Int
    let thread: ObjectIdentifier
    let message: String
  }

  /// Notes an issue or an advisory raised now, on this thread.
  static func note(_ message: String) {
    let thread = ObjectIdentifier(Thread.current)
    kept.withLock { kept in
      let number = sequence.wrappingAdd(1).newValue
      kept.append(Entry(number: number, thread: thread, message: message))
      if kept.count > capacity { kept.removeFirst(kept.count - capacity) }
    }
  }

  /// The messages raised on this thread after ``sequence`` read `mark`, in order.
  @usableFromInline
  package static func messages(since mark: Int) -> [String] {
    let thread = ObjectIdentifier(Thread.current)
    return kept.withLock { kept in
      let last = sequence.load()
      let raised = kept.filter { $0.number > mark && $0.thread == thread }.map(\.message)
      // NB: entries pushed out of the ring by a flood of issues are counted, unquoted.
      let lost = max(0, (kept.first?.number ?? last + 1) - mark - 1)
      return Array(repeating: "(an issue whose message was not kept)", count: lost) + raised
    }
  }
}
