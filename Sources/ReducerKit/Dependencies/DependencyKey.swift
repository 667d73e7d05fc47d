/// A key for a dependency in ``DependencyValues``, with its live and test values.
///
/// Declare a key and a computed property on `DependencyValues`, once per dependency:
///
/// ```swift
/// struct ArticlesClient: Sendable {
///   var fetch: @Sendable () async throws -> [Article]
/// }
///
/// extension ArticlesClient: DependencyKey {
///   static let liveValue = ArticlesClient(fetch: { try await api.articles() })
///   static let testValue = ArticlesClient(fetch: unimplemented("ArticlesClient.fetch"))
/// }
///
/// extension DependencyValues {
///   var articlesClient: ArticlesClient {
///     get { self[ArticlesClient.self] }
///     set { self[ArticlesClient.self] = newValue }
///   }
/// }
/// ```
///
/// Stores run with the live value; test stores with the test value. A key that gives no test
/// value fails the test that touches it, naming the key, so that no test does real work by
/// accident. Values are not cached: declare `liveValue` with `static let` when it must be a
/// single shared instance.
public protocol DependencyKey<Value>: TestDependencyKey where Value == LiveValue {
  // NB: a type of its own, equal to `Value`, so that Swift infers `Value` from `liveValue`
  // alone (it does not look through a refined protocol's requirement otherwise).
  /// The type of ``liveValue``: the dependency's type.
  associatedtype LiveValue: Sendable
  /// The value used when the app runs.
  static var liveValue: LiveValue { get }
}

/// A key with the values of tests and previews only, for an interface module; the module that
/// implements the dependency adds the live value with a ``DependencyKey`` conformance:
///
/// ```swift
/// // AuthenticationClient (the interface)
/// extension AuthenticationClient: TestDependencyKey {
///   static let testValue = AuthenticationClient()
/// }
/// // AuthenticationClientLive (linked by the app)
/// extension AuthenticationClient: DependencyKey {
///   static let liveValue = AuthenticationClient(login: { … })
/// }
/// ```
///
/// A store running live values that reads a key whose live conformance is not linked reports it
/// and uses the test value.
public protocol TestDependencyKey<Value> {
  /// The type of the dependency.
  associatedtype Value: Sendable
  /// The value used in SwiftUI previews and placeholders. Defaults to ``DependencyKey/liveValue`` for a
  /// ``DependencyKey``, to ``testValue`` otherwise.
  static var previewValue: Value { get }
  /// The value used by test stores. For a ``DependencyKey`` its default reports a test failure
  /// naming the key and then returns ``DependencyKey/liveValue``; give every dependency that does
  /// I/O an explicit test value.
  static var testValue: Value { get }
}

extension TestDependencyKey {
  /// The test value.
  public static var previewValue: Value { testValue }
}

extension DependencyKey {
  /// The live value.
  public static var previewValue: Value { liveValue }

  /// Reports that a test touched this dependency without overriding it, then returns the live
  /// value. A read while dependencies are being set (`$0.client.fetch = { … }` reads `client`
  /// first) is not a use, and reports nothing.
  public static var testValue: Value {
    guard !DependencyValues.isSetting else { return liveValue }
    reportDependencyIssue(
      """
      A test used the dependency \(Self.self), which has no test value and was not overridden.

      Override it for this test in the test store's `withDependencies:` closure \
      (`TestStore(initialState: …) { Feature() } withDependencies: { $0.yourDependency = … }`), \
      or give \
      \(Self.self) a `static let testValue` (for example built with `unimplemented(…)`) so that \
      tests never do real work by accident.
      """
    )
    return liveValue
  }
}
