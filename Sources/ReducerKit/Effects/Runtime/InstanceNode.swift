/// A node of the effect runtime's tree of feature instances: one per scope path that has running
/// effects, cancellable ids or throttle windows.
///
/// Effects are filed under the node of the path of the reducer that returned them; a cancel id
/// is registered at the node of the instance that made the effect cancellable. Cancelling a
/// child cancels the effects filed in its subtree, so the cost is in what is running, not in the
/// size of the state.
@MainActor
final class InstanceNode {
  let step: PathStep?
  /// `nil` for the root, and for a node that was pruned (an entry may still hold it).
  private(set) weak var parent: InstanceNode?
  var children: [PathStep: InstanceNode] = [:]
  /// The effects whose own path ends here.
  var effects: Set<Int> = []
  /// The effects made cancellable with an id by this instance.
  var cancellables: [CancelID: Set<Int>] = [:]
  /// The throttle windows of this instance, by id.
  var throttles: [CancelID: ThrottleStateMachine<@MainActor (Int) -> [Task<Void, Never>]>] = [:]

  init(step: PathStep?, parent: InstanceNode?) {
    self.step = step
    self.parent = parent
  }

  var isUnused: Bool {
    children.isEmpty && effects.isEmpty && cancellables.isEmpty && throttles.isEmpty
  }

  /// The node at `steps` below this one; created on the way when `creating`.
  func descendant(_ steps: [PathStep], creating: Bool) -> InstanceNode? {
    var node = self
    for step in steps {
      if let child = node.children[step] {
        node = child
      } else if creating {
        let child = InstanceNode(step: step, parent: node)
        node.children[step] = child
        node = child
      } else {
        return nil
      }
    }
    return node
  }

  /// Every effect filed in this node's subtree.
  func subtreeEffects(into keys: inout [Int]) {
    keys.append(contentsOf: effects)
    for child in children.values { child.subtreeEffects(into: &keys) }
  }

  /// Forgets the throttle windows of this node's subtree (their loops are being cancelled).
  func clearSubtreeThrottles() {
    throttles.removeAll()
    // NB: iterates a copy of `children`, so removing the emptied ones on the way is safe.
    for (step, child) in children {
      child.clearSubtreeThrottles()
      if child.isUnused {
        children[step] = nil
        child.parent = nil
      }
    }
  }

  /// Removes this node, and then each ancestor, while it holds nothing.
  func pruneIfUnused() {
    var node = self
    while node.isUnused, let parent = node.parent, let step = node.step {
      parent.children[step] = nil
      node.parent = nil
      node = parent
    }
  }

  /// The steps from the root to this node.
  var path: [PathStep] {
    var steps: [PathStep] = []
    var node: InstanceNode? = self
    while let current = node, let step = current.step {
      steps.append(step)
      node = current.parent
    }
    return steps.reversed()
  }
}
