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

typealias ClosureDeep1 = ClosureNest<Counter>
typealias ClosureDeep2 = ClosureNest<ClosureDeep1>
typealias ClosureDeep3 = ClosureNest<ClosureDeep2>
typealias ClosureDeep4 = ClosureNest<ClosureDeep3>
typealias ClosureDeep5 = ClosureNest<ClosureDeep4>
typealias ClosureDeep6 = ClosureNest<ClosureDeep5>
typealias ClosureDeep7 = ClosureNest<ClosureDeep6>
typealias ClosureDeep8 = ClosureNest<ClosureDeep7>
typealias ClosureDeep9 = ClosureNest<ClosureDeep8>
typealias ClosureDeep10 = ClosureNest<ClosureDeep9>

typealias Hand1 = HandNest<Counter>
typealias Hand2 = HandNest<Hand1>
typealias Hand3 = HandNest<Hand2>
typealias Hand4 = HandNest<Hand3>
typealias Hand5 = HandNest<Hand4>
typealias Hand6 = HandNest<Hand5>
typealias Hand7 = HandNest<Hand6>
typealias Hand8 = HandNest<Hand7>
typealias Hand9 = HandNest<Hand8>
typealias Hand10 = HandNest<Hand9>

/// An action ten `Scope`s deep (written `action: \.child`, as the best-known library spells it)
/// against the same ten levels written by hand in the same kind of store (so that the ratio is
/// what `Scope` costs, not what a store costs: "Store.send counter" measures that); the same ten
/// levels through hand-written case paths (closures, no target); and (growth, no target) the
/// ten levels against one `Scope` deep.
@MainActor
func scopeScenarios(scale: Int) -> [Scenario] {
  let operations = 1_000_000 / scale
  let action = Deep10.Action.child(
    .child(.child(.child(.child(.child(.child(.child(.child(.child(.increment))))))))))
  let tenScopes = Workload(operations: operations) {
    let reducer = Deep10 {
      Deep9 {
        Deep8 {
          Deep7 { Deep6 { Deep5 { Deep4 { Deep3 { Deep2 { Deep1 { Counter() } } } } } } }
        }
      }
    }
    let store = Store(initialState: deepState()) { reducer }
    return {
      for _ in 0..<operations { store.send(action) }
      blackHole(store.state)
    }
  }
  return [
    Scenario(
      name: "action 10 Scopes deep",
      baselineName: "10 nested reducers by hand, in a Store",
      target: 3, unit: .nanoseconds,
      subject: tenScopes,
      baseline: handTen(operations: operations),
      instructions: true
    ),
    Scenario(
      name: "action 10 Scopes deep, closure case paths",
      baselineName: "10 nested reducers by hand, in a Store",
      target: nil, unit: .nanoseconds,
      subject: Workload(operations: operations) {
        let reducer = ClosureDeep10 {
          ClosureDeep9 {
            ClosureDeep8 {
              ClosureDeep7 {
                ClosureDeep6 {
                  ClosureDeep5 {
                    ClosureDeep4 {
                      ClosureDeep3 { ClosureDeep2 { ClosureDeep1 { Counter() } } }
                    }
                  }
                }
              }
            }
          }
        }
        let store = Store(initialState: closureDeepState()) { reducer }
        let action = ClosureDeep10.Action.child(
          .child(.child(.child(.child(.child(.child(.child(.child(.child(.increment))))))))))
        return {
          for _ in 0..<operations { store.send(action) }
          blackHole(store.state)
        }
      },
      baseline: handTen(operations: operations),
      instructions: true
    ),
    Scenario(
      name: "action 10 Scopes deep ",
      baselineName: "1 Scope deep (growth)",
      target: nil, unit: .nanoseconds,
      subject: tenScopes,
      baseline: Workload(operations: operations) {
        let store = Store(initialState: Deep1.State(child: Counter.State())) { Deep1 { Counter() } }
        return {
          for _ in 0..<operations { store.send(.child(.increment)) }
          blackHole(store.state)
        }
      }
    ),
  ]
}

/// Ten levels of state around a counter (the same value for `Nest` and `HandNest`).
private func deepState() -> Deep10.State {
  let s1 = Deep1.State(child: Counter.State())
  let s2 = Deep2.State(child: s1)
  let s3 = Deep3.State(child: s2)
  let s4 = Deep4.State(child: s3)
  let s5 = Deep5.State(child: s4)
  let s6 = Deep6.State(child: s5)
  let s7 = Deep7.State(child: s6)
  let s8 = Deep8.State(child: s7)
  let s9 = Deep9.State(child: s8)
  return Deep10.State(child: s9)
}

/// The floor: ten nested reducers written by hand, in a store.
@MainActor
private func handTen(operations: Int) -> Workload {
  Workload(operations: operations) {
    let reducer = HandNest(
      child: HandNest(
        child: HandNest(
          child: HandNest(
            child: HandNest(
              child: HandNest(
                child: HandNest(
                  child: HandNest(child: HandNest(child: HandNest(child: Counter())))))))))
    )
    let state = Hand10.State(
      child: .init(
        child: .init(
          child: .init(
            child: .init(
              child: .init(
                child: .init(
                  child: .init(
                    child: .init(child: .init(child: Counter.State())))))))))
    )
    let store = Store(initialState: state) { reducer }
    let handAction = Hand10.Action.child(
      .child(.child(.child(.child(.child(.child(.child(.child(.child(.increment))))))))))
    return {
      for _ in 0..<operations { store.send(handAction) }
      blackHole(store.state)
    }
  }
}

/// Ten levels of state around a counter, for `ClosureNest`.
private func closureDeepState() -> ClosureDeep10.State {
  let s1 = ClosureDeep1.State(child: Counter.State())
  let s2 = ClosureDeep2.State(child: s1)
  let s3 = ClosureDeep3.State(child: s2)
  let s4 = ClosureDeep4.State(child: s3)
  let s5 = ClosureDeep5.State(child: s4)
  let s6 = ClosureDeep6.State(child: s5)
  let s7 = ClosureDeep7.State(child: s6)
  let s8 = ClosureDeep8.State(child: s7)
  let s9 = ClosureDeep9.State(child: s8)
  return ClosureDeep10.State(child: s9)
}
