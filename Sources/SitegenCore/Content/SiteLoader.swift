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
        var settingsHash: UInt64 = 0
        let settings = loadSettings(&diagnostics, settingsHash: &settingsHash)
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
        content.sourceHashes["site.yml"] = settingsHash
        for (file, result) in zip(scan.files, loaded) {
            diagnostics += result.diagnostics
            guard let item = result.item else { continue }
            content.sourcePaths[file.name] = file.path
            content.sourceHashes[file.path] = result.hash
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

    private func loadSettings(_ diagnostics: inout [Diagnostic], settingsHash: inout UInt64) -> SiteSettings? {
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
            settingsHash = StableHash.of(bytes)
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
    ) -> (item: Item?, diagnostics: [Diagnostic], hash: UInt64) {
        let (item, diagnostics, bytes) = parseItem(file, siteRoot: siteRoot, maxFileSize: maxFileSize)
        return (item, diagnostics, item == nil ? 0 : StableHash.of(bytes))
    }

    private static func parseItem(
        _ file: ContentFile, siteRoot: String, maxFileSize: Int
    ) -> (item: Item?, diagnostics: [Diagnostic], bytes: [UInt8]) {
        let location = SourceLocation(path: file.path)
        let kind: ContentKind
        let slug: String
        switch ContentKind.of(contentName: file.name) {
        case .success(let found): (kind, slug) = found
        case .failure(let problem): return (nil, [Diagnostic(at: location, problem.message)], [])
        }
        let bytes: [UInt8]
        do {
            bytes = try FileReader.read(siteRoot + "/" + file.path, limit: maxFileSize)
        } catch {
            switch error {
            case .system(let failure): return (nil, [Diagnostic(at: location, "cannot read file: \(failure.reason)")], [])
            case .tooLarge(let size, let limit):
                return (
                    nil,
                    [
                        Diagnostic(
                            at: location,
                            "file is \(size) bytes, larger than max_file_size (\(limit)); raise max_file_size in site.yml if this is intended"
                        )
                    ],
                    []
                )
            }
        }
        let document: ContentDocument
        do {
            document = try ContentDocument(path: file.path, bytes: bytes)
        } catch {
            return (nil, [error], [])
        }
        switch kind {
        case .post: return wrap(Post.load(document, slug: slug), Item.post, bytes)
        case .menuItem: return wrap(MenuItem.load(document, slug: slug), Item.menuItem, bytes)
        case .profile: return wrap(Profile.load(document, slug: slug), Item.profile, bytes)
        case .primes: return wrap(PrimesPage.load(document, slug: slug), Item.primes, bytes)
        case .page: return wrap(PlainPage.load(document, slug: slug), Item.page, bytes)
        }
    }

    private static func wrap<Model>(
        _ result: (model: Model?, diagnostics: [Diagnostic]), _ make: (Model) -> Item, _ bytes: [UInt8]
    ) -> (item: Item?, diagnostics: [Diagnostic], bytes: [UInt8]) {
        (result.model.map(make), result.diagnostics, bytes)
    }
}
