/// A step of a case key path: the cases reached so far from `Root`, ending at `Value`.
///
/// You never write this type. A key path literal whose root is a `Case` — `\.child`,
/// `\.child.delegate.saved`, `\.path[id: 0].detail` wherever a ``CaseKeyPath`` is expected —
/// walks the ``CasePathable/AllCasePaths`` of each enum it goes through, and each step
/// composes one more ``CasePath``. The key path is applied once, where a reducer or a test is
/// built (`CasePath(keyPath)`); actions then go through the resulting case path's two closures,
/// the same ones a static member such as `.child` gives.
@dynamicMemberLookup
public struct Case<Root, Value>: Sendable {
  /// The path from `Root` to `Value`.
  let path: CasePath<Root, Value>
  /// Whether this is the first step, where `Value` is `Root` and `path` the identity.
  let isRoot: Bool
  /// The cases' names so far (`child.delegate`), when naming was asked for at the root and
  /// every enum gone through named its case; `nil` otherwise.
  let name: String?

  init(path: CasePath<Root, Value>, isRoot: Bool = false, name: String? = nil) {
    self.path = path
    self.isRoot = isRoot
    self.name = name
  }

  /// The case path these steps compose.
  public var casePath: CasePath<Root, Value> { path }

  /// Appends `next`, a path from this step's value.
  func appending<Member>(_ next: CasePath<Value, Member>, named: String? = nil) -> Case<
    Root, Member
  > {
    let name = self.name.flatMap { sofar in named.map { sofar.isEmpty ? $0 : sofar + "." + $0 } }
    // NB: at the first step `Value` is `Root`: the path is `next` itself, with no identity
    // closure wrapped around it, so `\.child` costs per action what `.child` costs.
    if isRoot, let same = next as? CasePath<Root, Member> {
      return Case<Root, Member>(path: same, name: name)
    }
    return Case<Root, Member>(path: path.appending(path: next), name: name)
  }

  /// The case named `keyPath` of the enum reached so far: `\.child`, `\.child.delegate`.
  /// - Parameter keyPath: A property of the enum's ``CasePathable/AllCasePaths``.
  public subscript<Member>(
    dynamicMember keyPath: KeyPath<Value.AllCasePaths, CasePath<Value, Member>>
  ) -> Case<Root, Member> where Value: CasePathable {
    // NB: the name is looked up only when asked for (a message), never where a reducer is built.
    appending(
      Value.allCasePaths[keyPath: keyPath], named: name == nil ? nil : Value._caseName(of: keyPath))
  }
}

extension Case where Root == Value {
  /// The first step, from which a case key path is applied.
  static var root: Self { Self(path: .identity, isRoot: true) }

  /// The first step of a walk that also names the cases.
  static var namingRoot: Self { Self(path: .identity, isRoot: true, name: "") }
}

/// The cases `keyPath` goes through, as written (`\.child.delegate`), when every enum on the way
/// names its cases (the case-path plugin's do); `nil` otherwise.
package func caseKeyPathName<Root, Value>(_ keyPath: CaseKeyPath<Root, Value>) -> String? {
  Case<Root, Root>.namingRoot[keyPath: keyPath].name.flatMap { $0.isEmpty ? nil : "\\." + $0 }
}

extension CasePath {
  /// The path that embeds and extracts a value as itself.
  static var identity: CasePath<EnumRoot, EnumRoot> {
    CasePath<EnumRoot, EnumRoot>({ $0 }, extract: { $0 })
  }

  /// Resolves a case key path into the case path it names, once: `CasePath(\.child.delegate)`.
  ///
  /// Every API that takes a ``CaseKeyPath`` calls this where it is built, never per action.
  /// - Parameter keyPath: The case key path.
  public init(_ keyPath: CaseKeyPath<EnumRoot, CaseValue>) {
    self = Case<EnumRoot, EnumRoot>.root[keyPath: keyPath].casePath
  }
}

/// A key path through enum cases, as the best-known library spells it: `\.child`,
/// `\.destination.alert`, `\.path[id: 0].detail.delegate.saved`.
///
/// The enums it goes through are ``CasePathable`` (the case-path plugin writes their
/// ``CasePathable/AllCasePaths``); it steps over ``PresentationAction/presented(_:)`` by itself
/// (`\.destination.alert`), and through a stack's or a collection's element by id
/// (`\.path[id: 0]`, `\.rows[id: row.id]`).
public typealias CaseKeyPath<Root, Value> = KeyPath<Case<Root, Root>, Case<Root, Value>>

/// A case key path whose value type is not named: what `is(_:)` takes.
public typealias PartialCaseKeyPath<Root> = PartialKeyPath<Case<Root, Root>>

/// A step that can test a root for its case without naming the case's value.
protocol _CaseMatching<Root> {
  associatedtype Root
  func matches(_ root: Root) -> Bool
}

extension Case: _CaseMatching {
  func matches(_ root: Root) -> Bool { casePath.extract(root) != nil }
}

extension CasePathable {
  /// The key path root of this enum's cases: `\Feature.Action.Cases.child`.
  public typealias Cases = Case<Self, Self>

  /// The payload of the case `keyPath` names, or `nil` in another case; setting it replaces the
  /// payload only while the value is in that case.
  ///
  /// ```swift
  /// action[case: \.child]          // Child.Action?
  /// state[case: \.loaded]?.count += 1
  /// ```
  /// - Parameter keyPath: The case.
  public subscript<Value>(case keyPath: CaseKeyPath<Self, Value>) -> Value? {
    get { CasePath(keyPath).extract(self) }
    set {
      let path = CasePath(keyPath)
      guard let newValue, path.extract(self) != nil else { return }
      self = path.embed(newValue)
    }
  }

  /// Whether the value is in the case `keyPath` names (at any depth: `\.child.delegate`).
  /// - Parameter keyPath: The case.
  public func `is`(_ keyPath: PartialCaseKeyPath<Self>) -> Bool {
    let step = Case<Self, Self>.root[keyPath: keyPath]
    if let step = step as? any _CaseMatching<Self> { return step.matches(self) }
    // NB: `\.child` alone, where nothing asks for a `CaseKeyPath`, resolves to the plugin's case
    // key (see `_CaseKey`).
    if let key = step as? any _CaseKey<Self> { return key.matches(self) }
    return false
  }

  /// Changes the payload of the case `keyPath` names, in place.
  ///
  /// ```swift
  /// state.modify(\.loaded) { $0.count += 1 }
  /// ```
  ///
  /// A value in another case is left unchanged and reported as a warning (a test failure in
  /// tests), since the change the caller meant did not happen.
  /// - Parameters:
  ///   - keyPath: The case.
  ///   - body: Changes the payload.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  public mutating func modify<Value>(
    _ keyPath: CaseKeyPath<Self, Value>,
    _ body: (inout Value) -> Void,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let path = CasePath(keyPath)
    guard var value = path.extract(self) else {
      reportIssue(
        "modify(_:_:) found \(Self.self) in another case: \(self). Nothing was changed; check the "
          + "case before modifying it",
        at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
      return
    }
    body(&value)
    self = path.embed(value)
  }

  /// The payload of the case named after the member, for an enum declared
  /// `@dynamicMemberLookup`: `state.destination?.edit`, `action.child`.
  /// - Parameter keyPath: A property of ``AllCasePaths``.
  public subscript<Member>(
    dynamicMember keyPath: KeyPath<AllCasePaths, CasePath<Self, Member>>
  ) -> Member? {
    Self.allCasePaths[keyPath: keyPath].extract(self)
  }
}

extension Optional where Wrapped: CasePathable {
  /// The payload of the wrapped enum's case `keyPath`, or `nil` when the value is `nil` or in
  /// another case; setting it changes the value only while it is in that case.
  ///
  /// ```swift
  /// $0.destination[case: \.edit]?.title = "Draft"
  /// ```
  /// - Parameter keyPath: The case.
  public subscript<Value>(case keyPath: CaseKeyPath<Wrapped, Value>) -> Value? {
    get { self?[case: keyPath] }
    set { self?[case: keyPath] = newValue }
  }

  /// Whether the value is present and in the case `keyPath` names.
  /// - Parameter keyPath: The case.
  public func `is`(_ keyPath: PartialCaseKeyPath<Wrapped>) -> Bool {
    self?.is(keyPath) ?? false
  }

  /// Changes the payload of the wrapped enum's case `keyPath`, in place; a `nil` value or one in
  /// another case is left unchanged and reported as a warning (a test failure in tests).
  /// - Parameters:
  ///   - keyPath: The case.
  ///   - body: Changes the payload.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  public mutating func modify<Value>(
    _ keyPath: CaseKeyPath<Wrapped, Value>,
    _ body: (inout Value) -> Void,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    guard var wrapped = self else {
      reportIssue(
        "modify(_:_:) found nil: \(Wrapped.self) is not present. Nothing was changed",
        at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
      return
    }
    wrapped.modify(keyPath, body, fileID: fileID, filePath: filePath, line: line, column: column)
    self = wrapped
  }
}
