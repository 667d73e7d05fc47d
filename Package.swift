// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "ReducerKit",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "ReducerKit", targets: ["ReducerKit"]),
    .library(name: "ReducerKitTesting", targets: ["ReducerKitTesting"]),
  ],
  dependencies: [],
  targets: [
    .target(name: "ReducerKit"),
    .target(name: "ReducerKitTesting", dependencies: ["ReducerKit"]),
    .executableTarget(
      name: "benchmarks",
      dependencies: ["ReducerKit", "ReducerKitTesting", "CHeapUsage"],
      path: "Benchmarks/benchmarks"
    ),
    .target(name: "CHeapUsage", path: "Benchmarks/CHeapUsage"),
    .testTarget(name: "ReducerKitTests", dependencies: ["ReducerKit"]),
    .testTarget(name: "ReducerKitTestingTests", dependencies: ["ReducerKit", "ReducerKitTesting"]),
  ],
  swiftLanguageModes: [.v6]
)
