// What a test store lists of a runtime's running effects.
extension EffectRuntime {
  /// The running effects, in start order: where they were started and the path of the feature
  /// instance they belong to (`rows[id: 3] → detail`). Work a running composite effect started
  /// (the wait and the work of a debounce) is not listed apart from it.
  package var runningEffects: [(key: Int, origin: SourceLocation?, path: String)] {
    entries.sorted { $0.key < $1.key }.compactMap { key, entry in
      if let parent = entry.parent, entries[parent] != nil { return nil }
      return (key, entry.origin, PathStep.describe(path: entry.node.path))
    }
  }

  /// The paths of the feature instances that `tasks` (those still running) belong to.
  package func paths(of tasks: [Task<Void, Never>]) -> [String] {
    let wanted = Set(tasks)
    return entries.sorted { $0.key < $1.key }.compactMap { entry in
      wanted.contains(entry.value.task) ? PathStep.describe(path: entry.value.node.path) : nil
    }
  }

}
