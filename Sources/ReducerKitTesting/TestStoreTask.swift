import ReducerKit

/// The effects started by one `send(_:assert:)`, with the effects of the actions they fed back.
///
/// It tells which effects the send started, and which feature instance each belongs to:
///
/// ```swift
/// let task = await store.send(.rows(.element(id: 3, action: .startTapped)))
/// #expect(task.runningEffectPaths == ["rows[id: 3]"])
///
/// let none = await store.send(.rows(.element(id: 3, action: .favoriteTapped)))
/// #expect(!none.startedEffects)
/// ```
@MainActor
public struct TestStoreTask: Sendable {
  let task: StoreTask
  let location: TestLocation
  let paths: @MainActor @Sendable ([Task<Void, Never>]) -> [String]
  /// How long ``finish(timeout:fileID:filePath:line:column:)`` waits when it is not told: the
  /// timeout given to ``init(rawValue:timeout:fileID:filePath:line:column:)``.
  var defaultTimeout: Duration = .seconds(1)

  init(
    task: StoreTask, location: TestLocation,
    paths: @escaping @MainActor @Sendable ([Task<Void, Never>]) -> [String]
  ) {
    self.task = task
    self.location = location
    self.paths = paths
  }

  /// A test task over any task: ``finish(timeout:fileID:filePath:line:column:)`` waits for
  /// it and fails the test if it is still running after `timeout` — the best-known library's
  /// `TestStoreTask(rawValue:timeout:)`.
  ///
  /// ```swift
  /// let task = TestStoreTask(rawValue: Task { await model.load() }, timeout: NSEC_PER_SEC)
  /// await task.finish()
  /// ```
  /// - Parameters:
  ///   - rawValue: The task, or `nil` for one that does nothing.
  ///   - timeout: How long `finish()` waits, in nanoseconds.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  public init(
    rawValue: Task<Void, Never>?,
    timeout: UInt64,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      task: StoreTask(tasks: rawValue.map { [$0] }),
      location: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      paths: { _ in [] })
    defaultTimeout = .nanoseconds(Int64(clamping: timeout))
  }

  /// Whether the send started any effect (running or already finished). `false` means the
  /// action returned no effect that does work: only state changed, or only actions were sent
  /// back synchronously.
  public var startedEffects: Bool { task.startedEffects }

  /// The scope paths of the feature instances that this send's still-running effects belong
  /// to, in start order: `"rows[id: 3] → detail"` for a child of row 3, `"the root feature"`
  /// for the root. Use it to check that work started in the right instance.
  public var runningEffectPaths: [String] { paths(task.tasks) }

  /// Waits until the effects, and those of the actions they fed back, have finished, failing
  /// the test if they are still running after `timeout`.
  /// - Parameters:
  ///   - timeout: How long to wait (wall-clock); by default one second, or the timeout the task
  ///     was made with.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let here = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let timeout = timeout ?? defaultTimeout
    let done = Flag()
    Task { [task] in
      await task.finish()
      done.isSet = true
    }
    let finished = await waitUntil(timeout: timeout) { done.isSet }
    if !finished {
      TestFailures.fail(
        """
        An effect started by the action sent at \(location.sourceLocation) did not finish \
        within \(timeout).

        If it waits on a test clock, advance the clock (`await clock.advance(by: …)`) so that \
        it can finish; if it runs forever (a timer, a stream), cancel it with `task.cancel()`.
        """,
        at: here)
    }
  }

  /// Cancels the effects, with the effects of the actions they fed back (and theirs).
  public func cancel() async {
    task.cancel()
    await Task.megaYield()
  }

  /// Whether every effect started by the send was cancelled.
  public var isCancelled: Bool { task.isCancelled }
}

@MainActor
final class Flag {
  var isSet = false
}

/// Yields (and, when nothing moves, naps briefly) until `condition` holds or `timeout` passes.
///
/// NB: before giving up it yields once more, many times: if the main actor was busy (another
/// test hogging it), work queued behind it gets its turn before the deadline counts against it.
@MainActor
func waitUntil(timeout: Duration, _ condition: @MainActor () -> Bool) async -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: timeout)
  while !condition() {
    guard clock.now < deadline else {
      await Task.megaYield(count: 200)
      return condition()
    }
    await Task.megaYield(count: 10)
    if !condition() {
      try? await Task.sleep(for: .microseconds(200))
    }
  }
  return true
}
