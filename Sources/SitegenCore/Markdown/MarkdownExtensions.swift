#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The GitHub Flavored Markdown extensions cmark lacks, each a transform of
/// cmark's tree in a file of its own, and which of them a site uses
/// (`markdown:` in `site.yml`; all on by default). They run in a fixed order:
/// block structure first (tables, task lists, footnotes), then inline text
/// (strikethrough, autolinks), then what reads the finished tree (links
/// resolved, heading anchors, highlighted code, raw HTML kept safe or omitted).
package struct MarkdownExtensions: OptionSet, Sendable, Hashable {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }

    package static let tables = MarkdownExtensions(rawValue: 1 << 0)
    package static let strikethrough = MarkdownExtensions(rawValue: 1 << 1)
    package static let autolinks = MarkdownExtensions(rawValue: 1 << 2)
    package static let taskLists = MarkdownExtensions(rawValue: 1 << 3)
    package static let footnotes = MarkdownExtensions(rawValue: 1 << 4)
    package static let headingAnchors = MarkdownExtensions(rawValue: 1 << 5)
    package static let highlight = MarkdownExtensions(rawValue: 1 << 6)
    /// GitHub's alerts, `> [!NOTE]` (`Alerts`).
    package static let alerts = MarkdownExtensions(rawValue: 1 << 7)

    /// Every extension.
    package static let all: MarkdownExtensions = [
        .tables, .strikethrough, .autolinks, .taskLists, .footnotes, .headingAnchors, .highlight, .alerts,
    ]

    /// The extensions by their names in `site.yml`'s `markdown:`.
    package static let names: [(name: String, extension: MarkdownExtensions)] = [
        ("tables", .tables), ("strikethrough", .strikethrough), ("autolinks", .autolinks), ("task_lists", .taskLists),
        ("footnotes", .footnotes), ("heading_anchors", .headingAnchors), ("highlight", .highlight),
        ("alerts", .alerts),
    ]

    /// Applies the chosen extensions to a parsed document.
    /// Each transform runs only when the text has the characters it looks for: most posts have no `~` or `[^`.
    func apply(to document: MarkdownNode, context: inout MarkdownContext) {
        let source = context.source
        if contains(.tables), source.containsByte(UInt8(ascii: "|")) {
            GFMTables.apply(to: document, context: &context)
        }
        if contains(.footnotes), source.containsText("[^") { Footnotes.apply(to: document, context: &context) }
        if contains(.alerts), source.containsText("[!") {
            Alerts.apply(to: document, titles: context.renderer.alertTitles)
        }
        applyInline(to: document, source: source)
        // After the inline extensions: a checkbox is named by its task's words, `~~` and `[^1]` already gone.
        if contains(.taskLists), source.containsText("[ ]") || source.containsText("[x]") || source.containsText("[X]")
        {
            TaskLists.apply(to: document)
        }
        // A link or image needs `](`, or a reference definition's `]:`.
        if source.containsText("](") || source.containsText("]:") {
            LinkResolution.apply(to: document, context: &context) { $0.start }
        }
        // Before the anchors: the table of contents lists headings at the levels the page shows.
        if context.renderer.options.contains(.belowPageTitle),
            source.containsByte(UInt8(ascii: "#")) || source.containsText("\n=")
        {
            HeadingLevels.apply(to: document)
        }
        if contains(.headingAnchors) || context.linkBase != nil {
            HeadingAnchors.apply(to: document, context: &context, marksUp: contains(.headingAnchors))
        }
        if source.containsText("mermaid") { MermaidDiagrams.apply(to: document, context: &context) }
        CodeBlocks.apply(to: document, highlight: contains(.highlight))
        context.summary = SummaryText.take(from: document, length: context.summaryLength)
        // After the summary: its marks are no words.
        if source.containsText("![") { ImageAttributes.apply(to: document, context: &context) }
        if context.renderer.options.contains(.safeHTML) {
            let linksBefore = context.links.count
            SafeRawHTML.apply(to: document, context: &context) { $0.start }
            // Its links came last; the check reports them in the order they are written.
            if context.links.count > linksBefore {
                context.links = context.links.enumerated().sorted {
                    ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset)
                }.map(\.element)
            }
        }
        OmittedHTML.find(in: document, context: &context)
    }

    /// The extensions that change inline text: for a whole document, or a table cell parsed on its own.
    func applyInline(to root: MarkdownNode, source: String) {
        if contains(.strikethrough), source.containsByte(UInt8(ascii: "~")) { Strikethrough.apply(to: root) }
        if contains(.autolinks), ExtendedAutolinks.mayLink(source) { ExtendedAutolinks.apply(to: root) }
    }
}

/// What the transforms of one render share: the text, and what they found.
struct MarkdownContext {
    /// The Markdown text.
    let source: String
    /// The Markdown text, split into lines (without their line breaks); split when first asked for.
    lazy var lines: [Substring] = Self.lines(of: source)
    /// The renderer, for parsing and rendering parts (a table's cells).
    let renderer: MarkdownRenderer
    /// Where raw HTML was left out.
    var omittedHTML: [(line: Int, column: Int)] = []
    /// What the safe mode left out of raw HTML (`SafeRawHTML`).
    var removedHTML: [RawHTMLRemoval] = []
    /// The headings found, in order.
    var headings: [(level: Int, id: String, text: String)] = []
    /// The `id` each heading's opening tag gets, in document order.
    var anchors: [String] = []
    /// About how many characters of summary are wanted (`nil`: all).
    var summaryLength: Int? = nil
    /// The words list pages show of the text, and whether a `<!--more-->` line ended them.
    var summary = (text: "", endsAtMore: false)
    /// `id`s taken before headings get theirs (footnotes').
    var reservedIDs: [String] = []
    /// Where links are resolved from; `nil` leaves them as written (a text rendered outside a site).
    var linkBase: LinkBase? = nil
    /// The links into the site found, in document order (`LinkResolution`).
    var links: [MarkdownLink] = []
    /// Every heading's id, even when heading anchors are off.
    var headingIDs: [String] = []
    /// The attributes each marked image gets (`ImageAttributes`), in document order.
    var imageAttributes: [ImageMarkup] = []
    /// Footnote references in HTML rendered before footnotes are numbered (`Footnotes.markReferences`).
    var deferredFootnotes: [Footnotes.DeferredReference] = []
    /// Where the ```` ```mermaid ```` blocks shown as code are (no `mermaid:` setting), for a warning.
    var mermaidBlocks: [(line: Int, column: Int)] = []
    /// Expressions the math converter rejected, or could not convert (`MathExpressions`).
    var mathProblems: [MathExpressions.Problem] = []

    private static func lines(of source: String) -> [Substring] {
        var text = source
        let breaks = text.withUTF8 { bytes -> [Int] in
            var offsets: [Int] = []
            guard let base = bytes.baseAddress else { return offsets }
            var offset = 0
            while offset < bytes.count, let hit = memchr(base + offset, 0x0A, bytes.count - offset) {
                offsets.append(base.distance(to: hit.assumingMemoryBound(to: UInt8.self)))
                offset = offsets.last! + 1
            }
            return offsets
        }
        let utf8 = source.utf8
        var lines: [Substring] = []
        lines.reserveCapacity(breaks.count + 1)
        var start = utf8.startIndex
        for offset in breaks + [utf8.count] {
            var end = utf8.index(utf8.startIndex, offsetBy: offset)
            if end > start, utf8[utf8.index(before: end)] == 0x0D { end = utf8.index(before: end) }
            lines.append(source[start..<end])
            if offset < utf8.count { start = utf8.index(utf8.startIndex, offsetBy: offset + 1) }
        }
        return lines
    }

    init(source: String, renderer: MarkdownRenderer) {
        self.source = source
        self.renderer = renderer
    }
}

/// Raw HTML that is left out whole (neither `unsafe_html: true` nor `safe`): its places, for a warning.
enum OmittedHTML {
    static func find(in document: MarkdownNode, context: inout MarkdownContext) {
        guard context.renderer.options.isDisjoint(with: [.allowUnsafeHTML, .safeHTML]) else { return }
        for node in document.descendants where node.kind == .htmlBlock || node.kind == .htmlInline {
            context.omittedHTML.append(node.start)
        }
        // Tables noted theirs before: the first place must be the first in the text.
        context.omittedHTML.sort { ($0.line, $0.column) < ($1.line, $1.column) }
    }
}
