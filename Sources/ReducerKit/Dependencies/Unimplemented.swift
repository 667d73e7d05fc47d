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

/// Marks a struct of endpoints whose `init()` the case-path plugin writes, with every endpoint
/// failing the test it is called in — what the best-known library's `@DependencyClient` gives.
///
/// ```swift
/// struct ArticlesClient: DependencyClient {
///   var fetch: @Sendable (_ page: Int) async throws -> [Article]
///   var track: @Sendable (String) -> Void
///   var pageSize: @Sendable () -> Int = { 20 }
/// }
///
/// extension ArticlesClient: TestDependencyKey {
///   static let testValue = ArticlesClient()   // each endpoint unimplemented
/// }
/// // In a test: $0.articlesClient.fetch = { _ in [.sample] }
/// ```
///
/// A called endpoint fails the test with its name (`ArticlesClient.fetch`), at its declaration;
/// then a throwing one throws ``UnimplementedError``, a `Void` one returns, one returning an
/// optional returns `nil`, and one with an initial value runs it. One that returns a value,
/// cannot throw and has no initial value fails the build at its line: give it the value an
/// unimplemented call returns. The memberwise initializer stays, for clients given in full.
///
/// A client whose every endpoint has an initial value gets Swift's own `init()` instead, which
/// runs them without failing (Swift writes it, and another beside it would clash): leave out the
/// initial value of each endpoint a test must not call unawares.
/// The protocol has no requirements.
public protocol DependencyClient {}

/// Reports a call of an unimplemented endpoint of a ``DependencyClient`` (the plugin's `init()`
/// calls it) and returns the error a throwing endpoint throws.
/// - Parameters:
///   - name: The endpoint, `Client.endpoint`.
///   - fileID: The file ID of the endpoint's declaration.
///   - filePath: The path of the endpoint's declaration.
///   - line: The line of the endpoint's declaration.
/// - Returns: The error to throw.
public func _unimplementedEndpoint(
  _ name: String, fileID: String, filePath: String, line: UInt
) -> UnimplementedError {
  reportUnimplemented(
    name, location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: 1))
  return UnimplementedError(name: name)
}
