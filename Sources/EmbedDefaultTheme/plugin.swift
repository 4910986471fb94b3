import Foundation
import PackagePlugin

/// Generates `DefaultTheme.swift` from the package's `templates/` folder, so
/// the `sitegen` binary carries its default theme and needs no files beside it,
/// and with it a digest of the target's own source files (`SourceDigest`), so a
/// build state written by other code is never taken for this code's.
@main
struct EmbedDefaultTheme: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let themeFolder = context.package.directoryURL.appending(path: "templates")
        let output = context.pluginWorkDirectoryURL.appending(path: "DefaultTheme.swift")
        var inputs: [URL] = [themeFolder]
        if let walker = FileManager.default.enumerator(at: themeFolder, includingPropertiesForKeys: nil) {
            for case let url as URL in walker { inputs.append(url) }
        }
        let sources = (target.sourceModule?.sourceFiles(withSuffix: "swift").map(\.url) ?? [])
            .sorted { $0.path < $1.path }
        inputs += sources
        return [
            .buildCommand(
                displayName: "Embedding the default theme and the sources' digest",
                executable: try context.tool(named: "theme-embedder").url,
                arguments: [themeFolder.path, output.path] + sources.map(\.path),
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }
}
