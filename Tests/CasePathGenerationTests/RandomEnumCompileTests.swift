import CasePathGeneration
import Foundation
import TestSupport
import Testing

/// Random valid enums — backticked and keyword-like names, cases named like types, labels,
/// generics, nesting, `indirect`, `#if` — get generated code that compiles: each batch is one
/// module of random enums, type-checked with the generated file by the toolchain's `swiftc`
/// against the ReducerKit this test run was built with.
struct RandomEnumCompileTests {
  /// Where the build put the modules this test bundle was built with.
  static let build: URL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    .deletingLastPathComponent()

  static let caseNames = [
    "load", "`Type`", "`default`", "`self`", "Settings", "settings", "`Protocol`", "child",
    "binding", "onAppear", "`init`", "Row", "`case`", "value",
  ]
  static let payloads = [
    "Int", "String", "[Int]", "(Int, String)", "Settings", "Row", "Result<Int, any Error>",
    "@Sendable (Int) -> Void", "[String: Int]?", "Child.Action", "Set<String>",
  ]

  /// One module's source: the types the payloads name, then `count` random marked enums.
  static func randomModule(_ random: inout FuzzRandom, count: Int) -> String {
    var text = """
      import ReducerKit

      public struct Settings: Sendable {}
      public struct Row: Sendable {}
      public enum Child { public enum Action: Sendable { case tap } }

      """
    for index in 0..<count {
      let generic = random.oneIn(4)
      let access = random.oneIn(3) ? "public " : ""
      let name = random.oneIn(5) ? "`Type\(index)`" : "E\(index)"
      let nested = random.oneIn(3)
      if nested { text += "\(access)struct Outer\(index) {\n" }
      text += "\(access)\(random.oneIn(4) ? "indirect " : "")enum \(name)"
      text += "\(generic ? "<T: Sendable>" : ""): CasePathable, Sendable {\n"
      var used = Set<String>()
      var flag = false
      for _ in 0..<Int.random(in: 1...6, using: &random) {
        guard let caseName = caseNames.randomElement(using: &random),
          used.insert(caseName).inserted
        else { continue }
        if !flag && random.oneIn(6) {
          flag = true
          text += "#if FLAG\(index)\n"
        }
        var parameters: [String] = []
        for position in 0..<Int.random(in: 0...2, using: &random) {
          var type = payloads.randomElement(using: &random) ?? "Int"
          if generic && random.oneIn(3) { type = "T" }
          if type.hasPrefix("@Sendable") && access == "public" { type = "Int" }
          // NB: one label per position, so that no case repeats one.
          let label =
            random.oneIn(2)
            ? ""
            : ["id\(position)", "`let`", "`for`", "`inout`", "`in`"][
              position == 0 ? Int.random(in: 0..<5, using: &random) : position - 1
            ] + ": "
          parameters.append(label + type)
        }
        text +=
          "  case \(caseName)\(parameters.isEmpty ? "" : "(\(parameters.joined(separator: ", ")))")\n"
      }
      if flag { text += "#endif\n" }
      text += "}\n"
      if nested { text += "}\n" }
    }
    return text
  }

  /// Type-checks `files` as one module named `App`; returns the compiler's errors.
  static func typecheck(_ files: [String: String]) async throws -> String {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("random-enums-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var paths: [String] = []
    for (name, text) in files {
      let url = folder.appendingPathComponent(name)
      try text.write(to: url, atomically: true, encoding: .utf8)
      paths.append(url.path)
    }
    let shims = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources/ReducerKitShims/include")
    let result = try await ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/env"),
      arguments: [
        "swiftc", "-typecheck", "-swift-version", "6", "-module-name", "App",
        "-I", build.appendingPathComponent("Modules").path,
        "-Xcc",
        "-fmodule-map-file="
          + build.appendingPathComponent("ReducerKitShims.build/module.modulemap").path,
        "-I", shims.path,
      ] + paths.sorted(), input: "")
    return result.status == 0 ? "" : result.error + result.output
  }

  // NB: the time limit bounds the compiler's run, which the runner waits for.
  @Test(.timeLimit(.minutes(2)), arguments: 0..<6)
  func randomValidEnumsGenerateCodeThatCompiles(batch: Int) async throws {
    try #require(
      FileManager.default.fileExists(
        atPath: Self.build.appendingPathComponent("Modules/ReducerKit.swiftmodule").path),
      "the ReducerKit module this run was built with is not beside \(Self.build.path)")
    // NB: a fixed seed per batch, named in every failure, so that a failure reproduces.
    let seed = 0xC0DE &+ UInt64(batch)
    var random = FuzzRandom(seed: seed)
    let enums = Self.randomModule(&random, count: 25)
    let generated: String
    do {
      generated = try generateCasePaths(
        for: [SourceFile(path: "Enums.swift", text: enums)], module: "App")
    } catch {
      Issue.record("seed \(seed): \(error.errors)\n\(enums)")
      return
    }
    let errors = try await Self.typecheck(["Enums.swift": enums, "Generated.swift": generated])
    #expect(errors.isEmpty, "seed \(seed):\n\(errors.prefix(3_000))\n\(enums)")
  }
}
