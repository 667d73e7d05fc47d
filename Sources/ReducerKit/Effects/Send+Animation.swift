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
