/// The runtime warning for a removal from an empty collection (`removeLast()` on an empty stack
/// or identified array): the call removes nothing and returns `nil`, rather than trapping.
func reportRemovalFromEmpty(_ call: String, of collection: String, at location: SourceLocation) {
  reportIssue(
    """
    "\(call)" was called on an empty \(collection): nothing was removed.

    Check `isEmpty` first, or call `popLast()`, which returns nil when there is nothing to \
    remove.
    """,
    at: location)
}
