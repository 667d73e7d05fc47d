import CasePathGeneration
import Testing

/// What the generator writes for enums of features, and which enums it makes case-path-able
/// without a written `CasePathable`.
struct CaseReducerEmissionTests {
  func generate(_ text: String) throws(GenerationErrors) -> String {
    try generateCasePaths(for: [SourceFile(path: "Feature.swift", text: text)], module: "App")
  }

  @Test func aReducersActionAndTheEnumsItCarriesNeedNoMarker() throws {
    let text = try generate(
      """
      struct Feature: Reducer {
        struct State {}
        enum Action {
          case delegate(Delegate)
          case view(View)
          case alert(PresentationAction<Alert>)
          case child(Child.Action)
          enum Delegate { case saved(Int) }
        }
        enum View { case tapped }
        enum Alert { case ok }
        enum Tab { case one }
      }
      struct Other {}
      extension Other: Reducer {}
      extension Other {
        enum State { case a, b(Int) }
        enum Action: CasePathable { case go }
      }
      struct Hidden: Reducer {
        private enum Action { case a }
      }
      """)
    for name in ["Feature.Action", "Feature.Action.Delegate", "Feature.View", "Feature.Alert"] {
      #expect(
        text.contains(
          "extension \(name): _CasePaths_\(name.replacingOccurrences(of: ".", with: "_")), "
            + "ReducerKit.CasePathable {"), "\(name)")
      #expect(
        text.contains(
          "extension \(name) {\n  /// The enum, by a name no case can shadow.\n  typealias _CaseRoot = "
            + "Self\n\n  /// The case paths of `\(name)`"), "\(name)")
    }
    // An enum the feature's actions do not carry is left alone, as is a struct state.
    #expect(!text.contains("Feature.Tab"))
    #expect(!text.contains("Feature.State"))
    // A reducer conformance written in an extension counts; an enum state gets case paths.
    #expect(text.contains("extension Other.State: _CasePaths_Other_State, ReducerKit.CasePathable"))
    // A written `CasePathable` is not written again.
    #expect(text.contains("extension Other.Action: _CasePaths_Other_Action {"))
    // A private action, which nobody marked, is skipped without an error.
    #expect(!text.contains("Hidden"))
  }

  @Test func casesThatHoldPlainStateAreStateOnlyWithANeverAction() throws {
    let text = try generate(
      """
      struct Meeting: Equatable {}
      struct Detail: Reducer {}
      enum Path: CaseReducer {
        case detail(Detail)
        case meeting(Meeting)
        case record(Meeting, syncUp: String)
      }
      """)
    #expect(text.contains("    case detail(Path._detail__0.State)\n"))
    #expect(text.contains("    case meeting(Path._meeting__0)\n"))
    #expect(
      text.contains("    case record(Path._record__syncUp_0, syncUp: Path._record__syncUp_1)\n"))
    #expect(text.contains("    case meeting(Never)\n"))
    #expect(text.contains("    case record(Never)\n"))
    #expect(text.contains(".ifCaseLet(.detail, action: .detail) { Path._detail__0() }"))
    #expect(!text.contains(".ifCaseLet(.meeting"))
    #expect(!text.contains(".ifCaseLet(.record"))
  }

  @Test func aFeatureWithArgumentsIsBuiltWithTheCasesDefaultValue() throws {
    let text = try generate(
      """
      enum Destination: CaseReducer {
        case counter(Counter = Counter(step: 2))
        case other(Other = .init(name: "x, y"))
      }
      """)
    #expect(
      text.contains(
        ".ifCaseLet(.counter, action: .counter) { Counter(step: 2) as Destination._counter__0 }"))
    #expect(
      text.contains(
        ".ifCaseLet(.other, action: .other) { .init(name: \"x, y\") as Destination._other__0 }"))
  }

  @Test func anEnumWithItsOwnBodyKeepsIt() throws {
    let declared = try generate(
      """
      enum Game: CaseReducer {
        case playing(Playing)
        static var body: some ReducerOf<Self> { EmptyReducer() }
      }
      """)
    #expect(!declared.contains("static var body"))
    let extended = try generate(
      """
      enum Game: CaseReducer { case playing(Playing) }
      extension Game {
        static var body: some ReducerOf<Self> { EmptyReducer() }
      }
      """)
    #expect(!extended.contains("static var body"))
    let generated = try generate("enum Game: CaseReducer { case playing(Playing) }")
    #expect(generated.contains("static var body"))
  }

  @Test func equatableIsWrittenOnlyWhenEveryCaseIsKnownToBe() throws {
    let text = try generate(
      """
      struct Plain: Reducer {
        struct State: Equatable {}
        enum Action { case run(@Sendable () -> Void) }
      }
      struct Fine: Reducer {
        struct State: Hashable {}
        enum Action: Equatable { case a }
      }
      enum Mixed: CaseReducer {
        case plain(Plain)
        case fine(Fine)
        case remote(RemoteFeature)
      }
      enum Simple: CaseReducer {
        case fine(Fine)
        case alert(AlertState<Choice>)
        enum Choice { case yes, no }
      }
      """)
    // `Plain.Action` is declared here without `Equatable`, and `RemoteFeature` comes from
    // another module: Mixed's state and action are not known to be.
    #expect(
      text.contains(
        "enum State: ReducerKit.CaseReducerState, ReducerKit.CasePathable {\n"
          + "    typealias StateReducer = Mixed"))
    #expect(text.contains("enum Action: ReducerKit.CasePathable {\n    case plain"))
    // A payload-less enum is Equatable without saying so.
    #expect(text.contains("enum Action: ReducerKit.CasePathable, Equatable {\n    case fine"))
    #expect(
      text.contains(
        "enum State: ReducerKit.CaseReducerState, ReducerKit.CasePathable, Equatable {\n"
          + "    typealias StateReducer = Simple"))
  }

  @Test func conformancesTheUserWritesAreNotWrittenAgainButWitnessed() throws {
    let text = try generate(
      """
      enum Destination: CaseReducer {
        case edit(Edit)
        case alert(AlertState<Alert>)
        enum Alert { case ok }
      }
      extension Destination.State: Equatable {}
      extension Destination.Action: Hashable {}
      """)
    #expect(text.contains("enum State: ReducerKit.CaseReducerState, ReducerKit.CasePathable {"))
    #expect(text.contains("enum Action: ReducerKit.CasePathable {"))
    #expect(text.contains("extension Destination.State {\n  /// Whether both are the same case"))
    #expect(text.contains("case (.edit(let l0), .edit(let r0)): return l0 == r0"))
    #expect(text.contains("default: return false"))
    #expect(text.contains("extension Destination.Action {\n  /// Whether both are the same case"))
    #expect(text.contains("case .alert(let v0): hasher.combine(1); hasher.combine(v0)"))
    // Only the `Hashable` one hashes.
    let stateWitnesses = try #require(
      text.components(separatedBy: "extension Destination.State {\n  /// Whether").last?
        .components(separatedBy: "extension Destination.Action {\n  /// Whether").first)
    #expect(!stateWitnesses.contains("func hash(into"))
    #expect(text.contains("func hash(into hasher: inout Hasher)"))
  }

  @Test func anActionTheEnumDeclaresIsUsedAsWritten() throws {
    let text = try generate(
      """
      enum Detail: CaseReducer {
        case alert(AlertState<Alert>)
        case edit(Form)
        enum Action { case alert(Alert), edit(Form.Action) }
        enum Alert { case ok }
      }
      """)
    #expect(text.contains("enum State: ReducerKit.CaseReducerState"))
    #expect(!text.contains("enum Action:"))
    // Its case paths come from the enum itself, with no marker.
    #expect(
      text.contains("extension Detail.Action: _CasePaths_Detail_Action, ReducerKit.CasePathable"))
    #expect(text.contains(".ifCaseLet(.alert, action: .alert)\n"))
  }

  @Test func aPublicEnumIsSendableOnlyWhenItsFeaturesAreKnownToBe() throws {
    let text = try generate(
      """
      #if canImport(Combine)
        import Combine
      #endif
      import LoginCore
      public struct Local: Reducer {
        public struct State: Equatable, Sendable {}
        public enum Action: Equatable, Sendable { case a }
      }
      public enum App: CaseReducer {
        case login(Login)
        case local(Local)
      }
      public enum Known: CaseReducer {
        case local(Local)
        case count(Int, label: String)
      }
      enum Internal: CaseReducer { case local(Local) }
      """)
    // `Login` comes from another module: neither `Equatable` nor `Sendable` is assumed.
    #expect(
      text.contains(
        "public enum State: ReducerKit.CaseReducerState, ReducerKit.CasePathable {\n"
          + "    public typealias StateReducer = App"))
    #expect(
      text.contains(
        "public enum State: ReducerKit.CaseReducerState, ReducerKit.CasePathable, Equatable, "
          + "Sendable {\n    public typealias StateReducer = Known"))
    // A non-public enum is `Sendable` by itself when its values are: nothing is written.
    #expect(
      text.contains(
        "enum State: ReducerKit.CaseReducerState, ReducerKit.CasePathable, Equatable {\n"
          + "    typealias StateReducer = Internal"))
    // An import under `#if` keeps its condition in the generated file.
    #expect(
      text.contains("#if ((canImport(Combine)))\nimport Combine\n#endif\nimport LoginCore\n"))
  }

  @Test func aLabelledFeatureKeepsItsLabelAndAStandardValueIsPlainState() throws {
    let text = try generate(
      """
      import ReducerKit
      enum Gallery: CaseReducer {
        case viewer(feature: Viewer)
        case count(Int)
        case note(text: String?)
      }
      """)
    // A labelled feature from another module is a feature, its label kept.
    #expect(text.contains("case viewer(feature: Gallery._viewer_feature_0.State)"))
    #expect(text.contains("case viewer(feature: Gallery._viewer_feature_0.Action)"))
    // A standard value, labelled or not, is plain state: its action is `Never`.
    #expect(text.contains("case count(Gallery._count__0)"))
    #expect(text.contains("case count(Never)"))
    #expect(text.contains("case note(text: Gallery._note_text_0)"))
  }
}
