/// Files published as they are must not take an address the site already
/// uses: a page's, a theme asset's, another published file's, or a folder
/// that holds any of them. Each collision is an error naming both sides, at
/// the published file (the one a user can move).
enum OutputCollisions {
    static func problems(files: [PublishedFile], pages: [PlannedPage], assets: [String], kept: [String] = [])
        -> [Diagnostic]
    {
        var owners: [String: String] = [:]
        owners.reserveCapacity(pages.count + assets.count + files.count)
        var folders: [String: String] = [:]
        func claimFolders(of output: String, by owner: String) {
            var path = Substring(output)
            while let slash = path.lastIndex(of: "/") {
                path = path[..<slash]
                let key = Self.key(String(path))
                if folders[key] != nil { break }
                folders[key] = owner
            }
        }
        for page in pages {
            owners[key(page.output)] = page.source.map { "\($0)'s page" } ?? "sitegen's page \(page.output)"
            claimFolders(of: page.output, by: page.output)
        }
        for asset in assets {
            owners[key(asset)] = "the theme's \(asset)"
            claimFolders(of: asset, by: asset)
        }
        var diagnostics: [Diagnostic] = []
        for file in files {
            // A kept folder replaces the staged one when the build is swapped in: a file inside it would never arrive.
            if let folder = kept.first(where: { file.output.hasPrefix($0 + "/") }) {
                diagnostics.append(
                    Diagnostic(
                        at: SourceLocation(path: file.source),
                        "this file would be written inside \(folder), which builds leave as the output has it (keep:); remove one of them"
                    ))
                continue
            }
            let key = key(file.output)
            if let owner = owners[key] {
                diagnostics.append(
                    Diagnostic(
                        at: SourceLocation(path: file.source),
                        "this file and \(owner) would both be written to \(file.output); rename or remove one of them"))
            } else if let inside = folders[key] {
                diagnostics.append(
                    Diagnostic(
                        at: SourceLocation(path: file.source),
                        "this file would be written to \(file.output), where the site needs a folder (for \(inside)); rename or remove it"
                    ))
            } else {
                owners[key] = file.source
                claimFolders(of: file.output, by: file.output)
            }
        }
        // A published file where another one needs a folder (`static/a` and `static/a/b`) is caught
        // above only when the folder's file comes first; the other order is checked here.
        for file in files where folders[key(file.output)] != nil && owners[key(file.output)] == file.source {
            let inside = folders[key(file.output)]!
            diagnostics.append(
                Diagnostic(
                    at: SourceLocation(path: file.source),
                    "this file would be written to \(file.output), where the site needs a folder (for \(inside)); rename or remove it"
                ))
        }
        return diagnostics
    }

    /// Output paths compared as a case-insensitive file system would.
    private static func key(_ output: String) -> String {
        output.utf8.allSatisfy { $0 < 0x80 && !(0x41...0x5A).contains($0) } ? output : output.lowercased()
    }
}
