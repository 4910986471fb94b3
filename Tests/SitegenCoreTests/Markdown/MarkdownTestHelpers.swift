@testable import SitegenCore

/// The HTML sitegen makes of `markdown` with every GitHub extension except those in `without`.
func markdownHTML(_ markdown: String, without: MarkdownExtensions = []) -> String {
    MarkdownRenderer(extensions: MarkdownExtensions.all.subtracting(without)).html(from: markdown)
}

/// The HTML plain cmark makes of `markdown` (no extension at all), to compare a switched-off one with.
func cmarkHTML(_ markdown: String) -> String {
    MarkdownRenderer(extensions: []).html(from: markdown)
}

/// Everything rendering `markdown` gives, with every extension, in safe mode.
func rendered(_ markdown: String) -> RenderedMarkdown {
    MarkdownRenderer().render(markdown)
}

/// The rows of the first table in some HTML, each a list of its cells' inner HTML (the header row first).
func tableRows(in html: String) -> [[String]] {
    guard let start = html.range(of: "<table>"),
        let end = html.range(of: "</table>", range: start.upperBound..<html.endIndex)
    else { return [] }
    let table = html[start.upperBound..<end.lowerBound]
    return table.components(separatedBy: "<tr>\n").dropFirst().map { row in
        row.components(separatedBy: "\n").compactMap { line -> String? in
            guard ["<th>", "<th ", "<td>", "<td "].contains(line.prefix(4)), let open = line.firstIndex(of: ">") else {
                return nil
            }
            let content = line[line.index(after: open)...]
            return String(content.dropLast("</td>".count))
        }
    }
}

/// The `text-align` of each header cell of the first table in some HTML (`nil` for none).
func columnAlignments(in html: String) -> [String?] {
    html.components(separatedBy: "\n").filter { $0.hasPrefix("<th>") || $0.hasPrefix("<th ") }.map { line in
        guard let style = line.range(of: "style=\"text-align: ") else { return nil }
        return String(line[style.upperBound...].prefix { $0 != "\"" })
    }
}
