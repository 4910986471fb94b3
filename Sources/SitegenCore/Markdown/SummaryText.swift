/// The words list pages show of a body (its excerpt, before it is cut to
/// length): the text of its paragraphs, lists and quotes in order, without
/// headings, code, tables, footnotes or raw HTML; up to a `<!--more-->` line
/// when there is one (which is taken out of the page).
enum SummaryText {
    /// The summary of a document, and whether a `<!--more-->` line ended it.
    static func take(from document: MarkdownNode) -> (text: String, endsAtMore: Bool) {
        var parts: [String] = []
        for block in document.children {
            if block.kind == .htmlBlock, (block.literal ?? "").trimmingWhitespace == "<!--more-->" {
                block.unlink()
                return (parts.joined(separator: " "), true)
            }
            switch block.kind {
            case .paragraph, .blockQuote, .list:
                parts += ([block] + block.descendants).filter { $0.kind == .paragraph }.map(\.plainText)
            default: continue
            }
        }
        return (parts.joined(separator: " "), false)
    }
}
