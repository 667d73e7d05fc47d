import ReducerKit

/// What an anti-flicker display shows: the current value, the last value held while the new one
/// loads, or a placeholder once that took too long.
///
/// Maintained by `holdingLastValue(of:in:placeholderAfter:timeoutAction:)`.
public enum HeldValue<Value> {
  /// Nothing to show: show a placeholder.
  case placeholder
  /// The value for the current selection.
  case current(Value)
  /// The last value, kept on screen while the current selection's value loads.
  case held(Value)

  /// The value to draw, or `nil` for a placeholder.
  public var value: Value? {
    switch self {
    case .placeholder: nil
    case .current(let value), .held(let value): value
    }
  }

  /// Whether the value shown belongs to a previous selection.
  public var isStale: Bool {
    if case .held = self { return true }
    return false
  }
}

extension HeldValue: Equatable where Value: Equatable {}
extension HeldValue: Hashable where Value: Hashable {}
extension HeldValue: Sendable where Value: Sendable {}

extension Reducer {
  /// Keeps showing the last value while the value for a new selection loads, and falls back to
  /// a placeholder only if loading takes longer than `timeout`.
  ///
  /// Switching from 2024 to 2023 before 2023 is loaded keeps 2024's figures on screen (no
  /// flash of placeholder); if 2023 takes more than `timeout`, the placeholder shows; the moment
  /// 2023 arrives it shows, and the timeout is cancelled.
  ///
  /// ```swift
  /// Reduce { state, action in … }   // sets state.recap = state.recaps[state.year] (nil until loaded)
  ///   .holdingLastValue(of: \.recap, in: \.display, placeholderAfter: .seconds(1),
  ///                     timeoutAction: .displayTimedOut)
  /// ```
  /// - Parameters:
  ///   - source: The value for the current selection; `nil` while it loads.
  ///   - display: Where the value to draw is kept.
  ///   - timeout: How long to hold the old value before showing the placeholder.
  ///   - timeoutAction: An action of this feature (that it ignores) used to deliver the timeout.
  /// - Returns: The reducer.
  public func holdingLastValue<Value: Equatable>(
    of source: @escaping (State) -> Value?,
    in display: WritableKeyPath<State, HeldValue<Value>>,
    placeholderAfter timeout: Duration,
    timeoutAction: Action
  ) -> _HoldLastValue<Self, Value> where Action: Equatable & Sendable {
    _HoldLastValue(
      base: self, source: source, display: display, timeout: timeout,
      timeoutAction: timeoutAction)
  }
}

/// The reducer returned by `holdingLastValue(of:in:placeholderAfter:timeoutAction:)`.
public struct _HoldLastValue<Base: Reducer, Value: Equatable>: Reducer
where Base.Action: Equatable & Sendable {
  let base: Base
  let source: (Base.State) -> Value?
  let display: WritableKeyPath<Base.State, HeldValue<Value>>
  let timeout: Duration
  let timeoutAction: Base.Action

  @Dependency(\.continuousClock) var clock

  /// Runs the base reducer, then updates the display.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let effect = base.reduce(into: &state, action: action)
    let id = HoldTimeoutID(display: display)
    if action == timeoutAction {
      if case .held = state[keyPath: display] { state[keyPath: display] = .placeholder }
      return effect
    }
    if let value = source(state) {
      let wasHeld = state[keyPath: display].isStale
      if state[keyPath: display] != .current(value) { state[keyPath: display] = .current(value) }
      return wasHeld ? effect.merge(with: .cancel(id: id)) : effect
    }
    switch state[keyPath: display] {
    case .current(let last):
      state[keyPath: display] = .held(last)
      let (clock, timeout, timeoutAction) = (self.clock, self.timeout, self.timeoutAction)
      return effect.merge(
        with: .run { send in
          try await clock.sleep(for: timeout)
          await send(timeoutAction)
        }
        .cancellable(id: id, cancelInFlight: true))
    case .held, .placeholder:
      return effect
    }
  }
}

/// The cancellation id of a hold's timeout. Like every id it is per feature instance; the key
/// path tells apart two held displays of one instance.
///
/// NB: `@unchecked Sendable`: key paths are immutable.
struct HoldTimeoutID: Hashable, @unchecked Sendable {
  let display: AnyKeyPath
}
