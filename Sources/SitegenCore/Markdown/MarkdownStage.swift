import Synchronization

/// The one place a build turns Markdown into HTML and excerpts.
///
/// Excerpts are what list pages show of posts and menu items, and they are
/// part of each item's identity, so they are known before any page renders:
/// from the build state when the file is unchanged, else by rendering the
/// body here, all such bodies in parallel. The HTML rendered for an excerpt is
/// kept until the item's own page takes it, so a body is rendered once.
///
/// A page that shows a body nobody rendered yet asks `html(of:)`, which
/// renders it then; when the build took the file's model from the state it
/// has not read its body, and reads it there (the one read of content that
/// happens while pages render), checking that the file still has the bytes
/// the build planned with.
final class MarkdownStage: Sendable {
    /// A Markdown body, or where to read it.
    struct Body: Sendable {
        var source: String
        /// The text, when the build read the file; `nil` when its model came from the state.
        var text: String?
        /// A hash of the file's bytes, to notice a file changed while the build ran.
        var sourceHash: UInt64
        /// The line of the file `text` starts on, for messages.
        var firstLine = 1
    }

    /// What list pages take of a body, what rendering it found wrong, and what the site's links need of it.
    struct Taken: Sendable {
        var excerpt: String
        var warnings: [Diagnostic]
        /// Its links into the site, placed in its file.
        var links: [MarkdownLink]
        /// The `id`s its links' `#fragment`s may name.
        var anchors: [String]
    }

    /// How many characters a post's excerpt has.
    static let postExcerptLength = 160
    /// How many characters a menu item's excerpt has.
    static let menuExcerptLength = 80

    private let renderer: MarkdownRenderer
    private let siteRoot: String
    /// The base URL's path, which root-relative links are put under.
    private let rootPath: String
    /// HTML rendered and not yet taken, by source path, with the hash of the bytes it was rendered from
    /// (a stage may serve several builds of one process, `ModelStage`'s memo: a body is only
    /// handed out for the bytes it was made of).
    private let kept = Mutex<[String: (sourceHash: UInt64, html: String)]>([:])
    /// Each rendered body's headings, for tables of contents (small, so kept for the whole build).
    private let headings = Mutex<[String: (sourceHash: UInt64, headings: [(level: Int, id: String, text: String)])]>(
        [:])
    private let failures = Mutex<[Diagnostic]>([])
    /// The last huge body rendered (`MarkdownRenderer.hugeText` bytes or more). Huge bodies are
    /// rendered one at a time under this lock, and each once for the pages, feed and excerpt that
    /// ask for it, so a single huge post costs a small multiple of its size, not that per page.
    private let lastHuge = Mutex<HugeRender?>(nil)

    private struct HugeRender {
        var source: String
        var sourceHash: UInt64
        /// The excerpt's length it was rendered for (0 when none); its HTML and headings serve any.
        var summaryLength: Int
        var rendered: RenderedMarkdown
        var firstLine: Int
    }

    /// The sizes of the site's images, for `<img width height>` (and a collection's image fields).
    let images: [String: ImageSize]
    /// The collections `site.yml` declares, for links to their items' files.
    private let collections: Set<String>

    /// A stage rendering with the Markdown options `settings` ask for; bodies not loaded are read from `siteRoot`.
    /// What a body's excerpt, links and `id`s depend on besides its bytes: the Markdown
    /// extensions, raw HTML allowed or not, and the base URL's path links are resolved under.
    static func renderKey(of settings: SiteSettings) -> UInt64 {
        var key = StableHash()
        key.combine(UInt64(settings.markdownExtensions.rawValue))
        let rawHTML: UInt64 =
            switch settings.rawHTML {
            case .omitted: 0
            case .kept: 1
            case .safe: 2
            }
        key.combine(rawHTML)
        key.combine(settings.rootPath)
        key.combine(footnoteBackLabel(of: settings))
        let titles = alertTitles(of: settings)
        for kind in Alerts.Kind.allCases { key.combine(titles[kind.stringKey] ?? "") }
        // Whether diagrams are drawn changes the HTML and the warnings of a body with one.
        key.combine(settings.mermaidScriptURL ?? "")
        // Links to a collection's page bundles resolve by its name (none: the key of a site without any).
        for name in settings.collections.declaredNames.sorted() { key.combine(name) }
        return key.value
    }

    /// The words of a footnote's back link, in the site's language (`strings:` may replace them).
    private static func footnoteBackLabel(of settings: SiteSettings) -> String {
        ThemeStrings(language: settings.language, overrides: settings.strings)["footnote_back"]
    }

    /// The alerts' titles, in the site's language (`strings:` may replace them).
    private static func alertTitles(of settings: SiteSettings) -> [String: String] {
        let strings = ThemeStrings(language: settings.language, overrides: settings.strings)
        var titles: [String: String] = [:]
        for kind in Alerts.Kind.allCases { titles[kind.stringKey] = strings[kind.stringKey] }
        return titles
    }

    init(settings: SiteSettings, siteRoot: String, images: [String: ImageSize] = [:], math: MathRenderer? = nil) {
        self.images = images
        collections = settings.collections.declaredNames
        renderer = MarkdownRenderer(
            options: Self.options(settings.rawHTML), extensions: settings.markdownExtensions,
            footnoteBackLabel: Self.footnoteBackLabel(of: settings), alertTitles: Self.alertTitles(of: settings),
            mermaidScript: settings.mermaidScriptURL, math: math)
        self.siteRoot = siteRoot
        rootPath = settings.rootPath
    }

    /// Renders the given bodies on all cores; returns their excerpts (cut to `limit` characters, unless a
    /// `<!--more-->` line ends them) and warnings, and keeps their HTML for `html(of:)`.
    func excerpts(of bodies: [(body: Body, limit: Int)]) -> [String: Taken] {
        let rendered = bodies.parallelMap { item -> (Body, String, Taken) in
            let (rendered, firstLine) = render(item.body, summaryLength: item.limit)
            headings.withLock { $0[item.body.source] = (item.body.sourceHash, rendered.headings) }
            let excerpt = HTMLText.excerpt(fromText: rendered.summary, limit: rendered.endsAtMore ? nil : item.limit)
            let links = rendered.links.map { link in
                var placed = link
                placed.line = firstLine + max(link.line, 1) - 1
                return placed
            }
            let taken = Taken(
                excerpt: excerpt, warnings: Self.warnings(rendered, item.body.source, firstLine), links: links,
                anchors: rendered.anchorIDs)
            return (item.body, rendered.html, taken)
        }
        // A converter that cannot run is said once, at the first place that needed it.
        let unavailable = rendered.flatMap { $0.2.warnings.filter(Self.isMathUnavailable) }.min()
        var taken: [String: Taken] = [:]
        taken.reserveCapacity(rendered.count)
        kept.withLock { kept in
            for (body, html, excerpt) in rendered {
                var excerpt = excerpt
                excerpt.warnings.removeAll { Self.isMathUnavailable($0) && $0 != unavailable }
                taken[body.source] = excerpt
                kept[body.source] = (body.sourceHash, html)
            }
        }
        return taken
    }

    /// The renderer's options for what becomes of raw HTML.
    private static func options(_ rawHTML: RawHTMLPolicy) -> MarkdownRenderer.Options {
        switch rawHTML {
        case .omitted: [.belowPageTitle]
        case .safe: [.safeHTML, .belowPageTitle]
        case .kept: [.allowUnsafeHTML, .belowPageTitle]
        }
    }

    /// Raw HTML left out of a body: each part the safe mode left out at its place; HTML left out whole
    /// said once per file, at its first place, with how many there are.
    /// The same thing left out many times in one file (a `style` on every cell of a table) is one warning,
    /// at its first place, with how many there are.
    private static func warnings(_ rendered: RenderedMarkdown, _ source: String, _ firstLine: Int) -> [Diagnostic] {
        let math = rendered.mathProblems.map { problem in
            Diagnostic(
                problem.unavailable ? .error : .warning,
                at: SourceLocation(
                    path: source, line: firstLine + max(problem.line, 1) - 1, column: max(problem.column, 1)),
                problem.message)
        }
        return math + htmlWarnings(rendered, source, firstLine)
    }

    private static func isMathUnavailable(_ diagnostic: Diagnostic) -> Bool {
        diagnostic.severity == .error && diagnostic.message.hasPrefix(MathConverter.unavailablePrefix)
    }

    private static func htmlWarnings(_ rendered: RenderedMarkdown, _ source: String, _ firstLine: Int) -> [Diagnostic] {
        var counts: [String: Int] = [:]
        for removal in rendered.removedHTML { counts[removal.message, default: 0] += 1 }
        var said: Set<String> = []
        let removed = rendered.removedHTML.compactMap { removal -> Diagnostic? in
            guard said.insert(removal.message).inserted else { return nil }
            let count = counts[removal.message] ?? 1
            return Diagnostic(
                .warning,
                at: SourceLocation(
                    path: source, line: firstLine + max(removal.line, 1) - 1, column: max(removal.column, 1)),
                removal.message + (count == 1 ? "" : " (\(count) places in this file; this is the first)"))
        }
        let diagrams = rendered.mermaidBlocks.first.map { first in
            Diagnostic(
                .warning,
                at: SourceLocation(
                    path: source, line: firstLine + max(first.line, 1) - 1, column: max(first.column, 1)),
                MermaidDiagrams.settingMissing)
        }
        guard let first = rendered.omittedHTML.first else { return removed + (diagrams.map { [$0] } ?? []) }
        let count = rendered.omittedHTML.count
        let places = count == 1 ? "" : " (\(count) places; this is the first)"
        return [
            Diagnostic(
                .warning,
                at: SourceLocation(
                    path: source, line: firstLine + max(first.line, 1) - 1, column: max(first.column, 1)),
                "raw HTML is left out of the page\(places); set unsafe_html: safe in site.yml to keep its harmless part, "
                    + "or true to keep it all")
        ] + (diagrams.map { [$0] } ?? [])
    }

    /// A body's HTML: the one kept from `excerpts(of:)` (handed out once), or rendered now.
    func html(of body: Body) -> String {
        let taken = kept.withLock { kept -> String? in
            guard let known = kept[body.source], known.sourceHash == body.sourceHash else { return nil }
            kept[body.source] = nil
            return known.html
        }
        return taken ?? html(rendering: body)
    }

    /// A `markdown` field's text as inline HTML: rendered as a body is (links resolved from
    /// `source`, raw HTML as `unsafe_html:` says), without the paragraph around a single one.
    /// Images are left without sizes: the item's value is not made of them.
    func inlineHTML(of text: String, source: String) -> String {
        let html = renderer.render(
            text, summaryLength: 0, links: LinkBase(source: source, root: rootPath, collections: collections)
        ).html
        guard html.hasPrefix("<p>"), html.hasSuffix("</p>\n"), !html.dropFirst(3).contains("<p>") else { return html }
        return String(html.dropFirst(3).dropLast(5))
    }

    /// Keeps the math converted in this build for the next (`MathRenderer.save`).
    func storeMath() { renderer.math?.save() }

    /// Problems met reading bodies while pages rendered; the build fails with them.
    var problems: [Diagnostic] { failures.withLock { $0 } }

    /// Forgets the problems met so far, for a build that takes this stage over from the last one.
    func forgetProblems() {
        failures.withLock { $0 = [] }
        lastHuge.withLock { $0 = nil }
    }

    private func html(rendering body: Body) -> String {
        let (rendered, firstLine) = render(body, summaryLength: 0)
        let unavailable = Self.warnings(rendered, body.source, firstLine).filter(Self.isMathUnavailable)
        if !unavailable.isEmpty {
            failures.withLock { failures in
                if !failures.contains(where: Self.isMathUnavailable) { failures += unavailable }
            }
        }
        headings.withLock { $0[body.source] = (body.sourceHash, rendered.headings) }
        return rendered.html
    }

    /// A body's headings: kept from its rendering, or rendered now (its HTML kept for `html(of:)`).
    func headings(of body: Body) -> [(level: Int, id: String, text: String)] {
        if let known = headings.withLock({ $0[body.source] }), known.sourceHash == body.sourceHash {
            return known.headings
        }
        let rendered = render(body, summaryLength: 0).rendered
        headings.withLock { $0[body.source] = (body.sourceHash, rendered.headings) }
        kept.withLock { $0[body.source] = (body.sourceHash, rendered.html) }
        return rendered.headings
    }

    /// A body rendered, and the line of its file the Markdown starts on. A huge body is rendered
    /// once (its last rendering serves every later ask for it) and one huge body at a time.
    private func render(_ body: Body, summaryLength: Int) -> (rendered: RenderedMarkdown, firstLine: Int) {
        guard isHuge(body) else { return rendering(body, summaryLength: summaryLength) }
        return lastHuge.withLock { last in
            if let known = last, known.source == body.source, known.sourceHash == body.sourceHash,
                summaryLength == 0 || known.summaryLength == summaryLength
            {
                return (known.rendered, known.firstLine)
            }
            last = nil  // Its memory goes before the next one's is taken.
            let (rendered, firstLine) = rendering(body, summaryLength: summaryLength)
            last = HugeRender(
                source: body.source, sourceHash: body.sourceHash, summaryLength: summaryLength, rendered: rendered,
                firstLine: firstLine)
            return (rendered, firstLine)
        }
    }

    /// Whether a body's text (or its file, when not in memory) is `MarkdownRenderer.hugeText` bytes or more.
    private func isHuge(_ body: Body) -> Bool {
        if let text = body.text { return text.utf8.count >= MarkdownRenderer.hugeText }
        return (FileStatus(path: siteRoot + "/" + body.source)?.size ?? 0) >= MarkdownRenderer.hugeText
    }

    private func rendering(_ body: Body, summaryLength: Int) -> (rendered: RenderedMarkdown, firstLine: Int) {
        let links = LinkBase(source: body.source, root: rootPath, images: images, collections: collections)
        if let text = body.text {
            return (renderer.render(text, summaryLength: summaryLength, links: links), body.firstLine)
        }
        do {
            let bytes = try FileReader.read(siteRoot + "/" + body.source)
            guard StableHash.of(bytes) == body.sourceHash else {
                throw Diagnostic(
                    at: SourceLocation(path: body.source),
                    "the file changed while the site was being built; build again")
            }
            let document = try ContentDocument(path: body.source, bytes: bytes)
            return (renderer.render(document.body, summaryLength: summaryLength, links: links), document.bodyFirstLine)
        } catch let diagnostic as Diagnostic {
            failures.withLock { $0.append(diagnostic) }
        } catch {
            failures.withLock {
                $0.append(Diagnostic(at: SourceLocation(path: body.source), "cannot read file: \(error)"))
            }
        }
        return (renderer.render("", summaryLength: 0), 1)
    }
}
