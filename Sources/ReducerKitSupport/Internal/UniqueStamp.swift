/// Stamps that never repeat in a process: an identified collection's ids token and element
/// writes, and a presentation's assignment. Drawn from one counter, so that no two histories of
/// a value — copies restored, states rebuilt — ever share a stamp an observer or a presentation
/// already saw.
@usableFromInline
package enum UniqueStamp {
  /// A stamp no earlier call returned.
  @usableFromInline
  package static func next() -> Int {
    ProcessCounter.uniqueStamps.wrappingAdd(1).newValue
  }
}
