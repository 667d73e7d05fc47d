/// A closure for a dependency's test value that fails the test when it is called.
///
/// ```swift
/// static let testValue = ArticlesClient(
///   fetch: unimplemented("ArticlesClient.fetch"),
///   setFavorite: unimplemented("ArticlesClient.setFavorite")
/// )
/// ```
///
/// A throwing endpoint throws ``UnimplementedError`` after reporting.
/// - Parameters:
///   - name: The endpoint's name, shown in the failure.
///   - fileID: The caller's file ID, for diagnostics; leave the default.
///   - filePath: The caller's file path, for diagnostics; leave the default.
///   - line: The caller's line, for diagnostics; leave the default.
///   - column: The caller's column, for diagnostics; leave the default.
/// - Returns: A closure that reports a failure and throws.
public func unimplemented<each Argument, Result>(
  _ name: String,
  fileID: String = #fileID,
  filePath: String = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) async throws -> Result {
  let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  return { (_: repeat each Argument) in
    reportUnimplemented(name, location: location)
    throw UnimplementedError(name: name)
  }
}

/// A non-throwing endpoint's test value that fails the test when it is called and returns
/// `placeholder`.
/// - Parameters:
///   - name: The endpoint's name, shown in the failure.
///   - placeholder: What the closure returns after reporting.
///   - fileID: The caller's file ID, for diagnostics; leave the default.
///   - filePath: The caller's file path, for diagnostics; leave the default.
///   - line: The caller's line, for diagnostics; leave the default.
///   - column: The caller's column, for diagnostics; leave the default.
/// - Returns: A closure that reports a failure.
public func unimplemented<each Argument, Result: Sendable>(
  _ name: String,
  placeholder: Result,
  fileID: String = #fileID,
  filePath: String = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) -> Result {
  let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  return { (_: repeat each Argument) in
    reportUnimplemented(name, location: location)
    return placeholder
  }
}

/// The error thrown by an ``unimplemented(_:fileID:filePath:line:column:)`` endpoint.
public struct UnimplementedError: Error, Sendable, CustomStringConvertible {
  /// The endpoint's name.
  public let name: String
  /// A description naming the endpoint.
  public var description: String { "Unimplemented: \(name)" }
}

func reportUnimplemented(_ name: String, location: SourceLocation) {
  reportDependencyIssue(
    """
    Unimplemented: \(name) was called.

    The test did not expect this dependency to be used. If it should be, override it in the \
    test store's `withDependencies:` closure: \
    `TestStore(initialState: …) { Feature() } withDependencies: { $0.… = … }`.
    """,
    at: location
  )
}
