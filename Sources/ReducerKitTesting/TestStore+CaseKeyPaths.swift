import ReducerKit

// `send` and `receive` with case key paths, as the best-known library spells them:
// `store.receive(\.child.delegate.saved)`, `store.receive(\.path[id: 0].detail.delegate)`,
// `store.send(\.view.delete, [0])`. Each resolves its key path once, when it is called.

extension TestStore {
  /// Asserts that an effect sent an action of the case `actionCase` names next, whatever its
  /// payload.
  ///
  /// ```swift
  /// await store.receive(\.child.delegate.saved) { $0.isSaving = false }
  /// await store.receive(\.path[id: 0].detail.delegate)
  /// ```
  /// - Parameters:
  ///   - actionCase: The case, as a case key path (as deep as needed).
  ///   - timeout: How long to wait for it (wall-clock); defaults to ``timeout``.
  ///   - updateStateToExpectedResult: Mutates the previous state into the expected one.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  public func receive<Value>(
    _ actionCase: CaseKeyPath<Action, Value>,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      CasePath(actionCase), named: caseKeyPathName(actionCase), timeout: timeout,
      update: updateStateToExpectedResult,
      at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Asserts that an effect sent an action of the case `actionCase` names, carrying `value`,
  /// next.
  ///
  /// ```swift
  /// await store.receive(\.response.success, 42) { $0.count = 42 }
  /// ```
  /// - Parameters:
  ///   - actionCase: The case, as a case key path (as deep as needed).
  ///   - value: The payload it must carry.
  ///   - timeout: How long to wait for it (wall-clock); defaults to ``timeout``.
  ///   - updateStateToExpectedResult: Mutates the previous state into the expected one.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  @_disfavoredOverload
  public func receive<Value: Equatable>(
    _ actionCase: CaseKeyPath<Action, Value>,
    _ value: Value,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      CasePath(actionCase), value, timeout: timeout, assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Sends the action the case key path embeds `value` in, and asserts how it changed the state.
  ///
  /// ```swift
  /// await store.send(\.view.delete, [0]) { $0.rows.remove(at: 0) }
  /// ```
  /// - Parameters:
  ///   - actionCase: The case, as a case key path (as deep as needed).
  ///   - value: Its payload.
  ///   - updateStateToExpectedResult: Mutates the previous state into the expected one.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  /// - Returns: The action's effects, to await or cancel.
  @discardableResult
  public func send<Value>(
    _ actionCase: CaseKeyPath<Action, Value>,
    _ value: Value,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    await send(
      CasePath(actionCase).embed(value), assert: updateStateToExpectedResult, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }

  /// Sends the payload-less action the case key path names: `store.send(\.view.onAppear)`.
  /// - Parameters:
  ///   - actionCase: The case, as a case key path (as deep as needed).
  ///   - updateStateToExpectedResult: Mutates the previous state into the expected one.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  /// - Returns: The action's effects, to await or cancel.
  @discardableResult
  public func send(
    _ actionCase: CaseKeyPath<Action, Void>,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    await send(
      CasePath(actionCase).embed(()), assert: updateStateToExpectedResult, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }
}
