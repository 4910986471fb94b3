/// The words list pages show of a body (its excerpt, before it is cut to
/// length): the text of its paragraphs, lists and quotes in order, without
/// headings, code, tables, footnotes or raw HTML; up to a `<!--more-->` line
/// when there is one (which is taken out of the page).
enum SummaryText {
    /// The summary of a document, and whether a `<!--more-->` line ended it. Without one, only about
    /// `length` characters are taken (all when `nil`).
    static func take(from document: MarkdownNode, length: Int?) -> (text: String, endsAtMore: Bool) {
        let blocks = document.children
        let more = blocks.firstIndex { $0.kind == .htmlBlock && ($0.literal ?? "").trimmingWhitespace == "<!--more-->" }
        var parts: [String] = []
        var taken = 0
        for block in blocks[..<(more ?? blocks.endIndex)] {
            if more == nil, let length, taken > length + 40 { break }  // Enough for the excerpt.
            switch block.kind {
            case .paragraph, .blockQuote, .list:
                for paragraph in ([block] + block.descendants)
                where paragraph.kind == .paragraph && !GFMTablesInPlace.isTable(paragraph) {
                    let text = paragraph.plainText
                    taken += text.utf8.count
                    parts.append(text)
                }
            default: continue
            }
        }
        if let more { blocks[more].unlink() }
        return (parts.joined(separator: " "), more != nil)
    }
}
