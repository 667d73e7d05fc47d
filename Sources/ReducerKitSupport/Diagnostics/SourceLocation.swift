/// Where a runtime warning or a failed expectation was raised in the user's code.
///
/// Every API that can be misused captures its caller's location with defaulted
/// `fileID:filePath:line:column` parameters, so that the message points at the line to fix.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
  /// The module-qualified file name, as in `#fileID` (`"MyFeature/Articles.swift"`).
  public var fileID: String
  /// The full path of the file, as in `#filePath`.
  public var filePath: String
  /// The 1-based line.
  public var line: UInt
  /// The 1-based column.
  public var column: UInt

  /// Creates a location; the defaults capture the caller's location.
  /// - Parameters:
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  public init(
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// `fileID:line:column`, the form compilers print.
  public var description: String { "\(fileID):\(line):\(column)" }
}
