// Enums of the shapes real features declare, marked for the case-path plugin. Each is a reduced
// shape written for this test (not copied from any library): the generated code must compile,
// and `ShapesTests` round-trips a value through every generated path.
import Foundation
import ReducerKit

/// Cases without a payload, with one, labelled, several, defaults, and a backticked name.
enum Plain: CasePathable, Equatable {
  case onAppear
  case counter(Int)
  case element(id: Int)
  case load(id: Int, force: Bool = false)
  case pair(String, [Int: String])
  case `default`
  case closure(@Sendable (Int) -> Int)
  case tupled((Int, Int))
  indirect case nested(Plain)
  case a
  case b(Double)
  case c(url: URL)

  static func == (lhs: Plain, rhs: Plain) -> Bool {
    String(describing: lhs) == String(describing: rhs)
  }
}

/// Nested in a type and an extension, with types resolved only from where the enum is written.
struct Feature {
  struct State: Equatable { var count = 0 }
  enum Row: Equatable { case toggle }
}

extension Feature {
  /// Generic arguments with commas, a dictionary, a function type, attributes and comments.
  // swift-format-ignore: NoBlockComments
  enum Action: CasePathable, Equatable, /* a comment with a } brace */ Sendable {
    // case commented(Int)
    /* case blockCommented(Int) */
    case rows(IdentifiedAction<Int, Row>)
    case response(Result<[String: Int], Failure>)
    @available(*, deprecated, message: "use rows")
    case legacy(Row)
    case note(String = "a \"quoted\" ) string with a comma, and a brace }")
    #if DEBUG
      case debugOnly(Int)
    #else
      case releaseOnly(Int)
    #endif
    case child(Child)

    enum Child: CasePathable, Equatable, Sendable {
      case tap
      case text(String)
    }
    struct Failure: Error, Equatable {}

    func unrelated() -> Int {
      switch self {
      case .rows: 1
      default: 0
      }
    }
  }
}

/// Generic over its payload, and nested in a generic type.
enum Loadable<Value: Equatable & Sendable>: CasePathable, Equatable, Sendable {
  case idle
  case loaded(Value)
  case failed(message: String, retries: [Value])
}

struct Picker<Item: Hashable & Sendable> {
  enum Action: CasePathable, Equatable, Sendable {
    case select(Set<Item>)
    case clear
  }
}

/// Nested, through an extension, in a generic type.
struct Box<Content: Equatable & Sendable> {}
extension Box {
  enum Action: CasePathable, Equatable, Sendable {
    case put(Content)
  }
}

/// Marked through an extension rather than its declaration.
enum LateMarked: Equatable {
  case one(Int)
}
extension LateMarked: CasePathable {}

/// A hand-written case path replaces the generated one of that name.
enum HandWritten: CasePathable, Equatable {
  case kept(Int)
  case generated(Int)
}
extension CasePath<HandWritten, Int> {
  static var kept: Self {
    CasePath(
      { HandWritten.kept($0 * 10) },
      extract: { if case .kept(let value) = $0 { value / 10 } else { nil } })
  }
}

/// A `BindableAction` enum gets its `binding` property.
struct Form: Reducer {
  struct State: Equatable { var name = "" }
  enum Action: BindableAction, CasePathable, Equatable {
    case binding(BindingAction<State>)
    case submit
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
  }
}

/// A public enum gets public case paths.
public enum PublicAction: CasePathable, Equatable, Sendable {
  case go(Int)
}

/// Valid Swift 6 the generator once misread: a regex literal with braces and slashes, raw values
/// with exponents, a trailing comma in a payload.
enum Measure: Double, CasePathable {
  case tiny = 1e-5
  case big = 2E+3
  case hex = 0x1p-2
  case plain = 1
}

/// Regex literals with braces, brackets and slashes, before and after marked enums.
func measureSeparators() -> [Regex<Substring>] { [/[{(\/]+/, #/ \} \) /#] }

enum Reading: CasePathable, Equatable {
  case value(Double, unit: String, )
  case pattern(String = "/")
}

/// A type named like its module: `CasePathShapesTests.Action` names its `Action`.
struct CasePathShapesTests: Reducer {
  struct State: Equatable { var count = 0 }
  enum Action: Equatable { case add(Int) }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .add(let amount): state.count += amount
      }
      return .none
    }
  }
}

/// Backticked names (a type named like a keyword, a case named like one) and a case named like a
/// type of this module: the generated code must name each of them as written.
enum `Type`: CasePathable, Equatable {
  case `Type`(Int)
  case `default`
  // swift-format-ignore: AlwaysUseLowerCamelCase
  case Settings(String)
}

/// A type whose name a case of `Route` shares.
struct Settings: Equatable { var volume = 0 }

enum Route: CasePathable, Equatable {
  // swift-format-ignore: AlwaysUseLowerCamelCase
  case Settings(Settings)
  case settings
  case other
}
