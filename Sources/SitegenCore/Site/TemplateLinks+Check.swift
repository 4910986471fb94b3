/// The check of the links templates write, against the site's pages, assets, published files
/// and kept entries (`LinkCheck`).
extension TemplateLinks {
    /// The broken links of the templates `pages` are rendered with (through partials and parents),
    /// looked up among `check`'s pages, assets, published files and kept entries, with its severity.
    func problems(pages: [PlannedPage], library: TemplateLibrary, root: String, check: LinkCheck) -> [Diagnostic] {
        guard !links.isEmpty else { return [] }
        // Which pages each template with links is rendered for, by the URL of the page.
        var users: [String: [String]] = [:]
        var reached: [String: Set<String>] = [:]  // The templates each page template includes.
        for page in pages {
            if reached[page.template] == nil { reached[page.template] = Self.included(from: page.template, library) }
            for name in reached[page.template]! where links[name] != nil { users[name, default: []].append(page.url) }
        }
        guard !users.isEmpty else { return [] }
        let (index, kept, severity) = (check.index, check.kept, check.severity)
        var problems: [Diagnostic] = []
        for (name, written) in links {
            guard let urls = users[name] else { continue }
            let path = library.displayPath(of: name)
            for link in written {
                guard let reason = problem(link.written, on: urls, root: root, index: index, kept: kept) else {
                    continue
                }
                problems.append(
                    Diagnostic(
                        severity, at: SourceLocation(path: path, line: link.line, column: link.column),
                        "broken link \(link.written): \(reason)"))
            }
        }
        return problems.sorted()
    }

    /// The template and every partial and parent it includes, to any depth.
    private static func included(from name: String, _ library: TemplateLibrary) -> Set<String> {
        var found: Set<String> = [name]
        var waiting = [name]
        while let next = waiting.popLast() {
            for reference in library[next]?.references ?? [] where found.insert(reference.name).inserted {
                waiting.append(reference.name)
            }
        }
        return found
    }

    /// Why a link is broken on one of the pages at `urls`, or `nil` when it arrives on all of them.
    private func problem(
        _ written: String, on urls: [String], root: String, index: LinkCheck.Index, kept: [String]
    ) -> String? {
        let target = String(written.prefix { $0 != "#" && $0 != "?" })
        guard let decoded = target.removingPercentEncoding else { return "it is not a valid URL" }
        if decoded.hasPrefix("/") {
            guard decoded.hasPrefix(root) else {
                return
                    "the site lives under \(root), so this leads out of it; write {{site.root}}\(decoded.dropFirst())"
            }
            return missing(String(decoded.dropFirst(root.count)), index: index, kept: kept)
                ? "no page or file of this site is at \(decoded)" : nil
        }
        // Relative: from each page's folder; the first page it fails on is named.
        var tried: Set<String> = []
        for url in urls {
            let folder = url.hasSuffix("/") ? url : String(url[...(url.lastIndex(of: "/") ?? url.startIndex)])
            guard tried.insert(folder).inserted else { continue }
            let folderPath = folder.removingPercentEncoding ?? folder
            guard let resolved = Self.resolve(decoded, from: folderPath), resolved.hasPrefix(root) else {
                return "on the page \(url) it leads out of the site"
            }
            if missing(String(resolved.dropFirst(root.count)), index: index, kept: kept) {
                return "on the page \(url) it leads to \(resolved), where no page or file of this site is"
            }
        }
        return nil
    }

    /// Whether nothing of the site is at an address (from the site's root): no page, file or kept entry.
    private func missing(_ address: String, index: LinkCheck.Index, kept: [String]) -> Bool {
        let candidates =
            address.isEmpty || address.hasSuffix("/") ? [address + "index.html"] : [address, address + "/index.html"]
        if candidates.contains(where: index.outputs.contains) { return false }
        let top = String(address.prefix { $0 != "/" })
        return !kept.contains { $0 == top || address.hasPrefix($0 + "/") }
    }

    /// A relative reference resolved against a folder path (`/posts/a/`), with `.` and `..`
    /// segments removed; `nil` when it climbs above the root.
    private static func resolve(_ relative: String, from folder: String) -> String? {
        var segments = folder.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for (position, part) in parts.enumerated() {
            let isLast = position == parts.count - 1
            switch part {
            case ".": continue
            case "..":
                guard !segments.isEmpty else { return nil }
                segments.removeLast()
            case "" where isLast: continue
            default: segments.append(part)
            }
        }
        let endsInFolder =
            relative.hasSuffix("/") || relative == "." || relative == ".." || relative.hasSuffix("/.")
            || relative.hasSuffix("/..")
        return "/" + segments.joined(separator: "/") + (endsInFolder && !segments.isEmpty ? "/" : "")
    }
}
