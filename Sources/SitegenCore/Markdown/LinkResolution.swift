/// Links and images that point into the site, resolved at build time, as a
/// transform of cmark's tree: a relative link is read from the Markdown
/// file's folder, as a repository shows it (`../menu/대방어.md` is that item's
/// page, `photo.jpg` the bundle's photo, `../../static/a.png` the static
/// file); a root-relative one (`/about/`) is put under the base URL's path.
/// Links with a scheme (`https:`, `mailto:`) or a host (`//cdn.example.org`)
/// are left alone. Each internal link is noted, with its place, for `LinkCheck`.
enum LinkResolution {
    /// Resolves every link and image below `root`; `place` turns a node's start into the file's line and column.
    static func apply(
        to root: MarkdownNode, context: inout MarkdownContext, place: (MarkdownNode) -> (line: Int, column: Int)
    ) {
        guard let base = context.linkBase else { return }
        for node in root.descendants where node.kind == .link || node.kind == .image {
            guard let written = node.url, let (url, target, fragment) = resolve(written, from: base) else { continue }
            if url != written { node.url = url }
            let (line, column) = place(node)
            context.links.append(
                MarkdownLink(
                    target: target, fragment: fragment, written: written, isImage: node.kind == .image, line: line,
                    column: column))
        }
    }

    /// Where a destination goes: the URL to write, what it names and its fragment; `nil` for one left alone.
    static func resolve(_ written: String, from base: LinkBase) -> (
        url: String, target: MarkdownLink.Target, fragment: String?
    )? {
        guard !written.isEmpty, !written.hasPrefix("//"), !hasScheme(written), !written.hasPrefix("?") else {
            return nil
        }
        let split = written.firstIndex { $0 == "?" || $0 == "#" } ?? written.endIndex
        let path = String(written[..<split])
        let suffix = String(written[split...])
        let fragment = suffix.firstIndex(of: "#").map {
            String(suffix[suffix.index(after: $0)...]).removingPercentEncodingOrSelf
        }
        .flatMap { $0.isEmpty ? nil : $0 }
        if path.isEmpty { return (written, .samePage, fragment) }
        let decoded = path.removingPercentEncodingOrSelf
        if path.hasPrefix("/") {
            guard let segments = normalized(decoded.dropFirst(), under: []) else {
                return (written, .climbsOut, fragment)
            }
            return (base.root + path.drop { $0 == "/" } + suffix, .address(segments.joined(separator: "/")), fragment)
        }
        let folder = base.source.split(separator: "/").dropLast().map(String.init)
        guard let segments = normalized(Substring(decoded), under: folder), let top = segments.first else {
            return (written, .climbsOut, fragment)
        }
        let sitePath = segments.joined(separator: "/")
        guard top == "content" || top == "static", segments.count > 1 else {
            return (written, .unpublished(sitePath: sitePath), fragment)
        }
        if top == "content", sitePath.hasSuffix(".md") {
            guard let page = PageAddress.segments(ofSource: sitePath, collections: base.collections) else {
                return (written, .page(source: sitePath), fragment)
            }
            return (
                base.root + page.map { SitePaths.percentEncoded($0) + "/" }.joined() + suffix, .page(source: sitePath),
                fragment
            )
        }
        let output = segments.dropFirst().map(SitePaths.percentEncoded).joined(separator: "/")
        return (base.root + output + suffix, .file(sitePath: sitePath), fragment)
    }

    /// The folders and file a path names from `folder`, `.` and `..` worked out (a trailing `/` kept
    /// as an empty last segment); `nil` when it climbs above the top.
    private static func normalized(_ path: Substring, under folder: [String]) -> [String]? {
        var segments = folder
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        for (index, part) in parts.enumerated() {
            switch part {
            case "..":
                guard !segments.isEmpty else { return nil }
                segments.removeLast()
            case ".": continue
            case "" where index != parts.count - 1: continue
            default: segments.append(String(part))
            }
        }
        return segments
    }

    /// Whether a destination starts with a URL scheme (`https:`, `mailto:`, `data:`).
    private static func hasScheme(_ url: String) -> Bool {
        guard let colon = url.firstIndex(of: ":"), let first = url.first, first.isASCII, first.isLetter else {
            return false
        }
        return url[..<colon].allSatisfy {
            $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "." || $0 == "-")
        }
    }
}
