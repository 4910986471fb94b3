import Foundation

/// The templates and assets a site is rendered with: the built-in default
/// theme, with any file of the same name in the site's `templates/` taking its place.
package struct Theme: Sendable {
    /// Every template, parsed once.
    package let library: TemplateLibrary
    /// Files copied to the output as they are, by output path (`assets/style.css`).
    package let assets: [String: [UInt8]]
    /// A hash of each template's source, by name: a page rendered with the
    /// same templates' sources (and the same values) renders the same bytes.
    let templateHashes: [String: UInt64]
    /// The links written as they are in the templates' text, checked against the site's pages.
    let links: TemplateLinks

    /// The hash of a template's source; 0 for a template the theme does not have.
    func sourceHash(of name: String) -> UInt64 { templateHashes[name] ?? 0 }

    /// The templates every site needs; the default theme has them all.
    package static let requiredTemplates = [
        "home", "posts", "post", "menu", "menu-item", "profiles", "profile", "counter", "primes", "page", "404", "feed",
        "sitemap",
        "tags", "tag", "user", "alias", "collection", "collection-item", "collection-terms",
    ]

    /// The built-in theme's files (templates, partials, assets), by path inside `templates/`, sorted.
    package static var builtInFiles: [(path: String, bytes: [UInt8])] {
        DefaultTheme.files.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Loads the default theme overridden by `siteRoot/templates/`; every
    /// template problem (syntax, missing partial or parent) is reported.
    package static func load(siteRoot: URL) -> (theme: Theme?, diagnostics: [Diagnostic]) {
        var sources: [String: String] = [:]
        var assets: [String: [UInt8]] = [:]
        for (path, bytes) in DefaultTheme.files {
            add(path, bytes, to: &sources, assets: &assets)
        }
        var diagnostics: [Diagnostic] = []
        let folder = siteRoot.appendingPathComponent("templates").path
        for path in siteFiles(in: folder, &diagnostics) {
            let bytes: [UInt8]
            do {
                bytes = try FileReader.read(folder + "/" + path, limit: SiteSettings.defaultMaxFileSize)
            } catch {
                let what = path.hasSuffix(".mustache") ? "template" : "file"
                diagnostics.append(
                    Diagnostic(at: SourceLocation(path: "templates/" + path), "cannot read \(what): \(error.reason)"))
                continue
            }
            if path.hasSuffix(".mustache") {
                do {
                    try TextValidation.check(bytes)
                } catch {
                    diagnostics.append(error.diagnostic(in: "templates/" + path))
                    continue
                }
            }
            add(path, bytes, to: &sources, assets: &assets)
        }
        let library: TemplateLibrary
        do {
            library = try TemplateLibrary(sources: sources, displayPrefix: "templates")
        } catch {
            return (nil, diagnostics + error.diagnostics)
        }
        diagnostics += library.missingReferences()
        for name in requiredTemplates where !library.contains(name) {
            diagnostics.append(
                Diagnostic(at: SourceLocation(path: "templates/\(name).mustache"), "template is missing"))
        }
        if diagnostics.contains(where: { $0.severity == .error }) { return (nil, diagnostics) }
        let hashes = sources.mapValues { source in StableHash.of(source) | 1 }  // Never 0, which means "absent".
        let theme = Theme(
            library: library, assets: assets, templateHashes: hashes, links: TemplateLinks(sources: sources))
        return (theme, diagnostics)
    }

    private static func add(
        _ path: String, _ bytes: [UInt8], to sources: inout [String: String], assets: inout [String: [UInt8]]
    ) {
        if path.hasSuffix(".mustache") {
            sources[String(path.dropLast(".mustache".count))] = String(decoding: bytes, as: UTF8.self)
        } else if path.hasPrefix("assets/") {
            assets[path] = bytes
        }
    }

    /// The theme files of a site's `templates/` folder, relative to it, skipping
    /// temp files; a site without the folder simply uses the default theme.
    /// Every folder walked is remembered by identity (`walked`), and a link to one of them is not
    /// followed: links can neither loop nor make the walk grow without end.
    private static func siteFiles(in folder: String, _ diagnostics: inout [Diagnostic]) -> [String] {
        var walked: [FileIdentity: String] = [:]
        if let identity = FileIdentity(path: folder) { walked[identity] = "templates" }
        return siteFiles(in: folder, &diagnostics, prefix: "", depth: 0, walked: &walked)
    }

    private static func siteFiles(
        in folder: String, _ diagnostics: inout [Diagnostic], prefix: String, depth: Int,
        walked: inout [FileIdentity: String]
    ) -> [String] {
        let entries: [DirectoryEntry]
        do {
            entries = try DirectoryListing.entries(of: folder + (prefix.isEmpty ? "" : "/" + prefix))
        } catch {
            if !(prefix.isEmpty && error.code == ENOENT) {
                let path = prefix.isEmpty ? "templates" : "templates/" + prefix
                diagnostics.append(Diagnostic(at: SourceLocation(path: path), "cannot read folder: \(error.reason)"))
            }
            return []
        }
        guard depth < 16 else {
            diagnostics.append(
                Diagnostic(at: SourceLocation(path: "templates/" + prefix), "folders are nested too deeply"))
            return []
        }
        var files: [String] = []
        for entry in entries where !ContentScanner.isTemporary(entry.name) {
            let path = prefix.isEmpty ? entry.name : prefix + "/" + entry.name
            if let bytes = entry.invalidName {
                let parent = prefix.isEmpty ? "templates" : "templates/" + prefix
                diagnostics.append(
                    Diagnostic(
                        at: SourceLocation(path: parent + "/" + DiagnosticText.escaped(bytes)),
                        "this name is not valid UTF-8; rename it"))
                continue
            }
            let isFolder =
                entry.kind == .folder || (entry.kind == .symlink && DirectoryListing.isFolder(folder + "/" + path))
            if isFolder {
                if let identity = FileIdentity(path: folder + "/" + path) {
                    if let seen = walked[identity] {
                        diagnostics.append(
                            Diagnostic(
                                at: SourceLocation(path: "templates/" + path),
                                "symbolic link leads to \(seen), which is read already (a loop, or a folder read twice)"
                            ))
                        continue
                    }
                    walked[identity] = "templates/" + path
                }
                files += siteFiles(in: folder, &diagnostics, prefix: path, depth: depth + 1, walked: &walked)
            } else {
                files.append(path)
            }
        }
        return files
    }
}
