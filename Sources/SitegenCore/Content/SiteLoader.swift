import Foundation

/// Reads a site folder into a checked `SiteContent`: `site.yml`, then every
/// content file (in parallel), collecting every problem found.
package struct SiteLoader: Sendable {
    /// The site folder.
    package let siteRoot: URL
    /// Which posts are included: drafts, future ones.
    package let publishing: Publishing

    /// A loader for the site at `siteRoot`.
    package init(siteRoot: URL, includeDrafts: Bool = false) {
        self.init(siteRoot: siteRoot, publishing: Publishing(includeDrafts: includeDrafts))
    }

    /// A loader for the site at `siteRoot` including the posts `publishing` names.
    package init(siteRoot: URL, publishing: Publishing) {
        self.siteRoot = siteRoot
        self.publishing = publishing
    }

    /// The site's content, or `nil` when an error was found; every diagnostic either way.
    package func load() -> (content: SiteContent?, diagnostics: [Diagnostic]) {
        let result = load(cache: nil)
        return (result.diagnostics.contains { $0.severity == .error } ? nil : result.content, result.diagnostics)
    }

    /// Loads the site, taking unchanged files from `cache` (their bodies are left
    /// unread: `MarkdownStage` reads one if a page shows it); also returns the cache for the next build, and
    /// the scan of `content/`.
    /// `renderKey` names what the cache's rendered parts (excerpts, links, ids) depend on in the
    /// settings (`MarkdownStage.renderKey`); a cache made with another is not used.
    /// `survey` is the content folder as a look taken earlier in this build found it (`ContentSurvey`).
    /// The content is `nil` only when `site.yml` could not be read; with errors in content files it
    /// holds the files that loaded (and names the others in `failed`).
    package func load(
        cache given: SourceCache?, survey: ContentSurvey? = nil, renderKey: (SiteSettings) -> UInt64 = { _ in 0 }
    ) -> (content: SiteContent?, diagnostics: [Diagnostic], cache: SourceCache, scan: ContentScan) {
        var diagnostics: [Diagnostic] = []
        var settingsHash: UInt64 = 0
        var declared = SiteCollections()
        let settings = loadSettings(&diagnostics, settingsHash: &settingsHash, collections: &declared)
        let collections = declared
        // Cached items were read by the schemas of their time: other declarations, another reading.
        let key =
            settings.map { settings in
                var key = StableHash()
                key.combine(renderKey(settings))
                key.combine(collections.digest)
                return key.value
            } ?? UInt64(0)
        let cache = given?.renderKey == key ? given : nil
        // The new cache starts as the old one: unchanged files keep their entries.
        var newCache = cache ?? SourceCache()
        newCache.written = survey?.started ?? FileStatus.now()
        newCache.renderKey = key
        let maxFileSize = settings?.maxFileSize ?? SiteSettings.defaultMaxFileSize
        var timer = PhaseTimer()
        let scan = survey?.scan ?? ContentScanner(siteRoot: siteRoot).scan()
        diagnostics += scan.diagnostics
        timer.lap(survey == nil ? "load: scan" : "load: scan (taken while the state was read)")
        let root = siteRoot.path
        let paths = scan.files.map { SourcePath($0.path) }  // Each hashed once, for every table keyed by it.
        var loaded = Array(scan.files.indices).parallelMap {
            index -> (
                item: Item?, diagnostics: [Diagnostic], hash: UInt64, modelHash: UInt64, entry: SourceCache.Entry?,
                bodyLine: Int?
            ) in
            let file = scan.files[index]
            let status = survey.map { $0.statuses[index] } ?? FileStatus(path: root + "/" + file.path)
            if let status, let entry = cache?.entry(for: paths[index], status: status), status.size <= maxFileSize {
                return (entry.item, entry.warnings, entry.hash, entry.modelHash, nil, nil)
            }
            let result = Self.loadItem(file, siteRoot: root, maxFileSize: maxFileSize, collections: collections)
            let modelHash = result.item.map(SourceCache.modelHash(of:)) ?? 0
            guard let item = result.item, let status, !result.diagnostics.contains(where: { $0.severity == .error })
            else { return (result.item, result.diagnostics, result.hash, modelHash, nil, result.bodyLine) }
            var entry = SourceCache.Entry(
                status: status, hash: result.hash, modelHash: modelHash, item: item, warnings: result.diagnostics)
            // The same bytes read again (a file touched, copied or checked out, or changed too soon after
            // the last build to be trusted): what was rendered of them still holds, and so do the warnings
            // its Markdown gave.
            if let old = cache?.entries[paths[index]], old.hash == result.hash, let excerpt = old.excerpt {
                entry.excerpt = excerpt
                entry.anchors = old.anchors
                entry.links = old.links
                entry.arrivals = old.arrivals
                entry.warnings = old.warnings
            }
            return (result.item, entry.warnings, result.hash, modelHash, entry, result.bodyLine)
        }
        timer.lap("load: files")
        var content = SiteContent(
            settings: settings ?? .defaults(title: ""), posts: [], menu: [], profiles: [], primes: nil, pages: [])
        content.sourceHashes["site.yml"] = settingsHash
        content.now = publishing.now
        content.sourceHashes.reserveCapacity(scan.files.count + 1)
        content.modelHashes.reserveCapacity(scan.files.count)
        var stored = 0
        // By index, each model and entry taken out of `loaded`, not copied: a copy of each result
        // retained every string of its model and entry, and their release followed.
        for index in loaded.indices {
            let path = paths[index]
            diagnostics += loaded[index].diagnostics
            guard let item = loaded[index].item.take() else {
                newCache.entries[path] = nil
                content.failed.insert(path)
                continue
            }
            content.sourceHashes[path] = loaded[index].hash
            content.modelHashes[path] = loaded[index].modelHash
            let bodyLine = loaded[index].bodyLine
            if let bodyLine {
                content.bodyLines[path] = bodyLine
            } else {
                content.unloadedBodies.insert(path)
            }
            if bodyLine == nil {
                stored += 1
            } else if let entry = loaded[index].entry.take() {
                newCache.entries[path] = entry
                stored += 1
            } else {
                newCache.entries[path] = nil
            }
            content.add(item, publishing: publishing)
        }
        if newCache.entries.count != stored {  // Files gone since: drop their entries (every file loaded has a hash).
            let gone = newCache.entries.keys.filter { content.sourceHashes[$0] == nil }
            for path in gone { newCache.entries[path] = nil }
        }
        content.sort()
        timer.lap("load: content")
        let published = PublishedFiles(siteRoot: root, maxFileSize: maxFileSize)
            .find(contentFiles: scan.otherFiles, content: content, markdownFiles: scan.files)
        content.files = published.files
        diagnostics += published.diagnostics
        timer.lap("load: published files")
        let data = DataFolder(siteRoot: root, maxFileSize: maxFileSize).load()
        content.data = data.files
        diagnostics += data.diagnostics
        timer.lap("load: data files")
        // With errors, the content is what did load, so that the rest of the site is checked too.
        return (settings == nil ? nil : content, diagnostics.sorted(), newCache, scan)
    }

    func loadSettings(_ diagnostics: inout [Diagnostic], settingsHash: inout UInt64) -> SiteSettings? {
        var collections = SiteCollections()
        return loadSettings(&diagnostics, settingsHash: &settingsHash, collections: &collections)
    }

    /// The settings, and in `collections` the collections `site.yml` declares: those declared
    /// without a mistake even when other settings have one (so that the content is still read
    /// as the site means it, and only its own problems are reported).
    func loadSettings(
        _ diagnostics: inout [Diagnostic], settingsHash: inout UInt64, collections: inout SiteCollections
    ) -> SiteSettings? {
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
            if let settings {
                collections = settings.collections
            } else {
                var reader = FieldReader(document)
                collections = CollectionDeclarations.read(&reader)
            }
            return settings
        } catch {
            diagnostics.append(error)
            return nil
        }
    }

    /// One content file's model.
    package enum Item: Sendable, Equatable {
        case post(Post)
        case menuItem(MenuItem)
        case profile(Profile)
        case primes(PrimesPage)
        case page(PlainPage)
        /// Boxed: an item is larger than every other case, and every item of a site is copied as an `Item`.
        indirect case item(CollectionItem)

        /// The item as read from the file at `path`: a page bundle when that is its `index.md`.
        func placed(at path: String) -> Item {
            if case .item(var item) = self {
                item.isBundle = path.hasSuffix("/\(item.slug)/index.md")
                return .item(item)
            }
            guard path.endsWithBytes("/index.md"), ContentScanner.plainFile(ofBundle: path) != nil else { return self }
            switch self {
            case .post(var post):
                post.isBundle = true
                return .post(post)
            case .menuItem(var item):
                item.isBundle = true
                return .menuItem(item)
            case .profile(var profile):
                profile.isBundle = true
                return .profile(profile)
            case .primes, .page, .item: return self
            }
        }
    }

    static func loadItem(
        _ file: ContentFile, siteRoot: String, maxFileSize: Int, collections: SiteCollections
    ) -> (item: Item?, diagnostics: [Diagnostic], hash: UInt64, bodyLine: Int) {
        let (item, diagnostics, bytes) = parseItem(
            file, siteRoot: siteRoot, maxFileSize: maxFileSize, collections: collections)
        guard item != nil else { return (nil, diagnostics, 0, 1) }
        return (item, diagnostics, StableHash.of(bytes), ContentDocument.bodyFirstLine(of: bytes))
    }

    private static func parseItem(
        _ file: ContentFile, siteRoot: String, maxFileSize: Int, collections: SiteCollections
    ) -> (item: Item?, diagnostics: [Diagnostic], bytes: [UInt8]) {
        let location = SourceLocation(path: file.path)
        let kind: ContentKind
        let slug: String
        switch ContentKind.of(contentName: file.name, collections: collections.declaredNames) {
        case .success(let found): (kind, slug) = found
        case .failure(let problem): return (nil, [Diagnostic(at: location, problem.message)], [])
        }
        let bytes: [UInt8]
        do {
            bytes = try FileReader.read(siteRoot + "/" + file.path, limit: maxFileSize)
        } catch {
            switch error {
            case .system(let failure):
                return (nil, [Diagnostic(at: location, "cannot read file: \(failure.reason)")], [])
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
        let (item, diagnostics) = self.item(of: document, kind: kind, slug: slug, collections: collections)
        return (item, diagnostics, bytes)
    }

    /// The item a parsed content file holds, read as `kind`, and every problem its rules found.
    static func item(
        of document: ContentDocument, kind: ContentKind, slug: String, collections: SiteCollections = SiteCollections()
    ) -> (item: Item?, diagnostics: [Diagnostic]) {
        let path = document.path
        switch kind {
        case .post: return builtIn(Post.self, document, slug, collections) { Item.post($0).placed(at: path) }
        case .menuItem:
            return builtIn(MenuItem.self, document, slug, collections) { Item.menuItem($0).placed(at: path) }
        case .profile: return builtIn(Profile.self, document, slug, collections) { Item.profile($0).placed(at: path) }
        case .primes: return wrap(PrimesPage.load(document, slug: slug), Item.primes)
        case .page: return wrap(PlainPage.load(document, slug: slug), Item.page)
        case .item(let name):
            guard let schema = collections.declared(named: name) else {
                return (nil, [Diagnostic(at: document.startLocation, "no collection named \(name) is declared")])
            }
            return wrap(CollectionItem.load(document, slug: slug, schema: schema), { Item.item($0).placed(at: path) })
        }
    }

    /// A built-in kind read by its schema with the fields `site.yml` adds to it.
    private static func builtIn<Model: BuiltInKind>(
        _ model: Model.Type, _ document: ContentDocument, _ slug: String, _ collections: SiteCollections,
        _ make: (Model) -> Item
    ) -> (item: Item?, diagnostics: [Diagnostic]) {
        let schema = collections.schema(named: Model.builtInSchema.name) ?? Model.builtInSchema
        return wrap(Model.load(document, slug: slug, schema: schema), make)
    }

    private static func wrap<Model>(
        _ result: (model: Model?, diagnostics: [Diagnostic]), _ make: (Model) -> Item
    ) -> (item: Item?, diagnostics: [Diagnostic]) {
        (result.model.map(make), result.diagnostics)
    }
}
