// swift-tools-version: 6.2
import PackageDescription

// The kit's internal checks (every in-place read against its key path, `PositionIndex`'s
// invariants after every change), compiled into debug builds when the environment sets
// REDUCERKIT_INTERNAL_CHECKS: CI's address-sanitizer test run does; an app's build never pays.
let internalChecks: [SwiftSetting] =
  Context.environment["REDUCERKIT_INTERNAL_CHECKS"] == nil
  ? [] : [.define("REDUCERKIT_INTERNAL_CHECKS", .when(configuration: .debug))]

let package = Package(
  name: "ReducerKit",
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  products: [
    .library(name: "ReducerKit", targets: ["ReducerKit"]),
    .library(name: "ReducerKitTesting", targets: ["ReducerKitTesting"]),
    .library(name: "ReducerKitRecording", targets: ["ReducerKitRecording"]),
    .library(name: "ReducerKitPatterns", targets: ["ReducerKitPatterns"]),
    .library(name: "ArticlesFeature", targets: ["ArticlesFeature"]),
    .executable(name: "articles", targets: ["articles"]),
    .library(name: "ReducerKitInspector", targets: ["ReducerKitInspector"]),
    .executable(name: "reducerkit-inspect", targets: ["reducerkit-inspect"]),
    .plugin(name: "CasePathsPlugin", targets: ["CasePathsPlugin"]),
  ],
  dependencies: [],
  targets: [
    .target(
      name: "ReducerKit", dependencies: ["ReducerKitSupport", "ReducerKitShims"],
      // NB: the required-reason APIs the kit calls (file storage's timestamps, `@Shared`'s user
      // defaults), declared for the App Store; PrivacyManifestTests keeps it true to the code.
      resources: [.copy("PrivacyInfo.xcprivacy")], swiftSettings: internalChecks),
    // Recording, replay support, the JSON reader and writer, and tracing: what watches a store
    // through its hook. The core knows only the hook; an app that never records never builds
    // this.
    .target(name: "ReducerKitRecording", dependencies: ["ReducerKit", "ReducerKitShims"]),
    // C helpers for the hot paths (one inline function); not a product.
    .target(name: "ReducerKitShims"),
    .target(
      name: "ReducerKitSupport", dependencies: ["ReducerKitShims"], swiftSettings: internalChecks),
    .target(
      name: "ReducerKitTesting",
      dependencies: [
        "ReducerKit", "ReducerKitRecording", "ReducerKitShims", "ReducerKitTestingHook",
      ]),
    // Installs the testing library's issue hook when a test process loads (a C constructor), so
    // that a plain store's runtime warnings fail the running test; not a product.
    .target(name: "ReducerKitTestingHook"),
    // The case-path generator: a parser of enum declarations (a library, so that it is tested)
    // and the tool the build plugin runs.
    .target(name: "CasePathGeneration"),
    .executableTarget(name: "reducerkit-casepaths", dependencies: ["CasePathGeneration"]),
    .plugin(
      name: "CasePathsPlugin", capability: .buildTool(), dependencies: ["reducerkit-casepaths"]),
    .target(name: "ReducerKitPatterns", dependencies: ["ReducerKit"]),
    // A recording as a page to open in a browser, and the tool that writes one.
    .target(
      name: "ReducerKitInspector", dependencies: ["ReducerKit", "ReducerKitRecording"],
      // NB: the page's files, embedded in the code at build time (no bundle to install beside
      // the tool); CI checks the script with `node --check`.
      resources: [
        .embedInCode("Page/page.html"), .embedInCode("Page/page.css"),
        .embedInCode("Page/page.js"),
      ]),
    .executableTarget(
      name: "reducerkit-inspect",
      dependencies: ["ReducerKitInspector", "ReducerKit", "ReducerKitRecording"]),
    .target(name: "ArticlesFeature", dependencies: ["ReducerKit"], plugins: ["CasePathsPlugin"]),
    .target(
      name: "PatternsExamples", dependencies: ["ReducerKit", "ReducerKitPatterns"],
      plugins: ["CasePathsPlugin"]),
    .executableTarget(
      name: "articles", dependencies: ["ArticlesFeature", "ReducerKit", "ReducerKitRecording"]),
    .executableTarget(
      name: "benchmarks",
      dependencies: [
        "ReducerKit", "ReducerKitPatterns", "ReducerKitTesting", "ReducerKitInspector",
        "ReducerKitRecording", "CHeapUsage",
      ],
      path: "Benchmarks/benchmarks", plugins: ["CasePathsPlugin"]
    ),
    .target(name: "CHeapUsage", path: "Benchmarks/CHeapUsage"),
    .testTarget(
      name: "ReducerKitTests",
      dependencies: [
        "ReducerKit", "ReducerKitRecording", "ReducerKitSupport", "ReducerKitTesting",
        "TestSupport",
      ],
      plugins: ["CasePathsPlugin"]),
    // Mirrors Sources/ReducerKitRecording: recording, its JSON, replay through it, tracing.
    .testTarget(
      name: "ReducerKitRecordingTests",
      dependencies: ["ReducerKit", "ReducerKitRecording", "ReducerKitTesting", "TestSupport"],
      // NB: recordings other processes wrote, read by path (see CanonicalRecordingTests).
      exclude: ["Recording/Fixtures"], plugins: ["CasePathsPlugin"]),
    .target(
      name: "TestSupport",
      dependencies: ["ReducerKit", "ReducerKitRecording", "ReducerKitTesting"],
      path: "Tests/TestSupport"),
    .testTarget(
      name: "BenchmarksTests",
      dependencies: ["benchmarks", "TestSupport", "ReducerKit", "ReducerKitRecording"]),
    .testTarget(
      name: "CasePathGenerationTests",
      dependencies: ["CasePathGeneration", "TestSupport"]),
    // Enums of every shape the generator reads, compiled with the plugin: the generated case
    // paths are checked by compiling and running them.
    .testTarget(
      name: "CasePathShapesTests", dependencies: ["ReducerKit", "ReducerKitTesting"],
      plugins: ["CasePathsPlugin"]),
    .testTarget(
      name: "ReducerKitInspectorTests",
      dependencies: [
        "ReducerKitInspector", "ReducerKit", "ReducerKitRecording", "ReducerKitTesting",
        "TestSupport", "reducerkit-inspect",
      ],
      // NB: the recording the CI's browser checks open (see InspectorFixtureTests).
      exclude: ["Fixtures"]),
    .testTarget(
      name: "ReducerKitPatternsTests",
      dependencies: [
        "ReducerKitPatterns", "ReducerKit", "ReducerKitRecording", "ReducerKitTesting",
        "TestSupport",
      ]
    ),
    .testTarget(
      name: "PatternsExamplesTests",
      dependencies: ["PatternsExamples", "ReducerKit", "ReducerKitPatterns", "ReducerKitTesting"]
    ),
    .testTarget(
      name: "ReducerKitTestingTests",
      dependencies: ["ReducerKit", "ReducerKitRecording", "ReducerKitTesting", "TestSupport"]
    ),
    .testTarget(
      name: "ArticlesFeatureTests",
      dependencies: [
        "ArticlesFeature", "ReducerKit", "ReducerKitRecording", "ReducerKitTesting", "articles",
        "TestSupport",
      ],
      // A recorded session of the app (and the keys that made it), replayed by a test.
      resources: [.copy("Recordings")]
    ),
  ],
  swiftLanguageModes: [.v6]
)

// CI builds every target with warnings as errors by setting REDUCERKIT_WARNINGS_AS_ERRORS for
// its whole run, so that the README's own `swift test` (and the sanitizer runs) are the strict
// build: no separate build pays for it. An app that depends on the kit never sets it.
if Context.environment["REDUCERKIT_WARNINGS_AS_ERRORS"] != nil {
  for target in package.targets where target.type != .plugin {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-warnings-as-errors"])]
  }
}
