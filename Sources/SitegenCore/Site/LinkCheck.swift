/// Every link and image the site's Markdown points into the site must arrive:
/// at a page, a published file or a kept entry, and at one of that page's
/// `id`s when it names a `#fragment`. Run on every build from the links each
/// file's last rendering noted (kept in the source cache), so an unchanged
/// file's link to a page deleted since is still caught. Broken links are
/// errors, or warnings with `links: warn` in `site.yml`.
///
/// A link's verdict depends only on the link and on what the site has at the
/// places links can name (`reach`); while those places hold the last build's,
/// only the links that changed, and those that failed then, are checked again
/// (`LinkCheckMemo`).
struct LinkCheck {
    /// The pages, theme assets and published files the site has.
    let pages: [PlannedPage]
    let assets: [String]
    let files: [PublishedFile]
    /// Output entries builds leave alone (`.git`, `keep:`): links into them are taken on trust.
    let kept: [String]
    /// Content files loaded, published or not (a draft is named as one), with their hashes.
    let loaded: [SourcePath: UInt64]
    /// Content files that did not load (their own errors are reported): links to them, by file
    /// or by their page's address, are not reported as well.
    var failed: Set<SourcePath> = []
    /// Whether `#fragment`s are checked: headings have `id`s only with heading anchors on.
    let checksFragments: Bool
    let severity: Diagnostic.Severity

    /// Everything a link's verdict can depend on besides the link itself: every address,
    /// page, published file and kept entry of the site, and the `id`s of every page of
    /// `sources` (the files whose links are checked). Loaded files are left out: they only
    /// word a failure, and files that failed are checked again on every build.
    func reach(sources: [String], anchors: [SourcePath: [String]], settingsHash: UInt64) -> LinkReach {
        var base = StableHash()
        base.combine(settingsHash)
        base.combine(checksFragments ? 1 : 0)
        base.combine(severity == .error ? 1 : 0)
        // Pages and shown files are most of it: hashed on all cores.
        let pagePlaces = pages.parallelMap { page in
            (LinkReach.place(.output, page.output), page.source.map { LinkReach.place(.page, page.output, $0) })
        }
        let shownPlaces = sources.parallelMap { source in
            LinkReach.place(shown: source, ids: anchors[SourcePath(source)] ?? [])
        }
        var places = shownPlaces
        places.reserveCapacity(2 * pages.count + 2 * files.count + assets.count + kept.count + sources.count)
        var outputs: [(place: UInt64, path: String)] = []
        outputs.reserveCapacity(pages.count + files.count + assets.count)
        for (page, (output, shows)) in zip(pages, pagePlaces) {
            outputs.append((output, page.output))
            places.append(output)
            if let shows { places.append(shows) }
        }
        for file in files {
            let output = LinkReach.place(.output, file.output)
            outputs.append((output, file.output))
            places.append(output)
            places.append(LinkReach.place(.sitePath, file.source))
        }
        for asset in assets {
            let output = LinkReach.place(.output, asset)
            outputs.append((output, asset))
            places.append(output)
        }
        for entry in kept { places.append(LinkReach.place(.kept, entry)) }
        places.sort()
        return LinkReach(base: base.value, places: places, outputs: outputs)
    }

    /// The broken links among those of `sources` (each file's links in `links`), and among
    /// `site.yml`'s `nav` when given, with their places; `anchors` are each page's `id`s by source.
    /// Beside them, for each file of `sources`, the places its links arrived at (sorted), which
    /// keep its verdict while they are there.
    func problems(
        of sources: [String], links: [String: [MarkdownLink]], anchors: [SourcePath: [String]],
        nav: [SiteSettings.NavLink] = [], index: Index? = nil
    ) -> (diagnostics: [Diagnostic], arrivals: [String: [UInt64]]) {
        guard !sources.isEmpty || !nav.isEmpty else { return ([], [:]) }
        // A nav link is a site path whether or not it starts with `/` (`SitePaths.resolve`).
        let navLinks = nav.compactMap { link -> (SiteSettings.NavLink, SourceLocation, MarkdownLink)? in
            guard let location = link.location, !link.url.contains("://"), !link.url.hasPrefix("mailto:"),
                let (_, target, fragment) = LinkResolution.resolve(
                    "/" + link.url.drop { $0 == "/" }, from: LinkBase(source: "site.yml", root: "/"))
            else { return nil }
            let written = MarkdownLink(
                target: target, fragment: fragment, written: link.url, isImage: false, line: 0, column: 0)
            return (link, location, written)
        }
        let index = index ?? Index(self, for: sources.flatMap { links[$0] ?? [] } + navLinks.map(\.2))
        let checked = sources.parallelMap { source -> (diagnostics: [Diagnostic], arrivals: [UInt64]) in
            var arrivals: Set<UInt64> = []
            let diagnostics = (links[source] ?? []).compactMap { link -> Diagnostic? in
                guard let reason = problem(link, in: source, index: index, anchors: anchors, arrivals: &arrivals)
                else { return nil }
                return Diagnostic(
                    severity, at: SourceLocation(path: source, line: link.line, column: link.column),
                    "broken \(link.isImage ? "image" : "link") \(link.written): \(reason)")
            }
            return (diagnostics, arrivals.sorted())
        }
        var diagnostics = checked.flatMap(\.diagnostics)
        for (link, location, written) in navLinks {
            var arrivals: Set<UInt64> = []
            guard let reason = problem(written, in: "site.yml", index: index, anchors: anchors, arrivals: &arrivals)
            else { continue }
            diagnostics.append(Diagnostic(severity, at: location, "broken nav link \(link.url): \(reason)"))
        }
        return (diagnostics, Dictionary(uniqueKeysWithValues: zip(sources, checked.map(\.arrivals))))
    }

    /// What links are looked up in, made of the pages, assets and files only: a build with
    /// the same ones may use the last build's.
    var index: Index { Index(self) }

    /// What links are looked up in: the whole site's places, or only those that a given
    /// set of links can name.
    struct Index: Sendable {
        /// The source of each page that has one, by output path.
        var sourceOf: [String: String] = [:]
        /// The content files that have a page, with the output of their first.
        var published: [String: String] = [:]
        /// Every output path: pages, assets, published files.
        var outputs: Set<String> = []
        /// Every published file, by its path in the site.
        var sitePaths: Set<String> = []

        /// The whole site's.
        init(_ check: LinkCheck) {
            self.init(check, outputs: nil, sources: nil, sitePaths: nil)
        }

        /// Enough to look `links` up: what they can name, found in one pass over the site's
        /// pages and files, without a table of all of them (the whole site's when they are many).
        init(_ check: LinkCheck, for links: [MarkdownLink]) {
            guard links.count < check.pages.count / 8 else {
                self.init(check)
                return
            }
            var outputs: Set<String> = []
            var sources: Set<String> = []
            var sitePaths: Set<String> = []
            for link in links {
                switch link.target {
                case .page(let source):
                    sources.insert(source)
                    sources.insert(LinkCheck.otherForm(of: source))
                case .file(let sitePath): sitePaths.insert(sitePath)
                case .address(let address): outputs.formUnion(LinkCheck.candidates(for: address))
                case .samePage, .unpublished, .climbsOut: break
                }
            }
            self.init(check, outputs: outputs, sources: sources, sitePaths: sitePaths)
        }

        /// Every place, or (where a set is given) only those in it.
        private init(
            _ check: LinkCheck, outputs wanted: Set<String>?, sources: Set<String>?, sitePaths paths: Set<String>?
        ) {
            if wanted == nil {
                sourceOf.reserveCapacity(check.pages.count)
                published.reserveCapacity(check.pages.count)
                outputs.reserveCapacity(check.pages.count + check.assets.count + check.files.count)
            }
            func takes(_ item: String, _ set: Set<String>?) -> Bool { set?.contains(item) ?? true }
            for page in check.pages {
                let output = takes(page.output, wanted)
                if output { outputs.insert(page.output) }
                guard let source = page.source else { continue }
                if output { sourceOf[page.output] = source }
                if published[source] == nil, takes(source, sources) { published[source] = page.output }
            }
            for asset in check.assets where takes(asset, wanted) { outputs.insert(asset) }
            for file in check.files {
                if takes(file.output, wanted) { outputs.insert(file.output) }
                if takes(file.source, paths) { sitePaths.insert(file.source) }
            }
        }
    }

    /// Where the pages of the files that did not load would be.
    private var failedAddresses: [String] {
        failed.flatMap { source -> [String] in
            guard let segments = PageAddress.segments(ofSource: source.text) else { return [] }
            let page = (segments + ["index.html"]).joined(separator: "/")
            return source.text == PrimesPage.sourcePath ? [page, "counter/index.html"] : [page]
        }
    }

    /// The outputs an address can be, in the order they are looked for.
    fileprivate static func candidates(for address: String) -> [String] {
        address.isEmpty || address.hasSuffix("/") ? [address + "index.html"] : [address, address + "/index.html"]
    }

    /// A page bundle's source as a plain file, or a plain file's as a bundle (`missing` names it).
    fileprivate static func otherForm(of page: String) -> String {
        page.hasSuffix("/index.md")
            ? String(page.dropLast("/index.md".count)) + ".md" : String(page.dropLast(3)) + "/index.md"
    }

    /// Why `link` is broken, or `nil` when it arrives, adding the places it arrived at to `arrivals`.
    private func problem(
        _ link: MarkdownLink, in source: String, index: Index, anchors: [SourcePath: [String]],
        arrivals: inout Set<UInt64>
    ) -> String? {
        let target: String?  // The content file whose ids the fragment must name, if known.
        switch link.target {
        case .samePage: target = source
        case .page(let page):
            guard let output = index.published[page] else {
                return failed.contains(SourcePath(page)) ? nil : missing(page, published: index.published)
            }
            arrivals.insert(LinkReach.place(.page, output, page))
            target = page
        case .file(let sitePath):
            guard index.sitePaths.contains(sitePath) else { return "there is no file \(sitePath)" }
            arrivals.insert(LinkReach.place(.sitePath, sitePath))
            target = nil
        case .address(let address):
            guard let output = Self.candidates(for: address).first(where: index.outputs.contains) else {
                let top = String(address.prefix { $0 != "/" })
                guard let entry = kept.first(where: { $0 == top || address.hasPrefix($0 + "/") }) else {
                    if !failed.isEmpty, failedAddresses.contains(where: Self.candidates(for: address).contains) {
                        return nil
                    }
                    return "no page or file of this site is at /\(address)"
                }
                arrivals.insert(LinkReach.place(.kept, entry))
                return nil
            }
            arrivals.insert(LinkReach.place(.output, output))
            target = index.sourceOf[output]
            // Which file's `id`s a fragment names is which file the page there shows.
            if let target, checksFragments, link.fragment != nil {
                arrivals.insert(LinkReach.place(.page, output, target))
            }
        case .unpublished(let sitePath): return "\(sitePath) is outside content/ and static/, so it is not published"
        case .climbsOut: return "it leads out of the site folder"
        }
        // `#top` is the top of any page, with or without an element of that id.
        guard checksFragments, let fragment = link.fragment, fragment != "top", let target,
            let ids = anchors[SourcePath(target)]
        else { return nil }
        arrivals.insert(LinkReach.place(shown: target, ids: ids))
        guard !ids.contains(fragment) else { return nil }
        let page = target == source ? "this page" : target
        return "\(page) has no heading or footnote with the id \"\(fragment)\""
    }

    /// Why a content file has no page: not published, not there, or there in the other form (bundle or plain).
    private func missing(_ page: String, published: [String: String]) -> String {
        if loaded[SourcePath(page)] != nil {
            return "\(page) is not published in this build (a draft, or dated after now)"
        }
        let other = Self.otherForm(of: page)
        if PageAddress.segments(ofSource: page) != nil, published[other] != nil {
            return "there is no \(page) (the page is \(other))"
        }
        return "there is no \(page)"
    }
}
