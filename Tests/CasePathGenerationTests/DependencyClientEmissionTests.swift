import CasePathGeneration
import Testing

/// The `init()` written for a `DependencyClient`, and the endpoints it cannot make, reported at
/// their lines.
struct DependencyClientEmissionTests {
  func generate(_ text: String) throws(GenerationErrors) -> String {
    try generateCasePaths(
      for: [SourceFile(path: "/src/App/Client.swift", text: text)], module: "App")
  }

  func errors(_ text: String) -> [String] {
    do {
      _ = try generate(text)
      return []
    } catch {
      return error.errors.map(\.description)
    }
  }

  @Test func eachEndpointShapeGetsItsUnimplementedBody() throws {
    let text = try generate(
      """
      struct Client: DependencyClient {
        var load: @Sendable (_ id: Int, String) async throws(LoadError) -> Data
        var log: @MainActor @Sendable () -> ()
        var find: @Sendable ([Int: String]) -> Int?
        var count: @Sendable () -> Int = {
          0
        }
        var label = "x"
      }
      """)
    #expect(
      text.contains(
        """
              load: { p0, p1 in
                throw ReducerKit._unimplementedEndpoint("Client.load", fileID: "App/Client.swift", \
        filePath: "/src/App/Client.swift", line: 2)
              },
        """))
    #expect(
      text.contains("      log: {\n        _ = ReducerKit._unimplementedEndpoint(\"Client.log\""))
    #expect(text.contains("line: 4)\n        return nil\n"))
    #expect(text.contains("let countOriginal: @Sendable () -> Int = { 0 }"))
    #expect(text.contains("        return countOriginal()\n"))
    // The memberwise initializer makes the client; a property with a value keeps it.
    #expect(text.contains("    self.init(\n      load:"))
    #expect(!text.contains("label:"))
  }

  @Test func whatTheInitCannotMakeFailsAtItsLine() {
    #expect(
      errors("struct C: DependencyClient {\n  var a: @Sendable () -> Int\n  var b: Int\n}") == [
        "/src/App/Client.swift:2: error: `a` of `C` returns `Int` and cannot throw: give it an "
          + "initial value (`= { … }`), what an unimplemented call returns",
        "/src/App/Client.swift:3: error: `b` of `C` is not a closure and has no initial value: "
          + "give it one, so that `init()` can make the client",
      ])
    #expect(
      errors("struct C: DependencyClient {\n  var a: () -> Void\n  init() { a = {} }\n}") == [
        "/src/App/Client.swift:1: error: `C` declares an initializer: the plugin's `init()` would "
          + "clash with it. Remove `DependencyClient`, or the initializer"
      ])
    #expect(
      errors("enum C: DependencyClient { case a }") == [
        "/src/App/Client.swift:1: error: `C` is an enum: only a struct of endpoints can be a "
          + "`DependencyClient`"
      ])
  }

  @Test func aClientWhoseEveryEndpointHasAValueKeepsSwiftsOwnInit() throws {
    let text = try generate(
      """
      struct Speech: DependencyClient {
        var status: @Sendable () -> Int = { 0 }
        var handler: (@Sendable () -> Void)?
      }
      """)
    #expect(!text.contains("init()"))
  }

  @Test func endpointsWithNamedParametersGetMethodsThatNameThem() throws {
    let text = try generate(
      """
      public struct Auth: DependencyClient {
        public var login: @Sendable (_ email: String, _ password: String) async throws -> Token
        public var ping: @Sendable (Int) -> Void
        public var logout: @Sendable (_ reason: String) -> Void = { _ in }
      }
      """)
    #expect(
      text.contains(
        """
          /// Calls `login` with its arguments named.
          public func login(email: String, password: String) async throws -> Token {
            try await self[keyPath: \\Auth.login](email, password)
          }
        """))
    #expect(
      text.contains(
        "public func logout(reason: String) {\n    self[keyPath: \\Auth.logout](reason)\n  }"))
    // An endpoint whose parameters have no names gets none.
    #expect(!text.contains("func ping("))
  }
}
