import Foundation

/// Reads a site folder into a checked `SiteContent`: `site.yml`, then every
/// content file (in parallel), collecting every problem found.
public struct SiteLoader: Sendable {
    /// The site folder.
    public let siteRoot: URL
    /// Whether posts marked `draft: true` are included.
    public let includeDrafts: Bool

    /// A loader for the site at `siteRoot`.
    public init(siteRoot: URL, includeDrafts: Bool = false) {
        self.siteRoot = siteRoot
        self.includeDrafts = includeDrafts
    }

    /// The site's content, or `nil` when an error was found; every diagnostic either way.
    public func load() -> (content: SiteContent?, diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let settings = loadSettings(&diagnostics)
        let maxFileSize = settings?.maxFileSize ?? SiteSettings.defaultMaxFileSize
        let scan = ContentScanner(siteRoot: siteRoot).scan()
        diagnostics += scan.diagnostics
        let root = siteRoot.path
        let loaded = scan.files.parallelMap { file in
            Self.loadItem(file, siteRoot: root, maxFileSize: maxFileSize)
        }
        var content = SiteContent(
            settings: settings ?? .defaults(title: ""), posts: [], menu: [], profiles: [], primes: nil, pages: [],
            sourcePaths: [:])
        for (file, result) in zip(scan.files, loaded) {
            diagnostics += result.diagnostics
            guard let item = result.item else { continue }
            content.sourcePaths[file.name] = file.path
            switch item {
            case .post(let post): if includeDrafts || !post.isDraft { content.posts.append(post) }
            case .menuItem(let item): content.menu.append(item)
            case .profile(let profile): content.profiles.append(profile)
            case .primes(let primes): content.primes = primes
            case .page(let page): content.pages.append(page)
            }
        }
        content.sort()
        let failed = settings == nil || diagnostics.contains { $0.severity == .error }
        return (failed ? nil : content, diagnostics.sorted())
    }

    private func loadSettings(_ diagnostics: inout [Diagnostic]) -> SiteSettings? {
        let path = siteRoot.appendingPathComponent("site.yml").path
        let bytes: [UInt8]
        do {
            bytes = try FileReader.read(path, limit: SiteSettings.defaultMaxFileSize)
        } catch {
            let reason: String
            switch error {
            case .system(let failure) where failure.code == ENOENT:
                reason = "no site.yml here; is this a sitegen site? (`sitegen init DIR` starts one)"
            case .system(let failure): reason = "cannot read site.yml: \(failure.reason)"
            case .tooLarge(let size, let limit): reason = "site.yml is \(size) bytes, more than \(limit)"
            }
            diagnostics.append(Diagnostic(at: SourceLocation(path: "site.yml"), reason))
            return nil
        }
        do {
            let document = try ContentDocument(path: "site.yml", bytes: bytes, layout: .yaml)
            let (settings, problems) = SiteSettings.load(document, slug: "site")
            diagnostics += problems
            return settings
        } catch {
            diagnostics.append(error)
            return nil
        }
    }

    /// One content file's model, or the problems that stopped it.
    private enum Item: Sendable {
        case post(Post), menuItem(MenuItem), profile(Profile), primes(PrimesPage), page(PlainPage)
    }

    private static func loadItem(
        _ file: ContentFile, siteRoot: String, maxFileSize: Int
    ) -> (item: Item?, diagnostics: [Diagnostic]) {
        let location = SourceLocation(path: file.path)
        let parts = file.name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let slug = parts.last ?? file.name
        if let problem = SlugRules.problem(in: slug) {
            return (nil, [Diagnostic(at: location, "cannot use this file name as a page address: \(problem)")])
        }
        let bytes: [UInt8]
        do {
            bytes = try FileReader.read(siteRoot + "/" + file.path, limit: maxFileSize)
        } catch {
            switch error {
            case .system(let failure): return (nil, [Diagnostic(at: location, "cannot read file: \(failure.reason)")])
            case .tooLarge(let size, let limit):
                return (
                    nil,
                    [
                        Diagnostic(
                            at: location,
                            "file is \(size) bytes, larger than max_file_size (\(limit)); raise max_file_size in site.yml if this is intended"
                        )
                    ]
                )
            }
        }
        let document: ContentDocument
        do {
            document = try ContentDocument(path: file.path, bytes: bytes)
        } catch {
            return (nil, [error])
        }
        let section = parts.count > 1 ? parts[0] : nil
        switch (section, parts.count) {
        case ("posts", 2): return wrap(Post.load(document, slug: slug), Item.post)
        case ("menu", 2): return wrap(MenuItem.load(document, slug: slug), Item.menuItem)
        case ("profiles", 2): return wrap(Profile.load(document, slug: slug), Item.profile)
        case (nil, 1) where slug == "primes": return wrap(PrimesPage.load(document, slug: slug), Item.primes)
        case ("posts", _), ("menu", _), ("profiles", _):
            return (nil, [Diagnostic(at: location, "put this file directly in content/\(section!)/, not in a subfolder")])
        default: return wrap(PlainPage.load(document, slug: file.name), Item.page)
        }
    }

    private static func wrap<Model>(
        _ result: (model: Model?, diagnostics: [Diagnostic]), _ make: (Model) -> Item
    ) -> (item: Item?, diagnostics: [Diagnostic]) {
        (result.model.map(make), result.diagnostics)
    }
}
