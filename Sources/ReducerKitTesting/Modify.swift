import ReducerKit

/// Changes the payload of one case of an enum in place, in a test's state assertion — failing
/// the test if the value is in another case, or if `body` left a payload that can be compared
/// unchanged (an assertion that asserts nothing).
///
/// ```swift
/// await store.send(.loaded(articles)) {
///   modify(&$0.content, case: .loaded) { $0.articles = articles }
/// }
/// ```
///
/// The best-known library spells it `XCTModify(&$0.content, case: \.loaded) { … }`.
/// - Parameters:
///   - value: The enum value to change.
///   - casePath: The case whose payload to change.
///   - body: Changes the payload.
///   - fileID: The caller's file ID, for diagnostics; leave the default.
///   - filePath: The caller's file path, for diagnostics; leave the default.
///   - line: The caller's line, for diagnostics; leave the default.
///   - column: The caller's column, for diagnostics; leave the default.
public func modify<Enum, Case>(
  _ value: inout Enum,
  case casePath: CasePath<Enum, Case>,
  _ body: (inout Case) throws -> Void,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) rethrows {
  let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  guard var payload = casePath.extract(value) else {
    TestFailures.fail(
      """
      "modify" expected the value to be in the case carrying \(Case.self), but it is not:
        \(describe(value))
      """, at: location)
    return
  }
  let before = payload
  try body(&payload)
  if let unchanged = isUnchanged(before, payload), unchanged {
    TestFailures.fail(
      """
      "modify" expected the \(Case.self) payload to be changed, but it is unchanged. Assert \
      nothing here, or change what differs.
      """, at: location)
  }
  value = casePath.embed(payload)
}

/// Changes an optional value in place, in a test's state assertion — failing the test if it is
/// `nil`, or if `body` left a value that can be compared unchanged.
///
/// ```swift
/// await store.send(.child(.incrementTapped)) {
///   modify(&$0.child) { $0.count = 1 }
/// }
/// ```
///
/// The best-known library spells it `XCTModify(&$0.child) { … }`.
/// - Parameters:
///   - value: The optional value to change.
///   - body: Changes the value.
///   - fileID: The caller's file ID, for diagnostics; leave the default.
///   - filePath: The caller's file path, for diagnostics; leave the default.
///   - line: The caller's line, for diagnostics; leave the default.
///   - column: The caller's column, for diagnostics; leave the default.
public func modify<Wrapped>(
  _ value: inout Wrapped?,
  _ body: (inout Wrapped) throws -> Void,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) rethrows {
  let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  guard var wrapped = value else {
    TestFailures.fail("\"modify\" expected a \(Wrapped.self), but it is nil.", at: location)
    return
  }
  let before = wrapped
  try body(&wrapped)
  if let unchanged = isUnchanged(before, wrapped), unchanged {
    TestFailures.fail(
      """
      "modify" expected the \(Wrapped.self) to be changed, but it is unchanged. Assert nothing \
      here, or change what differs.
      """, at: location)
  }
  value = wrapped
}

/// ``modify(_:case:_:fileID:filePath:line:column:)`` through an optional: fails if it is `nil`.
public func modify<Enum, Case>(
  _ value: inout Enum?,
  case casePath: CasePath<Enum, Case>,
  _ body: (inout Case) throws -> Void,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) rethrows {
  guard var wrapped = value else {
    TestFailures.fail(
      "\"modify\" expected a value in the case carrying \(Case.self), but it is nil.",
      at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    return
  }
  try modify(
    &wrapped, case: casePath, body, fileID: fileID, filePath: filePath, line: line,
    column: column)
  value = wrapped
}

/// ``modify(_:case:_:fileID:filePath:line:column:)`` through a presentation (`@Presents`):
/// fails if nothing is presented.
public func modify<Enum, Case>(
  _ value: inout PresentationState<Enum>,
  case casePath: CasePath<Enum, Case>,
  _ body: (inout Case) throws -> Void,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) rethrows {
  try modify(
    &value.wrappedValue, case: casePath, body, fileID: fileID, filePath: filePath, line: line,
    column: column)
}

/// ``modify(_:case:_:fileID:filePath:line:column:)`` with a case key path: `modify(&$0.content,
/// case: \.loaded) { … }` (the best-known library's `XCTModify`).
/// - Parameters:
///   - value: The enum value to change.
///   - keyPath: The case whose payload to change.
///   - body: Changes the payload.
///   - fileID: The caller's file ID, for diagnostics; leave the default.
///   - filePath: The caller's file path, for diagnostics; leave the default.
///   - line: The caller's line, for diagnostics; leave the default.
///   - column: The caller's column, for diagnostics; leave the default.
public func modify<Enum, Case>(
  _ value: inout Enum,
  case keyPath: CaseKeyPath<Enum, Case>,
  _ body: (inout Case) throws -> Void,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) rethrows {
  try modify(
    &value, case: CasePath(keyPath), body, fileID: fileID, filePath: filePath, line: line,
    column: column)
}

/// ``modify(_:case:_:fileID:filePath:line:column:)`` through an optional, with a case key path.
/// - Parameters:
///   - value: The optional enum value to change.
///   - keyPath: The case whose payload to change.
///   - body: Changes the payload.
///   - fileID: The caller's file ID, for diagnostics; leave the default.
///   - filePath: The caller's file path, for diagnostics; leave the default.
///   - line: The caller's line, for diagnostics; leave the default.
///   - column: The caller's column, for diagnostics; leave the default.
public func modify<Enum, Case>(
  _ value: inout Enum?,
  case keyPath: CaseKeyPath<Enum, Case>,
  _ body: (inout Case) throws -> Void,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) rethrows {
  try modify(
    &value, case: CasePath(keyPath), body, fileID: fileID, filePath: filePath, line: line,
    column: column)
}

/// ``modify(_:case:_:fileID:filePath:line:column:)`` through a presentation, with a case key
/// path: `modify(&$0.$destination, case: \.edit) { … }`.
/// - Parameters:
///   - value: The presentation to change.
///   - keyPath: The case whose payload to change.
///   - body: Changes the payload.
///   - fileID: The caller's file ID, for diagnostics; leave the default.
///   - filePath: The caller's file path, for diagnostics; leave the default.
///   - line: The caller's line, for diagnostics; leave the default.
///   - column: The caller's column, for diagnostics; leave the default.
public func modify<Enum, Case>(
  _ value: inout PresentationState<Enum>,
  case keyPath: CaseKeyPath<Enum, Case>,
  _ body: (inout Case) throws -> Void,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) rethrows {
  try modify(
    &value, case: CasePath(keyPath), body, fileID: fileID, filePath: filePath, line: line,
    column: column)
}

/// Whether two payloads are equal, when their type can say; `nil` when it cannot.
private func isUnchanged<Value>(_ lhs: Value, _ rhs: Value) -> Bool? {
  func open<E: Equatable>(_ lhs: E) -> Bool? {
    guard let rhs = rhs as? E else { return nil }
    return lhs == rhs
  }
  guard let equatable = lhs as? any Equatable else { return nil }
  return open(equatable)
}
