/// Every link and image the site's Markdown points into the site must arrive:
/// at a page, a published file or a kept entry, and at one of that page's
/// `id`s when it names a `#fragment`. Run on every build from the links each
/// file's last rendering noted (kept in the source cache), so an unchanged
/// file's link to a page deleted since is still caught. Broken links are
/// errors, or warnings with `links: warn` in `site.yml`.
struct LinkCheck {
    /// The pages, theme assets and published files the site has.
    let pages: [PlannedPage]
    let assets: [String]
    let files: [PublishedFile]
    /// Output entries builds leave alone (`.git`, `keep:`): links into them are taken on trust.
    let kept: [String]
    /// Content files loaded, published or not (a draft is named as one).
    let loaded: Set<String>
    /// Whether `#fragment`s are checked: headings have `id`s only with heading anchors on.
    let checksFragments: Bool
    let severity: Diagnostic.Severity

    /// The broken links among `links` (by source file) and `site.yml`'s `nav`, with their places;
    /// `anchors` are each page's `id`s by source.
    func problems(links: [String: [MarkdownLink]], anchors: [String: [String]], nav: [SiteSettings.NavLink] = [])
        -> [Diagnostic]
    {
        var sourceOf: [String: String] = [:]
        var published: Set<String> = []
        for page in pages {
            if let source = page.source {
                sourceOf[page.output] = source
                published.insert(source)
            }
        }
        let outputs = Set(pages.map(\.output) + assets + files.map(\.output))
        let sitePaths = Set(files.map(\.source))
        let ids = anchors.mapValues(Set.init)
        var diagnostics: [Diagnostic] = []
        for (source, found) in links {
            for link in found {
                let reason = problem(
                    link, in: source, published: published, outputs: outputs, sitePaths: sitePaths, sourceOf: sourceOf,
                    ids: ids)
                guard let reason else { continue }
                diagnostics.append(
                    Diagnostic(
                        severity, at: SourceLocation(path: source, line: link.line, column: link.column),
                        "broken \(link.isImage ? "image" : "link") \(link.written): \(reason)"))
            }
        }
        // A nav link is a site path whether or not it starts with `/` (`SitePaths.resolve`).
        for link in nav {
            guard let location = link.location, !link.url.contains("://"), !link.url.hasPrefix("mailto:"),
                let (_, target, fragment) = LinkResolution.resolve(
                    "/" + link.url.drop { $0 == "/" }, from: LinkBase(source: "site.yml", root: "/"))
            else { continue }
            let written = MarkdownLink(
                target: target, fragment: fragment, written: link.url, isImage: false, line: 0, column: 0)
            guard
                let reason = problem(
                    written, in: "site.yml", published: published, outputs: outputs, sitePaths: sitePaths,
                    sourceOf: sourceOf, ids: ids)
            else { continue }
            diagnostics.append(Diagnostic(severity, at: location, "broken nav link \(link.url): \(reason)"))
        }
        return diagnostics
    }

    private func problem(
        _ link: MarkdownLink, in source: String, published: Set<String>, outputs: Set<String>, sitePaths: Set<String>,
        sourceOf: [String: String], ids: [String: Set<String>]
    ) -> String? {
        let target: String?  // The content file whose ids the fragment must name, if known.
        switch link.target {
        case .samePage: target = source
        case .page(let page):
            guard published.contains(page) else { return missing(page, published: published) }
            target = page
        case .file(let sitePath):
            guard sitePaths.contains(sitePath) else { return "there is no file \(sitePath)" }
            target = nil
        case .address(let address):
            let candidates =
                address.isEmpty || address.hasSuffix("/")
                ? [address + "index.html"] : [address, address + "/index.html"]
            guard let output = candidates.first(where: outputs.contains) else {
                let top = String(address.prefix { $0 != "/" })
                if kept.contains(where: { $0 == top || address.hasPrefix($0 + "/") }) { return nil }
                return "no page or file of this site is at /\(address)"
            }
            target = sourceOf[output]
        case .unpublished(let sitePath): return "\(sitePath) is outside content/ and static/, so it is not published"
        case .climbsOut: return "it leads out of the site folder"
        }
        // `#top` is the top of any page, with or without an element of that id.
        guard checksFragments, let fragment = link.fragment, fragment != "top", let target,
            ids[target]?.contains(fragment) == false
        else { return nil }
        let page = target == source ? "this page" : target
        return "\(page) has no heading or footnote with the id \"\(fragment)\""
    }

    /// Why a content file has no page: not published, not there, or there in the other form (bundle or plain).
    private func missing(_ page: String, published: Set<String>) -> String {
        if loaded.contains(page) { return "\(page) is not published in this build (a draft, or dated after now)" }
        let other =
            page.hasSuffix("/index.md")
            ? String(page.dropLast("/index.md".count)) + ".md" : String(page.dropLast(3)) + "/index.md"
        if PageAddress.segments(ofSource: page) != nil, published.contains(other) {
            return "there is no \(page) (the page is \(other))"
        }
        return "there is no \(page)"
    }
}
