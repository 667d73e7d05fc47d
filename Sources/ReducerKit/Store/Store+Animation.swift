#if canImport(SwiftUI)
  import SwiftUI
#endif

extension Store {
  /// Sends an action, animating the changes it makes in SwiftUI views.
  ///
  /// ```swift
  /// store.send(.toggleTapped, animation: .default)
  /// ```
  ///
  /// On Apple platforms `animation` is SwiftUI's; elsewhere it is ReducerKit's ``Animation``
  /// stand-in and animates nothing, so that feature code shared with Apple platforms compiles.
  /// - Parameters:
  ///   - action: What happened.
  ///   - animation: The animation, or `nil` for none.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  /// - Returns: The effects started.
  @discardableResult
  public func send(
    _ action: Action,
    animation: Animation?,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> StoreTask {
    #if canImport(SwiftUI)
      withAnimation(animation) {
        send(action, fileID: fileID, filePath: filePath, line: line, column: column)
      }
    #else
      send(action, fileID: fileID, filePath: filePath, line: line, column: column)
    #endif
  }
}

#if !canImport(SwiftUI)
  /// An animation, named as SwiftUI names them, so that feature code shared with Apple platforms
  /// (`store.send(.tapped, animation: .default)`) compiles where there is no SwiftUI. Here it
  /// animates nothing.
  public struct Animation: Hashable, Sendable {
    /// The animation's name.
    public let name: String

    /// Creates an animation with a name.
    /// - Parameter name: The name.
    public init(name: String) { self.name = name }

    /// The platform's default animation.
    public static let `default` = Self(name: "default")
    /// Constant speed.
    public static let linear = Self(name: "linear")
    /// Slow at the start.
    public static let easeIn = Self(name: "easeIn")
    /// Slow at the end.
    public static let easeOut = Self(name: "easeOut")
    /// Slow at both ends.
    public static let easeInOut = Self(name: "easeInOut")
    /// A spring.
    public static let spring = Self(name: "spring")
    /// A spring that bounces.
    public static let bouncy = Self(name: "bouncy")
    /// A smooth spring.
    public static let smooth = Self(name: "smooth")
    /// A quick spring.
    public static let snappy = Self(name: "snappy")

    /// Constant speed over `duration` seconds.
    /// - Parameter duration: The duration in seconds.
    /// - Returns: The animation.
    public static func linear(duration: Double) -> Self { Self(name: "linear(\(duration))") }
    /// Slow at both ends, over `duration` seconds.
    /// - Parameter duration: The duration in seconds.
    /// - Returns: The animation.
    public static func easeInOut(duration: Double) -> Self {
      Self(name: "easeInOut(\(duration))")
    }
    /// Slow at the start, over `duration` seconds.
    /// - Parameter duration: The duration in seconds.
    /// - Returns: The animation.
    public static func easeIn(duration: Double) -> Self { Self(name: "easeIn(\(duration))") }
    /// Slow at the end, over `duration` seconds.
    /// - Parameter duration: The duration in seconds.
    /// - Returns: The animation.
    public static func easeOut(duration: Double) -> Self { Self(name: "easeOut(\(duration))") }
    /// A spring of the given response and damping.
    /// - Parameters:
    ///   - response: The time it takes to settle, in seconds.
    ///   - dampingFraction: How much it is damped, from 0 (forever) to 1 (no bounce).
    ///   - blendDuration: How long it blends with a previous animation.
    /// - Returns: The animation.
    public static func spring(
      response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0
    ) -> Self {
      Self(name: "spring(\(response), \(dampingFraction), \(blendDuration))")
    }
    /// A spring of the given stiffness and damping.
    /// - Parameters:
    ///   - stiffness: The spring's stiffness.
    ///   - damping: The spring's damping.
    /// - Returns: The animation.
    public static func interpolatingSpring(stiffness: Double, damping: Double) -> Self {
      Self(name: "interpolatingSpring(\(stiffness), \(damping))")
    }
  }
#endif

extension ButtonStateAction {
  /// Sends `action` in an animation, as the best-known library spells it:
  /// `ButtonState(action: .send(.confirm, animation: .default))`. The view animates the change
  /// (with SwiftUI's default animation on Apple platforms; ignored elsewhere).
  /// - Parameters:
  ///   - action: The action, or `nil` to only dismiss.
  ///   - animation: Any animation animates the change; `nil` does not.
  /// - Returns: The button action.
  public static func send(_ action: Action?, animation: Animation?) -> Self {
    .send(action, animated: animation != nil)
  }
}
