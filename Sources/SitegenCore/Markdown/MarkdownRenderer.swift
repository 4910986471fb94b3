import CCmark

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Renders Markdown to HTML with cmark: parse, the GitHub extensions as
/// transforms of cmark's tree (`MarkdownExtensions`), render. With
/// `MarkdownArena` (its memory), the only file that touches cmark; the
/// transforms see the tree through `MarkdownNode`.
package struct MarkdownRenderer: Sendable {
    /// Choices that change what the rendered HTML may contain.
    package struct Options: OptionSet, Sendable {
        package let rawValue: Int
        /// Creates options from raw bits.
        package init(rawValue: Int) { self.rawValue = rawValue }
        /// Keep raw HTML and `javascript:`-style links (the site opted in with `unsafe_html: true`).
        package static let allowUnsafeHTML = Options(rawValue: 1 << 0)
        /// Turn straight quotes and dashes into typographic ones.
        package static let smartPunctuation = Options(rawValue: 1 << 1)
        /// Keep the harmless part of raw HTML, links in it resolved (`unsafe_html: safe`, `SafeRawHTML`).
        package static let safeHTML = Options(rawValue: 1 << 2)
        /// Move every heading one level down when the text has a level-1 heading, as it is shown under its
        /// page's own `h1` (`HeadingLevels`); a site's bodies are rendered so.
        package static let belowPageTitle = Options(rawValue: 1 << 3)
    }

    /// The options this renderer applies.
    package let options: Options
    /// The GitHub extensions it applies.
    package let extensions: MarkdownExtensions

    /// What a footnote's link back to its reference is called for screen readers (`{n}`: the footnote's
    /// number), in the site's language (the theme's `footnote_back` string).
    package let footnoteBackLabel: String

    /// Each alert's title in the site's language, by its key in the theme's words (`alert_note`, …); English
    /// when not given.
    package let alertTitles: [String: String]

    /// The URL of mermaid's ES module pages with a ```` ```mermaid ```` diagram load (`MermaidDiagrams`);
    /// `nil` leaves diagrams as code.
    package let mermaidScript: String?

    /// What turns `$…$`, `$$…$$` and ```` ```math ```` blocks into MathML; `nil` leaves them as text.
    package let math: MathRenderer?

    /// A renderer; raw HTML is dropped unless `.allowUnsafeHTML` is given.
    package init(
        options: Options = [], extensions: MarkdownExtensions = .all,
        footnoteBackLabel: String = "Back to reference {n}",
        alertTitles: [String: String] = [:], mermaidScript: String? = nil, math: MathRenderer? = nil
    ) {
        self.mermaidScript = mermaidScript
        self.options = options
        self.extensions = extensions
        self.footnoteBackLabel = footnoteBackLabel
        self.alertTitles = alertTitles
        self.math = math
    }

    /// The HTML for a Markdown text.
    package func html(from markdown: String) -> String { render(markdown).html }

    /// The HTML for a Markdown text and what rendering it noticed; the summary is about
    /// `summaryLength` characters long, or whole when `nil` or a `<!--more-->` line ends it.
    package func render(_ markdown: String, summaryLength: Int? = nil) -> RenderedMarkdown {
        render(markdown, summaryLength: summaryLength, links: nil)
    }

    /// As `render(_:summaryLength:)`, links into the site resolved from `links` (and noted) when given.
    func render(_ markdown: String, summaryLength: Int?, links: LinkBase?) -> RenderedMarkdown {
        // The parse trees and the output live in this thread's arena, emptied once the HTML is copied out;
        // a huge text's in the system's memory, where cmark's many short-lived buffers are really freed.
        let arena = MarkdownArena.current
        var context = MarkdownContext(source: markdown, renderer: self)
        context.summaryLength = summaryLength
        context.linkBase = links
        let html: String
        if markdown.utf8.count >= Self.hugeText {
            html = arena.systemMemory {
                let document = prepared(markdown, &context)
                guard let rendered = cmark_render_html(document.pointer, flags) else { outOfMemory() }
                // Its tree is freed before its HTML is copied out.
                cmark_node_free(document.pointer)
                defer { free(rendered) }
                return OutputMarks.finish(rendered, anchors: context.anchors, images: context.imageAttributes)
            }
        } else {
            defer { arena.reset() }
            let document = prepared(markdown, &context)
            guard let rendered = cmark_render_html(document.pointer, flags) else { outOfMemory() }
            // A big post's tree is freed before its HTML is copied out.
            html = arena.reset(keeping: rendered) { output in
                OutputMarks.finish(output, anchors: context.anchors, images: context.imageAttributes)
            }
        }
        return RenderedMarkdown(
            html: html, summary: context.summary.text, endsAtMore: context.summary.endsAtMore,
            omittedHTML: context.omittedHTML, removedHTML: context.removedHTML, headings: context.headings,
            links: context.links, anchorIDs: context.headingIDs + context.reservedIDs,
            mermaidBlocks: context.mermaidBlocks,
            mathProblems: context.mathProblems)
    }

    /// cmark's tree of a text with the math put in place and the extensions applied, ready to render.
    private func prepared(_ markdown: String, _ context: inout MarkdownContext) -> MarkdownNode {
        var document = parse(markdown)
        if let math, markdown.containsByte(UInt8(ascii: "$")) || markdown.containsText("math") {
            // The math's bytes are put out of cmark's reach and the text parsed again (`MathSpans`).
            let bytes = Array(markdown.utf8)
            let spans =
                markdown.containsByte(UInt8(ascii: "$"))
                ? MathSpans.find(in: document, source: bytes, lineStarts: MathSpans.lineStarts(of: bytes)) : []
            if !spans.isEmpty {
                // The first tree goes now where memory is freed (a huge text's); an arena drops it at its reset.
                cmark_node_free(document.pointer)
                document = parse(MathSpans.protected(bytes, spans))
            }
            MathExpressions.apply(to: document, spans: spans, renderer: math, context: &context)
        }
        extensions.apply(to: document, context: &context)
        return document
    }

    /// cmark's options for these choices.
    private var flags: Int32 {
        var flags = CMARK_OPT_DEFAULT
        if options.contains(.allowUnsafeHTML) { flags |= CMARK_OPT_UNSAFE }
        if options.contains(.smartPunctuation) { flags |= CMARK_OPT_SMART }
        return flags
    }

    /// A text this long (in bytes) is rendered in the system's memory rather than the arena
    /// (`MarkdownArena.systemMemory(_:)`).
    static let hugeText = 1 << 20

    /// cmark's tree of a text (in the current arena, valid until the render ends).
    func parse(_ markdown: String) -> MarkdownNode {
        var text = markdown
        return text.withUTF8 { bytes in
            guard let parser = cmark_parser_new_with_mem(flags, MarkdownArena.allocator) else { outOfMemory() }
            bytes.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, $0.count) }
            let document = cmark_parser_finish(parser)
            cmark_parser_free(parser)
            guard let document else { outOfMemory() }
            cmark_consolidate_text_nodes(document)
            return MarkdownNode(pointer: document)
        }
    }

    /// The HTML of one node and what is inside it.
    func html(of node: MarkdownNode) -> String {
        guard let rendered = cmark_render_html(node.pointer, flags) else { outOfMemory() }
        return String(cString: rendered)
    }

    private func outOfMemory() -> Never {
        fatalError("cmark could not allocate memory for the rendered HTML")
    }
}

/// What rendering a Markdown text gave.
package struct RenderedMarkdown: Sendable {
    /// The HTML.
    package var html: String
    /// The words list pages show of it, before they are cut to length (`SummaryText`).
    package var summary: String
    /// Whether a `<!--more-->` line ended the summary (then it is not cut).
    package var endsAtMore: Bool
    /// Where raw HTML was left out (safe mode), as line and column in the text.
    package var omittedHTML: [(line: Int, column: Int)]
    /// What `.safeHTML` left out of raw HTML, in the order it is written.
    package var removedHTML: [RawHTMLRemoval] = []
    /// The headings, in order: level, `id`, text.
    package var headings: [(level: Int, id: String, text: String)]
    /// The links into the site, when rendered with a `LinkBase`.
    var links: [MarkdownLink] = []
    /// The `id`s a link may name with `#`: headings' and footnotes'.
    var anchorIDs: [String] = []
    /// Where ```` ```mermaid ```` blocks were left as code for want of a `mermaidScript`, as line and column.
    package var mermaidBlocks: [(line: Int, column: Int)] = []
    /// The math that could not be shown, at its places.
    var mathProblems: [MathExpressions.Problem] = []
}

/// One node of cmark's tree. Valid while the render that parsed it runs.
struct MarkdownNode: Hashable {
    fileprivate let pointer: OpaquePointer

    /// The kinds of node the transforms tell apart.
    enum Kind: Equatable {
        case document, blockQuote, list, item, codeBlock, htmlBlock, customBlock, paragraph, heading, thematicBreak
        case text, softBreak, lineBreak, code, htmlInline, customInline, emphasis, strong, link, image, other
    }

    var kind: Kind {
        switch cmark_node_get_type(pointer) {
        case CMARK_NODE_DOCUMENT: .document
        case CMARK_NODE_BLOCK_QUOTE: .blockQuote
        case CMARK_NODE_LIST: .list
        case CMARK_NODE_ITEM: .item
        case CMARK_NODE_CODE_BLOCK: .codeBlock
        case CMARK_NODE_HTML_BLOCK: .htmlBlock
        case CMARK_NODE_CUSTOM_BLOCK: .customBlock
        case CMARK_NODE_PARAGRAPH: .paragraph
        case CMARK_NODE_HEADING: .heading
        case CMARK_NODE_THEMATIC_BREAK: .thematicBreak
        case CMARK_NODE_TEXT: .text
        case CMARK_NODE_SOFTBREAK: .softBreak
        case CMARK_NODE_LINEBREAK: .lineBreak
        case CMARK_NODE_CODE: .code
        case CMARK_NODE_HTML_INLINE: .htmlInline
        case CMARK_NODE_CUSTOM_INLINE: .customInline
        case CMARK_NODE_EMPH: .emphasis
        case CMARK_NODE_STRONG: .strong
        case CMARK_NODE_LINK: .link
        case CMARK_NODE_IMAGE: .image
        default: .other
        }
    }

    /// A new node: text, a soft break, a link, or raw output (`customBlock` / `customInline` with `enter`/`exit`).
    static func make(_ kind: Kind) -> MarkdownNode {
        let type: cmark_node_type =
            switch kind {
            case .text: CMARK_NODE_TEXT
            case .softBreak: CMARK_NODE_SOFTBREAK
            case .link: CMARK_NODE_LINK
            case .paragraph: CMARK_NODE_PARAGRAPH
            case .customBlock: CMARK_NODE_CUSTOM_BLOCK
            default: CMARK_NODE_CUSTOM_INLINE
            }
        return MarkdownNode(pointer: cmark_node_new_with_mem(type, MarkdownArena.allocator))
    }

    /// A text node holding `text`.
    static func text(_ text: String) -> MarkdownNode {
        let node = make(.text)
        node.literal = text
        return node
    }

    /// Output written as it is around the node's children (a custom block or inline).
    static func raw(_ kind: Kind, enter: String, exit: String = "") -> MarkdownNode {
        let node = make(kind)
        cmark_node_set_on_enter(node.pointer, enter)
        cmark_node_set_on_exit(node.pointer, exit)
        return node
    }

    /// Raw output (as `raw(_:enter:exit:)`) that stands for `text` in plain text: inline math, whose
    /// TeX is what summaries and heading ids read of it. The text is kept in the arena, beside the node.
    static func raw(_ kind: Kind, enter: String, text: String) -> MarkdownNode {
        let node = raw(kind, enter: enter)
        let bytes = Array(text.utf8) + [0]
        guard let copy = MarkdownArena.allocator.pointee.calloc(bytes.count, 1) else {
            fatalError("cmark's arena could not allocate memory")
        }
        copy.copyMemory(from: bytes, byteCount: bytes.count)
        cmark_node_set_user_data(node.pointer, copy)
        return node
    }

    /// The text a raw node stands for in plain text (`raw(_:enter:text:)`), if any.
    private var standsFor: String? {
        cmark_node_get_user_data(pointer).map { String(cString: $0.assumingMemoryBound(to: CChar.self)) }
    }

    var parent: MarkdownNode? { cmark_node_parent(pointer).map(MarkdownNode.init) }
    var firstChild: MarkdownNode? { cmark_node_first_child(pointer).map(MarkdownNode.init) }
    var lastChild: MarkdownNode? { cmark_node_last_child(pointer).map(MarkdownNode.init) }
    var next: MarkdownNode? { cmark_node_next(pointer).map(MarkdownNode.init) }
    var previous: MarkdownNode? { cmark_node_previous(pointer).map(MarkdownNode.init) }

    /// The children, in order (a copy: the tree may change while it is walked).
    var children: [MarkdownNode] {
        var children: [MarkdownNode] = []
        var child = firstChild
        while let node = child {
            children.append(node)
            child = node.next
        }
        return children
    }

    /// Every node below this one, depth first, in document order (a copy).
    var descendants: [MarkdownNode] { descendants { _ in true } }

    /// The nodes below this one in document order, not looking inside those `entering` refuses (a copy).
    func descendants(entering: (MarkdownNode) -> Bool) -> [MarkdownNode] {
        var nodes: [MarkdownNode] = []
        var node = cmark_node_first_child(pointer)
        while let current = node {
            nodes.append(MarkdownNode(pointer: current))
            if entering(MarkdownNode(pointer: current)), let child = cmark_node_first_child(current) {
                node = child
                continue
            }
            var up: OpaquePointer? = current
            while let climbing = up, climbing != pointer, cmark_node_next(climbing) == nil {
                up = cmark_node_parent(climbing)
            }
            node = up.flatMap { $0 == pointer ? nil : cmark_node_next($0) }
        }
        return nodes
    }

    /// The text of a text, code, code block or raw HTML node.
    var literal: String? {
        get { cmark_node_get_literal(pointer).map { String(cString: $0) } }
        nonmutating set { cmark_node_set_literal(pointer, newValue) }
    }

    /// Whether the node's text contains `needle` (looked for in cmark's own bytes, no string made).
    func literalContains(_ needle: String) -> Bool {
        guard let literal = cmark_node_get_literal(pointer) else { return false }
        return strstr(literal, needle) != nil
    }

    /// Whether the node's text may hold an extended autolink (`@`, `www.`, `://`).
    var literalMayLink: Bool { literalContains("@") || literalContains("www.") || literalContains("://") }

    /// What a custom block or inline writes before its children.
    var onEnter: String { cmark_node_get_on_enter(pointer).map { String(cString: $0) } ?? "" }
    /// A custom node's HTML after its children.
    var onExit: String { cmark_node_get_on_exit(pointer).map { String(cString: $0) } ?? "" }

    /// A link's or image's destination.
    var url: String? {
        get { cmark_node_get_url(pointer).map { String(cString: $0) } }
        nonmutating set { cmark_node_set_url(pointer, newValue) }
    }

    /// A link's or image's title.
    var title: String? { cmark_node_get_title(pointer).map { String(cString: $0) } }

    /// A fenced code block's info string (`swift` in ```` ```swift ````).
    var fenceInfo: String { cmark_node_get_fence_info(pointer).map { String(cString: $0) } ?? "" }

    /// A heading's level, 1 to 6.
    var headingLevel: Int {
        get { Int(cmark_node_get_heading_level(pointer)) }
        nonmutating set { cmark_node_set_heading_level(pointer, Int32(newValue)) }
    }

    /// Where the node starts and ends in the text: 1-based lines and byte columns.
    var start: (line: Int, column: Int) {
        (Int(cmark_node_get_start_line(pointer)), Int(cmark_node_get_start_column(pointer)))
    }
    var end: (line: Int, column: Int) {
        (Int(cmark_node_get_end_line(pointer)), Int(cmark_node_get_end_column(pointer)))
    }

    /// The text inside the node, markup left out (a heading's words, a link's text).
    var plainText: String {
        var text = ""
        for node in descendants {
            switch node.kind {
            case .text, .code: text += node.literal ?? ""
            case .softBreak, .lineBreak: text += " "
            case .customInline: text += node.standsFor ?? ""
            default: break
            }
        }
        return text
    }

    func insertBefore(_ node: MarkdownNode) { cmark_node_insert_before(pointer, node.pointer) }
    func insertAfter(_ node: MarkdownNode) { cmark_node_insert_after(pointer, node.pointer) }
    func append(_ child: MarkdownNode) { cmark_node_append_child(pointer, child.pointer) }
    func prepend(_ child: MarkdownNode) { cmark_node_prepend_child(pointer, child.pointer) }
    func unlink() { cmark_node_unlink(pointer) }

    /// Puts `node` where this node is (this one is unlinked).
    func replace(with node: MarkdownNode) {
        insertBefore(node)
        unlink()
    }
}
