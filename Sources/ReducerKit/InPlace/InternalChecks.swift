/// The kit's internal checks, compiled in where the package is built with
/// `REDUCERKIT_INTERNAL_CHECKS` set in the environment (a debug build only): every in-place read
/// and write agrees with its key path, and `PositionIndex` keeps its invariants after every
/// change. CI's test run sets it; an app's build never pays for it.
///
/// NB: after swift-collections' `COLLECTIONS_INTERNAL_CHECKS`: checks that cost more than the
/// code they check, kept out of ordinary debug builds (an app's debug build would pay a dynamic
/// cast and a key-path read per observed read).
@usableFromInline
enum InternalChecks {
  /// Whether the checks are compiled in.
  @inlinable static var areEnabled: Bool {
    #if REDUCERKIT_INTERNAL_CHECKS
      true
    #else
      false
    #endif
  }

  /// Reports a disagreement between a value read at `offset` and the same value read through
  /// `keyPath`, where the values can be compared (`Equatable`, or the same object). A
  /// disagreement is a bug of the kit: the in-place read is wrong.
  @usableFromInline
  static func verify<Value>(
    inPlace: Value, throughKeyPath: Value, _ keyPath: AnyKeyPath, _ offset: StoredOffset
  ) {
    guard let agree = Self.agree(inPlace, throughKeyPath), !agree else { return }
    reportIssue(
      """
      ReducerKit internal check: the value read in place (\(offset)) for \(keyPath) is not the \
      value the key path reads.
        in place: \(inPlace)
        key path: \(throughKeyPath)
      This is a bug of the kit; please report it with the state's type.
      """)
  }

  /// Whether `first` and `second` are equal, if that can be told: `nil` for values that are
  /// neither `Equatable` nor objects.
  static func agree<Value>(_ first: Value, _ second: Value) -> Bool? {
    if let first = first as? any Equatable { return first.isEqual(to: second) }
    if Value.self is AnyObject.Type { return (first as AnyObject) === (second as AnyObject) }
    return nil
  }
}

extension Equatable {
  /// Whether `other` is a `Self` equal to this value.
  fileprivate func isEqual(to other: Any) -> Bool {
    (other as? Self).map { $0 == self } ?? false
  }
}
