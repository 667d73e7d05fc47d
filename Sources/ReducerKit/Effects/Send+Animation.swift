#if canImport(SwiftUI)
  import SwiftUI
#endif

extension Send {
  /// Sends an action back into the store inside a SwiftUI animation, on Apple platforms.
  ///
  /// ```swift
  /// return .run { send in
  ///   await send(.loaded(items), animation: .default)
  /// }
  /// ```
  ///
  /// Elsewhere the animation is accepted and ignored, so that shared feature code compiles.
  /// - Parameters:
  ///   - action: The action.
  ///   - animation: The animation the changes it causes run in.
  @MainActor
  public func callAsFunction(_ action: Action, animation: Animation?) {
    #if canImport(SwiftUI)
      withAnimation(animation) { self(action) }
    #else
      self(action)
    #endif
  }
}

extension Effect {
  /// An effect that sends `action` back to the store, animating the changes it makes in SwiftUI
  /// views (on Apple platforms; elsewhere ``Animation`` animates nothing).
  ///
  /// ```swift
  /// case .deleteTapped:
  ///   return .send(.delete, animation: .default)
  /// ```
  ///
  /// Unlike ``send(_:)`` the action arrives from a short-lived effect, on every platform alike,
  /// since the animation must wrap its delivery; a test store receives it as usual.
  /// - Parameters:
  ///   - action: The action to send.
  ///   - animation: The animation, or `nil` for none.
  /// - Returns: The effect.
  public static func send(_ action: Action, animation: Animation?) -> Self
  where Action: Sendable {
    .run { send in await send(action, animation: animation) }
  }
}
