/// The redirect pages of `aliases:`: one at each old address of a page,
/// sending visitors (and search engines, by `rel=canonical`) to where it is
/// now. An alias where a page or another alias already is is an error.
enum AliasPages {
    /// The alias pages of the items the plan has pages for, and the problems found.
    static func plan(_ content: SiteContent, pages: [PlannedPage], paths: SitePaths) -> (
        pages: [PlannedPage], diagnostics: [Diagnostic]
    ) {
        var aliasesBySource: [String: [String]] = [:]
        for post in content.posts where !post.aliases.isEmpty { aliasesBySource[post.sourcePath] = post.aliases }
        for item in content.menu where !item.aliases.isEmpty { aliasesBySource[item.sourcePath] = item.aliases }
        for profile in content.profiles where !profile.aliases.isEmpty {
            aliasesBySource[profile.sourcePath] = profile.aliases
        }
        for page in content.pages where !page.aliases.isEmpty { aliasesBySource[page.sourcePath] = page.aliases }
        for item in content.items.values.joined() where !item.aliases.isEmpty {
            aliasesBySource[item.sourcePath] = item.aliases
        }
        guard !aliasesBySource.isEmpty else { return ([], []) }
        // What each output already holds: whose page it is, and whether it is an alias.
        var taken = Dictionary(pages.map { (key($0.output), (source: $0.source, isAlias: false)) }) { first, _ in first
        }
        var aliases: [PlannedPage] = []
        var diagnostics: [Diagnostic] = []
        for page in pages {
            guard let source = page.source, let written = aliasesBySource.removeValue(forKey: source) else { continue }
            for alias in written {
                let output = AliasAddress.output(of: alias)
                if let owner = taken[key(output)] {
                    let whose =
                        switch (owner.source, owner.isAlias) {
                        case (let other?, false): other == source ? "this file's own page" : "the page of \(other)"
                        case (let other?, true): other == source ? "another alias of this file" : "an alias of \(other)"
                        case (nil, _): "sitegen's own page"
                        }
                    diagnostics.append(
                        Diagnostic(
                            at: SourceLocation(path: source),
                            "alias \(alias) would be written to \(output), where \(whose) is; remove it"))
                    continue
                }
                taken[key(output)] = (source, true)
                let segments =
                    output.hasSuffix("/index.html")
                    ? output.dropLast("/index.html".count).split(separator: "/").map(String.init) : []
                aliases.append(
                    PlannedPage(
                        output: output, template: "alias", source: source, title: page.title, kind: "alias",
                        url: segments.isEmpty ? paths.link(file: output) : paths.link(segments), item: nil,
                        redirect: page.url))
            }
        }
        return (aliases, diagnostics)
    }

    /// Output paths compared as a case-insensitive file system would.
    private static func key(_ output: String) -> String { output.lowercased() }
}
