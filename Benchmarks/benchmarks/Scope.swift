import ReducerKit

typealias Deep1 = Nest<Counter>
typealias Deep2 = Nest<Deep1>
typealias Deep3 = Nest<Deep2>
typealias Deep4 = Nest<Deep3>
typealias Deep5 = Nest<Deep4>
typealias Deep6 = Nest<Deep5>
typealias Deep7 = Nest<Deep6>
typealias Deep8 = Nest<Deep7>
typealias Deep9 = Nest<Deep8>
typealias Deep10 = Nest<Deep9>

/// An action ten `Scope`s deep against one `Scope` deep.
@MainActor
func scopeScenarios(scale: Int) -> [Scenario] {
  let operations = 1_000_000 / scale
  return [
    Scenario(
      name: "action 10 Scopes deep",
      baselineName: "1 Scope deep",
      target: 3, unit: .nanoseconds,
      subject: Workload(operations: operations) {
        let reducer = Deep10 {
          Deep9 {
            Deep8 {
              Deep7 { Deep6 { Deep5 { Deep4 { Deep3 { Deep2 { Deep1 { Counter() } } } } } } }
            }
          }
        }
        let s1 = Deep1.State(child: Counter.State())
        let s2 = Deep2.State(child: s1)
        let s3 = Deep3.State(child: s2)
        let s4 = Deep4.State(child: s3)
        let s5 = Deep5.State(child: s4)
        let s6 = Deep6.State(child: s5)
        let s7 = Deep7.State(child: s6)
        let s8 = Deep8.State(child: s7)
        let s9 = Deep9.State(child: s8)
        let state = Deep10.State(child: s9)
        let store = Store(initialState: state) { reducer }
        let action = Deep10.Action.child(
          .child(.child(.child(.child(.child(.child(.child(.child(.child(.increment))))))))))
        return {
          for _ in 0..<operations { store.send(action) }
          blackHole(store.state)
        }
      },
      baseline: Workload(operations: operations) {
        let store = Store(initialState: Deep1.State(child: Counter.State())) { Deep1 { Counter() } }
        return {
          for _ in 0..<operations { store.send(.child(.increment)) }
          blackHole(store.state)
        }
      }
    )
  ]
}
