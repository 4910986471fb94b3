/// Files published as they are must not take an address the site already
/// uses: a page's, a theme asset's, another published file's, or a folder
/// that holds any of them. Each collision is an error naming both sides, at
/// the published file (the one a user can move).
///
/// Pages and assets are looked up in one sorted list of their keys, so a
/// site with few published files pays nothing per page but that sort.
enum OutputCollisions {
    static func problems(files: [PublishedFile], pages: [PlannedPage], assets: [String], kept: [String] = [])
        -> [Diagnostic]
    {
        guard !files.isEmpty else { return [] }
        let planned = Planned(pages: pages, assets: assets)
        // Published files claim addresses and folders in order, as pages and assets did before them.
        var owners: [String: String] = [:]
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
            if let owner = planned.owner(of: key) ?? owners[key] {
                diagnostics.append(
                    Diagnostic(
                        at: SourceLocation(path: file.source),
                        "this file and \(owner) would both be written to \(file.output); rename or remove one of them"))
            } else if let inside = planned.inside(folder: key) ?? folders[key] {
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

    /// Pages that need a folder where a theme asset or another page is a file
    /// (`content/assets/style.css.md` → `assets/style.css/index.html`, where the theme's
    /// stylesheet is; `content/sitemap.xml.md`), and pages at a theme asset's address:
    /// an error at the page's content file. Only files' addresses are looked up (the
    /// assets and the few pages not named `index.html`), each by a binary search.
    static func pageProblems(pages: [PlannedPage], assets: [String]) -> [Diagnostic] {
        let planned = Planned(pages: pages, assets: assets)
        var diagnostics: [Diagnostic] = []
        let files =
            assets.map { (output: $0, name: "the theme's asset") }
            + pages.filter { !$0.output.hasSuffix("index.html") }.map { page in
                (output: page.output, name: page.source.map { "\($0)'s page" } ?? "sitegen's own page")
            }
        for file in files {
            let folder = key(file.output)
            if planned.inside(folder: folder) != nil {
                for page in pages where key(page.output).hasPrefix(folder + "/") {
                    diagnostics.append(
                        Diagnostic(
                            at: SourceLocation(path: page.source ?? "content"),
                            "this page would be written to \(page.output), inside \(file.output), which is \(file.name); rename or remove one of them"
                        ))
                }
            }
        }
        for asset in assets where planned.count(of: key(asset)) > 1 {
            for page in pages where key(page.output) == key(asset) {
                diagnostics.append(
                    Diagnostic(
                        at: SourceLocation(path: page.source ?? "content"),
                        "this page and the theme's \(asset) would both be written to \(asset); rename or remove one of them"
                    ))
            }
        }
        return diagnostics
    }

    /// The pages' and theme assets' output paths, as keys sorted by their bytes.
    private struct Planned {
        let pages: [PlannedPage]
        let assets: [String]
        /// Every page's key and every asset's, sorted by UTF-8.
        private let keys: [String]

        init(pages: [PlannedPage], assets: [String]) {
            self.pages = pages
            self.assets = assets
            keys = (pages.map { OutputCollisions.key($0.output) } + assets.map(OutputCollisions.key)).sorted {
                $0.precedesByBytes($1)
            }
        }

        /// Who is written at `key`: the last asset there, else the last page.
        func owner(of key: String) -> String? {
            guard let found = first(atLeast: key), keys[found] == key else { return nil }
            if let asset = assets.last(where: { OutputCollisions.key($0) == key }) { return "the theme's \(asset)" }
            return pages.last { OutputCollisions.key($0.output) == key }.map { page in
                page.source.map { "\($0)'s page" } ?? "sitegen's page \(page.output)"
            }
        }

        /// The first page (else asset) written inside the folder `key`, if any is.
        func inside(folder key: String) -> String? {
            let prefix = key + "/"
            guard let found = first(atLeast: prefix), keys[found].hasPrefix(prefix) else { return nil }
            return pages.first { OutputCollisions.key($0.output).hasPrefix(prefix) }?.output
                ?? assets.first { OutputCollisions.key($0).hasPrefix(prefix) }
        }

        /// How many pages and assets are written at `key`.
        func count(of key: String) -> Int {
            guard let found = first(atLeast: key) else { return 0 }
            return keys[found...].prefix { $0 == key }.count
        }

        /// The index of the first key not before `key`, if any.
        private func first(atLeast key: String) -> Int? {
            var low = 0
            var high = keys.count
            while low < high {
                let middle = (low + high) / 2
                if keys[middle].precedesByBytes(key) { low = middle + 1 } else { high = middle }
            }
            return low < keys.count ? low : nil
        }
    }

    /// Output paths compared as a case-insensitive file system would.
    static func key(_ output: String) -> String {
        func isPlain(_ byte: UInt8) -> Bool { byte < 0x80 && !(0x41...0x5A).contains(byte) }
        // On the string's own bytes: much cheaper than walking its UTF-8 view.
        return output.withBorrowedUTF8 { $0.allSatisfy(isPlain) } ? output : output.lowercased()
    }
}
