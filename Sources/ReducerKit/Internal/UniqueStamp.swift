import Synchronization

/// Stamps that never repeat in a process: an identified collection's ids token and element
/// writes, and a presentation's assignment. Drawn from one counter, so that no two histories of
/// a value — copies restored, states rebuilt — ever share a stamp an observer or a presentation
/// already saw.
@usableFromInline
enum UniqueStamp {
  private static let counter = Atomic<Int>(0)

  /// A stamp no earlier call returned.
  @usableFromInline
  static func next() -> Int {
    counter.wrappingAdd(1, ordering: .relaxed).newValue
  }
}
