import Foundation

extension UUID {
  /// The UUID that ``UUIDGenerator/incrementing`` makes `intValue`-th:
  /// `UUID(0)` is `00000000-0000-0000-0000-000000000000`, `UUID(1)` ends in `…0001`.
  ///
  /// For tests: `$0.todos[id: UUID(0)]`.
  /// - Parameter intValue: A number from 0 to 2⁴⁸ − 1 (larger values keep their last 48 bits).
  public init(_ intValue: Int) {
    let value = UInt64(truncatingIfNeeded: intValue) & 0xFFFF_FFFF_FFFF
    var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &bytes) { buffer in
      for index in 0..<6 {
        buffer[15 - index] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(index)))
      }
    }
    self.init(uuid: bytes)
  }
}
