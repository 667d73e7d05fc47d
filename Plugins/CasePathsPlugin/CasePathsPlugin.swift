import Foundation
import PackagePlugin

/// Generates the case paths of a target's enums marked `CasePathable`, the `binding` property of
/// its `BindableAction` enums and the `State`, `Action` and `body` of its `CaseReducer` enums, on
/// every build, into one file the target compiles.
///
/// ```swift
/// .target(
///   name: "Feature",
///   dependencies: [.product(name: "ReducerKit", package: "ReducerKit")],
///   plugins: [.plugin(name: "CasePathsPlugin", package: "ReducerKit")]
/// )
/// ```
@main
struct CasePathsPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
    guard let module = target as? SourceModuleTarget else { return [] }
    let sources = module.sourceFiles(withSuffix: "swift").map(\.url)
    return [
      try command(
        tool: context.tool(named: "reducerkit-casepaths").url, module: module.moduleName,
        sources: sources, workDirectory: context.pluginWorkDirectoryURL)
    ]
  }
}

/// The one build command: read every Swift file of the target, write one generated file.
func command(tool: URL, module: String, sources: [URL], workDirectory: URL) throws -> Command {
  let output = workDirectory.appending(path: "\(module)+CasePaths.swift")
  return .buildCommand(
    displayName: "Generating case paths for \(module)",
    executable: tool,
    arguments: ["--module", module, "--output", output.path(percentEncoded: false)]
      + sources.map { $0.path(percentEncoded: false) },
    inputFiles: sources,
    outputFiles: [output]
  )
}

#if canImport(XcodeProjectPlugin)
  import XcodeProjectPlugin

  extension CasePathsPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
      let sources = target.inputFiles.filter { $0.url.pathExtension == "swift" }.map(\.url)
      return [
        try command(
          tool: context.tool(named: "reducerkit-casepaths").url,
          module: target.displayName.replacingOccurrences(of: " ", with: "_"),
          sources: sources, workDirectory: context.pluginWorkDirectoryURL)
      ]
    }
  }
#endif
