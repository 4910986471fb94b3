/// A table built from its paragraph's own inline nodes, as cmark parsed them:
/// each line's nodes split at the pipes in their text. That gives what
/// splitting the row's text first would (`GFMTables`' general way, which
/// parses every cell again) whenever no pipe is escaped, inside a code span,
/// or inside emphasis or a link; and it keeps the cells in the document, so
/// footnotes and the inline extensions reach them. Cheap, so tried first.
///
/// cmark has no table nodes, and a paragraph's inlines can only sit in an
/// inline container: the table is a paragraph whose raw inlines write the
/// table's tags, and `OutputMarks.finish` takes the `<p>` around it away again.
enum GFMTablesInPlace {

    /// Builds the table in place of its paragraph; `false` (nothing changed) when only the general way is exact.
    static func build(
        _ paragraph: MarkdownNode, lines: [Substring], alignments: [String?], leading: Int
    ) -> Bool {
        guard leading == 0, !lines.contains(where: { $0.containsText("\\|") }) else { return false }
        // The paragraph's inlines line by line; pipes only in its own text.
        var rows: [[MarkdownNode]] = [[]]
        for node in paragraph.children {
            switch node.kind {
            case .softBreak, .lineBreak: rows.append([])
            case .code where node.literalContains("|"): return false
            case .text: rows[rows.count - 1].append(node)
            default:
                if node.descendants.contains(where: { $0.literalContains("|") }) { return false }
                rows[rows.count - 1].append(node)
            }
        }
        guard rows.count == lines.count else { return false }
        let cellRows = zip(rows, lines).map { cells(of: $0.0, line: $0.1) }
        guard cellRows[0].count == alignments.count else { return false }

        let table = MarkdownNode.make(.paragraph)
        func raw(_ text: String) { table.append(.raw(.customInline, enter: text)) }
        func cell(_ tag: String, _ alignment: String?, _ nodes: [MarkdownNode]) {
            let style = alignment.map { " style=\"text-align: \($0)\"" } ?? ""
            let cell = MarkdownNode.raw(.customInline, enter: "<\(tag)\(style)>", exit: "</\(tag)>\n")
            for node in nodes { cell.append(node) }
            table.append(cell)
        }
        raw(OutputMarks.tableOpen + "<div class=\"table-wrap\" tabindex=\"0\">\n<table>\n<thead>\n<tr>\n")
        for (alignment, nodes) in zip(alignments, cellRows[0]) { cell("th", alignment, nodes) }
        raw("</tr>\n</thead>\n")
        if cellRows.count > 2 {
            raw("<tbody>\n")
            for row in cellRows.dropFirst(2) {
                raw("<tr>\n")
                for (index, alignment) in alignments.enumerated() {
                    cell("td", alignment, index < row.count ? row[index] : [])
                }
                raw("</tr>\n")
            }
            raw("</tbody>\n")
        }
        raw("</table>\n</div>" + OutputMarks.tableClose)
        paragraph.replace(with: table)
        return true
    }

    /// One line's inlines split into cells at the pipes in its text, trimmed, without the row's outer pipes.
    private static func cells(of nodes: [MarkdownNode], line: Substring) -> [[MarkdownNode]] {
        var cells: [[MarkdownNode]] = [[]]
        for node in nodes {
            node.unlink()
            guard node.kind == .text, let text = node.literal, text.utf8.contains(UInt8(ascii: "|")) else {
                cells[cells.count - 1].append(node)
                continue
            }
            let pieces = text.utf8.split(separator: UInt8(ascii: "|"), omittingEmptySubsequences: false)
            for (index, piece) in pieces.enumerated() {
                if index > 0 { cells.append([]) }
                if !piece.isEmpty { cells[cells.count - 1].append(.text(String(Substring(piece)))) }
            }
        }
        let bytes = line.utf8
        if cells.count > 1, bytes.first(where: { !isBlank($0) }) == UInt8(ascii: "|") { cells.removeFirst() }
        if cells.count > 1, bytes.last(where: { !isBlank($0) }) == UInt8(ascii: "|") { cells.removeLast() }
        return cells.map(trimmed)
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// A cell without white space at its ends.
    private static func trimmed(_ cell: [MarkdownNode]) -> [MarkdownNode] {
        var cell = cell
        if let first = cell.first, first.kind == .text, let text = first.literal, let head = text.utf8.first,
            isBlank(head)
        {
            let kept = text.utf8.drop(while: isBlank)
            if kept.isEmpty { cell.removeFirst() } else { first.literal = String(Substring(kept)) }
        }
        if let last = cell.last, last.kind == .text, let text = last.literal, let tail = text.utf8.last, isBlank(tail) {
            let utf8 = text.utf8
            let end = utf8.lastIndex { !isBlank($0) }.map { utf8.index(after: $0) } ?? utf8.startIndex
            if end == utf8.startIndex { cell.removeLast() } else { last.literal = String(Substring(utf8[..<end])) }
        }
        return cell
    }

    /// Whether a paragraph is a table built in place.
    static func isTable(_ paragraph: MarkdownNode) -> Bool {
        guard let first = paragraph.firstChild, first.kind == .customInline else { return false }
        return first.onEnter.hasPrefix(OutputMarks.tableOpen)
    }
}
