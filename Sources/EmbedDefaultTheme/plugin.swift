import Foundation
import PackagePlugin

/// Generates `DefaultTheme.swift` from the package's `templates/` folder, so
/// the `sitegen` binary carries its default theme and needs no files beside it.
@main
struct EmbedDefaultTheme: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let themeFolder = context.package.directoryURL.appending(path: "templates")
        let output = context.pluginWorkDirectoryURL.appending(path: "DefaultTheme.swift")
        var inputs: [URL] = [themeFolder]
        if let walker = FileManager.default.enumerator(at: themeFolder, includingPropertiesForKeys: nil) {
            for case let url as URL in walker { inputs.append(url) }
        }
        return [
            .buildCommand(
                displayName: "Embedding the default theme",
                executable: try context.tool(named: "theme-embedder").url,
                arguments: [themeFolder.path, output.path],
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }
}
