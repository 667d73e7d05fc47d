import ReducerKit
import ReducerKitPatterns

struct Message: Identifiable, Equatable, Sendable {
  let id: Int
  var text: String
}

/// A window over a 1,000,000-message history: loading an older page, appending and looking up
/// by id cost the same with a large window as with a one-page window.
@MainActor
func windowedListScenarios(scale: Int) -> [Scenario] {
  let history = 1_000_000
  let pages = 200 / min(scale, 10)
  let lookups = 1_000_000 / scale

  func window(holding count: Int) -> WindowedList<Message> {
    var window = WindowedList<Message>(pageSize: 50)
    var end = history
    while window.count < count {
      window.prependOlder(
        (end - 50..<end).map { Message(id: $0, text: "Message \($0)") }, hasMore: true)
      end -= 50
    }
    return window
  }

  func loadOlder(windowSize: Int) -> Workload {
    Workload(operations: pages) {
      var window = window(holding: windowSize)
      let pagesToLoad: [[Message]] = (0..<pages).map { page in
        let end = history - windowSize - page * 50
        return (end - 50..<end).map { Message(id: $0, text: "Message \($0)") }
      }
      return {
        for page in pagesToLoad { window.prependOlder(page, hasMore: true) }
        blackHole(window.count)
      }
    }
  }

  func append(windowSize: Int) -> Workload {
    Workload(operations: pages * 50) {
      var window = window(holding: windowSize)
      let messages = (0..<pages * 50).map { Message(id: history + $0, text: "New \($0)") }
      return {
        for message in messages { window.append(message) }
        blackHole(window.count)
      }
    }
  }

  func lookup(windowSize: Int) -> Workload {
    Workload(operations: lookups) {
      let window = window(holding: windowSize)
      return {
        var found = 0
        for index in 0..<lookups {
          let id = history - 1 - (index &* 7919) % windowSize
          if window[id: id] != nil { found &+= 1 }
        }
        blackHole(found)
      }
    }
  }

  return [
    Scenario(
      name: "window: load an older page, 20,000 in window",
      baselineName: "same with one page in the window",
      target: 1.5, unit: .nanoseconds,
      subject: loadOlder(windowSize: 20_000), baseline: loadOlder(windowSize: 50)),
    Scenario(
      name: "window: append a message, 20,000 in window",
      baselineName: "same with one page in the window",
      target: 1.5, unit: .nanoseconds,
      subject: append(windowSize: 20_000), baseline: append(windowSize: 50)),
    Scenario(
      name: "window: lookup by id, 20,000 in window",
      baselineName: "same with one page in the window",
      target: 1.5, unit: .nanoseconds,
      subject: lookup(windowSize: 20_000), baseline: lookup(windowSize: 50)),
  ]
}
