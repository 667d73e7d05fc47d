/// An access level, ordered from the least to the most visible.
public enum AccessLevel: Int, Comparable, Sendable {
  /// `private`.
  case `private`
  /// `fileprivate`.
  case `fileprivate`
  /// `internal`, written or not.
  case `internal`
  /// `package`.
  case `package`
  /// `public` or `open`.
  case `public`

  init?(keyword: String) {
    switch keyword {
    case "private": self = .private
    case "fileprivate": self = .fileprivate
    case "internal": self = .internal
    case "package": self = .package
    case "public", "open": self = .public
    default: return nil
    }
  }

  /// The modifier to write on a generated member, with a trailing space (none for internal).
  var modifier: String {
    switch self {
    case .public: "public "
    case .package: "package "
    case .internal, .fileprivate, .private: ""
    }
  }

  /// Whether `lhs` is less visible than `rhs`.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One value of an enum case's payload: `id: Int` or `Int`.
public struct CaseParameter: Equatable, Sendable {
  /// The label, or `nil` for none (or `_`).
  public var label: String?
  /// The type as written, spaces normalized.
  public var type: String
  /// The default value as written (`Counter(step: 2)` in `case counter(Counter = Counter(step:
  /// 2))`), or `nil` for none.
  public var defaultValue: String?

  /// Creates a parameter.
  public init(label: String?, type: String, defaultValue: String? = nil) {
    self.label = label
    self.type = type
    self.defaultValue = defaultValue
  }
}

/// One case of an enum: `case load(id: Int, name: String)`.
public struct EnumCaseDeclaration: Equatable, Sendable {
  /// The name, backticks kept (`` `default` ``).
  public var name: String
  /// The payload; empty for a case without one.
  public var parameters: [CaseParameter]
  /// The line of the case.
  public var line: Int
  /// The `#if` conditions around the case inside the enum's body, outermost first.
  public var conditions: [String]
  /// Its `@available` attributes, as written: the generated case path repeats them.
  public var availability: [String] = []
}

/// A type declaration (`enum`, `struct`, `class`, `actor`, `protocol`) or an extension.
public struct TypeDeclaration: Equatable, Sendable {
  /// What kind of declaration it is.
  public enum Kind: String, Sendable {
    case `enum`, `struct`, `class`, `actor`, `protocol`, `extension`
  }

  /// What kind of declaration it is.
  public var kind: Kind
  /// The name as reached from file scope: `Articles.Destination.State` (for an extension, the
  /// extended type as written, without generic arguments).
  public var qualifiedName: String
  /// The extended type with its generic arguments, spaces removed (`CasePath<A,B>`); the name for
  /// other kinds.
  public var writtenType: String
  /// The access written on it, or given by an enclosing extension's modifier.
  public var access: AccessLevel?
  /// Whether it, or a type it is nested in, has generic parameters.
  public var isGeneric: Bool
  /// The inheritance clause's entries, spaces removed.
  public var inherited: [String]
  /// The `where` clause, spaces removed (empty without one).
  public var whereClause: String
  /// An enum's cases.
  public var cases: [EnumCaseDeclaration]
  /// Names of `static var`/`static let`/`static func` members.
  public var staticMembers: Set<String>
  /// Names of instance `var`/`let` members.
  public var instanceMembers: Set<String>
  /// The stored instance properties written with a type (`var fetch: @Sendable () -> Int`), in
  /// source order; computed ones are left out.
  public var storedProperties: [StoredProperty] = []
  /// Whether the body declares an initializer.
  public var declaresInit = false
  /// The `#if` conditions around the declaration, outermost first.
  public var conditions: [String]
  /// The line of the declaration's keyword.
  public var line: Int
}

/// What a source file declares that the generator needs.
public struct SourceDeclarations: Equatable, Sendable {
  /// Every type declaration and extension, nested ones included, in source order.
  public var types: [TypeDeclaration] = []
  /// The modules the file imports.
  public var imports: [String] = []
  /// The `#if` conditions around an import that has them (`import Combine` inside `#if
  /// canImport(Combine)`), by module.
  public var importConditions: [String: [String]] = [:]
  /// Marked types the file declares where no other file can reach them (inside a function or a
  /// closure): the generator reports them, since it cannot write their code.
  public var unreachable: [UnreachableDeclaration] = []
}

/// A marked type declared inside a function body or a closure: `func f() { enum A: CasePathable
/// { … } }`.
public struct UnreachableDeclaration: Equatable, Sendable {
  /// Its name.
  public var name: String
  /// The marker it conforms to.
  public var marker: String
  /// The line of its keyword.
  public var line: Int
}

/// A stored property with its written type: `var fetch: @Sendable (Int) async throws -> String`.
public struct StoredProperty: Equatable, Sendable {
  /// The name.
  public var name: String
  /// The type as written, spaces normalized.
  public var type: String
  /// The initial value as written, or `nil` for none.
  public var defaultValue: String?
  /// Whether it is a `let`.
  public var isLet: Bool
  /// The line of its name.
  public var line: Int
}
