import CasePathGeneration
import Testing

struct DeclarationParserTests {
  func enums(_ source: String) throws -> [TypeDeclaration] {
    try parseDeclarations(source).types.filter { $0.kind == .enum }
  }

  @Test func casesOfEveryPayloadShapeAreRead() throws {
    let action = try #require(
      enums(
        """
        enum Action {
          case onAppear, tapped
          case counter(Counter.Action)
          case load(id: Int, name: String = "a, b)", _ force: Bool = true)
          case response(Result<[String: Int], any Error>)
          case map([Int: (String, Int)])
          case callback(@Sendable (Int) async throws -> Void)
          indirect case nested(Action)
          case `default` = 3
        }
        """
      ).first)
    #expect(
      action.cases.map(\.name) == [
        "onAppear", "tapped", "counter", "load", "response", "map", "callback", "nested",
        "`default`",
      ])
    #expect(action.cases[2].parameters == [CaseParameter(label: nil, type: "Counter.Action")])
    #expect(
      action.cases[3].parameters == [
        CaseParameter(label: "id", type: "Int"),
        CaseParameter(label: "name", type: "String", defaultValue: #""a, b)""#),
        CaseParameter(label: nil, type: "Bool", defaultValue: "true"),
      ])
    #expect(action.cases[4].parameters.map(\.type) == ["Result<[String: Int], any Error>"])
    #expect(action.cases[5].parameters.map(\.type) == ["[Int: (String, Int)]"])
    #expect(action.cases[6].parameters.map(\.type) == ["@Sendable (Int) async throws -> Void"])
    #expect(action.cases.map(\.line) == [2, 2, 3, 4, 5, 6, 7, 8, 9])
  }

  @Test func nestingAccessAndInheritanceAreRead() throws {
    let types = try parseDeclarations(
      """
      public struct Feature<Item>: Reducer {
        @ObservableState
        public struct State: Equatable { var items: [Item] = [] }
        public enum Action: CasePathable, Equatable { case a }
        var body: some ReducerOf<Self> {
          Reduce { state, action in
            enum Local: CasePathable { case hidden }
            switch action { case .a: return .none }
          }
        }
      }
      public extension Feature.State {
        enum Mode: Sendable { case on }
      }
      private enum Private: CasePathable where Self: Sendable { case x }
      """
    ).types
    #expect(
      types.map(\.qualifiedName) == [
        "Feature", "Feature.State", "Feature.Action", "Feature.State", "Feature.State.Mode",
        "Private",
      ])
    #expect(types[2].access == .public)
    #expect(types[2].isGeneric)
    #expect(types[2].inherited == ["CasePathable", "Equatable"])
    #expect(types[4].access == .public)
    #expect(types[4].isGeneric == false)
    #expect(types[5].access == .private)
    #expect(types[5].whereClause == "Self:Sendable")
  }

  @Test func conditionalCasesKeepTheirConditions() throws {
    let action = try #require(
      enums(
        """
        #if canImport(UIKit)
        enum Action {
          case always
          #if DEBUG
            case debug
          #elseif os(Linux)
            case linux
          #else
            case other
          #endif
        }
        #endif
        """
      ).first)
    #expect(action.conditions == ["(canImport(UIKit))"])
    #expect(
      action.cases.map(\.conditions) == [
        [], ["(DEBUG)"], ["!(DEBUG) && (os(Linux))"], ["!(DEBUG) && !(os(Linux))"],
      ])
  }

  @Test func membersOfExtensionsAreNamed() throws {
    let types = try parseDeclarations(
      """
      extension CasePath<Feature.Action, Int> {
        static var count: Self { fatalError() }
        static let other = 1
      }
      extension Feature.Action {
        var binding: BindingAction<Feature.State>? { nil }
        func helper() {}
      }
      """
    ).types
    #expect(types[0].writtenType == "CasePath<Feature.Action,Int>")
    #expect(types[0].staticMembers == ["count", "other"])
    #expect(types[1].instanceMembers == ["binding"])
  }

  @Test func aCaseWithoutANameOrAnUnclosedBodyIsAnErrorAtItsLine() {
    #expect(throws: SourceError(line: 2, message: "a case of `Action` has no name")) {
      try parseDeclarations("enum Action {\n  case (Int)\n}")
    }
    #expect(throws: SourceError(line: 1, message: "`Action` is not closed: a `}` is missing")) {
      try parseDeclarations("enum Action {\n  case a(Int)\n")
    }
    #expect(throws: SourceError(line: 2, message: "a case's `(` of `Action` is not closed")) {
      try parseDeclarations("enum Action {\n  case a(Int")
    }
  }

  @Test func storedPropertiesAreReadWithTheirTypesAndInitialValues() throws {
    let declarations = try parseDeclarations(
      """
      struct Client {
        var fetch: @Sendable (
          _ id: Int
        ) async throws -> String?
        var count: () -> Int = {
          0
        }
        let name = "a, b"
        var computed: Int { 1 }
        var observed: Int {
          get { 1 }
          set {}
        }
        @available(*, deprecated) var old: Int?
        var chained: Int = 1
          + 2
        var stream: @Sendable () async ->
          AsyncThrowingStream<
            Int, any Error
          > = { .finished() }
        init() {}
      }
      """)
    let client = try #require(declarations.types.first)
    #expect(
      client.storedProperties.map { [$0.name, $0.type, $0.defaultValue ?? "-"] } == [
        ["fetch", "@Sendable (_ id: Int) async throws -> String?", "-"],
        ["count", "() -> Int", "{ 0 }"],
        ["old", "Int?", "-"],
        ["chained", "Int", "1 + 2"],
        ["stream", "@Sendable () async -> AsyncThrowingStream<Int, any Error>", "{ .finished() }"],
      ])
    #expect(client.storedProperties.map(\.line) == [2, 5, 14, 15, 17])
    #expect(client.declaresInit)
    // A `let` with an inferred type has no written type: it is not listed, only named.
    #expect(client.instanceMembers.contains("name"))
  }
}
