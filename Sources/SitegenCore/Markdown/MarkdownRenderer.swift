import CCmark

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Renders CommonMark to HTML with cmark. With `MarkdownArena` (its memory), the only file that touches cmark.
public struct MarkdownRenderer: Sendable {
    /// Choices that change what the rendered HTML may contain.
    public struct Options: OptionSet, Sendable {
        public let rawValue: Int
        /// Creates options from raw bits.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Keep raw HTML and `javascript:`-style links (the site opted in with `unsafe_html: true`).
        public static let allowUnsafeHTML = Options(rawValue: 1 << 0)
        /// Turn straight quotes and dashes into typographic ones.
        public static let smartPunctuation = Options(rawValue: 1 << 1)
    }

    /// The options this renderer applies.
    public let options: Options

    /// A renderer; raw HTML is dropped unless `.allowUnsafeHTML` is given.
    public init(options: Options = []) { self.options = options }

    /// The HTML for a Markdown text.
    public func html(from markdown: String) -> String {
        var flags = CMARK_OPT_DEFAULT | CMARK_OPT_NORMALIZE
        if options.contains(.allowUnsafeHTML) { flags |= CMARK_OPT_UNSAFE }
        if options.contains(.smartPunctuation) { flags |= CMARK_OPT_SMART }
        // The parse tree and the output live in this thread's arena, emptied once the HTML is copied out.
        let arena = MarkdownArena.current
        defer { arena.reset() }
        var text = markdown
        return text.withUTF8 { bytes in
            guard let parser = cmark_parser_new_with_mem(flags, MarkdownArena.allocator) else { outOfMemory() }
            bytes.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, $0.count) }
            let document = cmark_parser_finish(parser)
            cmark_parser_free(parser)
            guard let document, let rendered = cmark_render_html(document, flags) else { outOfMemory() }
            return String(cString: rendered)
        }
    }

    private func outOfMemory() -> Never {
        fatalError("cmark could not allocate memory for the rendered HTML")
    }
}
