// Stand-in of SwiftUI's app, scene and animation API. Declarations only: see README.md.

// https://developer.apple.com/documentation/swiftui/app
@MainActor @preconcurrency public protocol App {
  associatedtype Body: Scene
  // https://developer.apple.com/documentation/swiftui/app/body-swift.property
  @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
  // https://developer.apple.com/documentation/swiftui/app/init()
  @MainActor @preconcurrency init()
}

extension App {
  // https://developer.apple.com/documentation/swiftui/app/main()
  @MainActor @preconcurrency public static func main() { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/scene
@MainActor @preconcurrency public protocol Scene {
  associatedtype Body: Scene
  @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: Scene {}

// https://developer.apple.com/documentation/swiftui/scenebuilder
@resultBuilder public struct SceneBuilder {
  public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

// https://developer.apple.com/documentation/swiftui/windowgroup
public struct WindowGroup<Content: View>: Scene {
  // https://developer.apple.com/documentation/swiftui/windowgroup/init(content:)
  public nonisolated init(@ViewBuilder content: () -> Content) { fatalError() }
  public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/animation
public struct Animation: Equatable, Sendable {
  // https://developer.apple.com/documentation/swiftui/animation/default
  public static let `default` = Animation()
}

// https://developer.apple.com/documentation/swiftui/withanimation(_:_:)
public func withAnimation<Result>(
  _ animation: Animation? = .default, _ body: () throws -> Result
) rethrows -> Result { try body() }

extension Scene {
  // https://developer.apple.com/documentation/swiftui/scene/onchange(of:initial:_:)
  // (the overloads this page groups include the one whose action takes the old and new values)
  public nonisolated func onChange<V: Equatable>(
    of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
  ) -> some Scene { ModifiedScene<Self>() }
}

/// A scene with a modifier applied (SwiftUI's is internal).
public struct ModifiedScene<Content: Scene>: Scene {
  public var body: Never { fatalError() }
}
