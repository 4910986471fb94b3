/// GitHub's pipe tables, as a transform of cmark's tree. cmark reads a table
/// as a paragraph of lines; a paragraph with a header row followed by a
/// delimiter row (`| --- | :-: |`) of as many cells becomes a table, its
/// later lines the body rows (extra cells dropped, missing ones empty). Lines
/// before the header row stay a paragraph. The rows are split at unescaped
/// pipes (a table's block structure, which cmark does not know); every cell's
/// text is then parsed by cmark, all cells of a document in one parse that
/// ends with the document itself when it has link reference definitions, so
/// reference links resolve in cells too.
enum GFMTables {
    /// A table found in a paragraph, before its cells are parsed.
    private struct Table {
        var paragraph: MarkdownNode
        /// Lines before the header row, which stay a paragraph.
        var leading: [Substring]
        var header: [Substring]
        var alignments: [String?]
        /// The paragraph's lines, container markers taken off.
        var content: [Substring]
        /// The body rows' lines, split into cells only when the table is not built in place.
        var rowLines: ArraySlice<Substring>
        var rows: [[Substring]] { rowLines.map { Array(cells(of: $0).prefix(alignments.count)) } }
    }

    static func apply(to document: MarkdownNode, context: inout MarkdownContext) {
        guard context.source.containsByte(UInt8(ascii: "|")) else { return }
        let lines = context.lines
        let tables = document.descendants.compactMap { node -> Table? in
            guard node.kind == .paragraph, let table = table(in: node, lines: lines) else { return nil }
            let content = table.content
            // Most tables are built from cmark's own nodes; only the others are parsed again below.
            if table.rowLines.count + 2 == content.count,
                GFMTablesInPlace.build(node, lines: content, alignments: table.alignments, leading: table.leading.count)
            {
                return nil
            }
            return table
        }
        guard !tables.isEmpty else { return }
        // One text of every cell (and leading lines), each its own paragraph, then the document.
        var parts: [String] = []
        for table in tables {
            if !table.leading.isEmpty { parts.append(table.leading.joined(separator: "\n")) }
            for cell in table.header + table.rows.joined() { parts.append(inlineOnly(cell)) }
        }
        // The document comes after the parts only for its link reference definitions, which need a `]:`.
        let definitions = context.source.containsText("]:") ? "\n\n" + context.source : ""
        let batch = context.renderer.parse(parts.joined(separator: "\n\n") + definitions)
        // A part is the paragraph of the batch starting on its lines; leading lines that were only
        // link reference definitions give none (cmark took them, as it did in the document).
        var blocks = batch.children[...]
        var line = 1
        func next(lines count: Int = 1, from place: (line: Int, column: Int)) -> String {
            defer { line += count + 1 }
            guard let block = blocks.first, block.start.line < line + count else { return "" }
            blocks.removeFirst()
            // Only the parts: the document after them is there for its link reference definitions.
            if context.renderer.extensions.contains(.footnotes), context.source.containsText("[^") {
                Footnotes.markReferences(in: block, context: &context)
            }
            context.renderer.extensions.applyInline(to: block, source: context.source)
            LinkResolution.apply(to: block, context: &context) { (place.line + $0.start.line - line, place.column) }
            // The HTML is rendered here, so raw HTML safe mode leaves out is noted here: at the cell's row.
            if context.renderer.options.contains(.safeHTML) {
                SafeRawHTML.apply(to: block, context: &context) { (place.line + $0.start.line - line, place.column) }
            } else if !context.renderer.options.contains(.allowUnsafeHTML) {
                for node in block.descendants where node.kind == .htmlInline {
                    context.omittedHTML.append((place.line + node.start.line - line, place.column))
                }
            }
            return inner(of: block, renderer: context.renderer)
        }
        for table in tables {
            var html = ""
            let (start, column) = (table.paragraph.start.line, table.paragraph.start.column)
            if !table.leading.isEmpty {
                let leading = next(lines: table.leading.count, from: (start, column))
                if !leading.isEmpty { html += "<p>" + leading + "</p>\n" }
            }
            let headerLine = start + table.leading.count
            html += "<div class=\"table-wrap\" tabindex=\"0\">\n<table>\n<thead>\n<tr>\n"
            for alignment in table.alignments { html += cell("th", alignment, next(from: (headerLine, column))) }
            html += "</tr>\n</thead>\n"
            let rows = table.rows
            if !rows.isEmpty {
                html += "<tbody>\n"
                for (number, row) in rows.enumerated() {
                    html += "<tr>\n"
                    for (index, alignment) in table.alignments.enumerated() {
                        html += cell(
                            "td", alignment, index < row.count ? next(from: (headerLine + 2 + number, column)) : "")
                    }
                    html += "</tr>\n"
                }
                html += "</tbody>\n"
            }
            html += "</table>\n</div>"
            table.paragraph.replace(with: .raw(.customBlock, enter: html))
        }
    }

    private static func cell(_ tag: String, _ alignment: String?, _ content: String) -> String {
        let style = alignment.map { " style=\"text-align: \($0)\"" } ?? ""
        return "<\(tag)\(style)>\(content)</\(tag)>\n"
    }

    /// A cell's text made to parse as inline content only: a no-break space in
    /// front keeps cmark from reading `#`, `-`, `>`, `1.` … as the start of a block
    /// (it is taken off again), and escaped pipes become pipes.
    private static func inlineOnly(_ cell: Substring) -> String {
        "\u{A0}" + (cell.utf8.contains(UInt8(ascii: "\\")) ? String(cell).replacingAll("\\|", with: "|") : String(cell))
    }

    /// The HTML inside a cell's paragraph, without the `<p>` and the no-break space `inlineOnly` put in front.
    private static func inner(of node: MarkdownNode, renderer: MarkdownRenderer) -> String {
        if let first = node.firstChild, first.kind == .text, let text = first.literal, text.hasPrefix("\u{A0}") {
            first.literal = String(text.dropFirst())
        }
        var html = Substring(renderer.html(of: node))
        if html.hasPrefix("<p>") { html = html.dropFirst(3) }
        while html.last == "\n" { html = html.dropLast() }
        if html.hasSuffix("</p>") { html = html.dropLast(4) }
        return String(html)
    }

    /// The table a paragraph holds, if it holds one.
    private static func table(in paragraph: MarkdownNode, lines: [Substring]) -> Table? {
        let content = contentLines(of: paragraph, in: lines)
        guard content.count >= 2 else { return nil }
        for index in 0..<(content.count - 1) {
            guard let alignments = delimiterRow(content[index + 1]) else { continue }
            let header = cells(of: content[index])
            guard header.count == alignments.count,
                content[index].containsByte(0x7C) || content[index + 1].containsByte(0x7C)
            else { continue }
            return Table(
                paragraph: paragraph, leading: Array(content[..<index]), header: header, alignments: alignments,
                content: content,
                rowLines: content[(index + 2)...])
        }
        return nil
    }

    /// The paragraph's lines without what its containers put in front of them (`> `, a list item's indent,
    /// on its first line the list marker too).
    private static func contentLines(of paragraph: MarkdownNode, in lines: [Substring]) -> [Substring] {
        let (start, end) = (paragraph.start, paragraph.end)
        // A table has a header and a delimiter row, and pipes.
        guard start.line >= 1, end.line > start.line, end.line <= lines.count,
            lines[start.line...end.line - 1].contains(where: { $0.containsByte(0x7C) })
        else { return [] }
        let indent = start.column - 1
        return (start.line...end.line).map { number in
            let line = lines[number - 1]
            let head = line.utf8.prefix(indent)
            if head.count == indent, number == start.line || head.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x3E })
            {
                return Substring(line.utf8.dropFirst(indent))
            }
            return Substring(line.utf8.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x3E })
        }
    }

    /// A delimiter row's alignments (`left`, `center`, `right` or none), or `nil` if the line is not one.
    private static func delimiterRow(_ line: Substring) -> [String?]? {
        var alignments: [String?] = []
        for cell in cells(of: line) {
            let bytes = Array(cell.utf8)
            let left = bytes.first == UInt8(ascii: ":")
            let right = bytes.count > 1 && bytes.last == UInt8(ascii: ":")
            let dashes = bytes.dropFirst(left ? 1 : 0).dropLast(right ? 1 : 0)
            guard !dashes.isEmpty, dashes.allSatisfy({ $0 == UInt8(ascii: "-") }) else { return nil }
            alignments.append(left && right ? "center" : left ? "left" : right ? "right" : nil)
        }
        return alignments.isEmpty ? nil : alignments
    }

    /// A row's cells, trimmed: split at pipes not escaped by a backslash, without the row's outer pipes.
    static func cells(of line: Substring) -> [Substring] {
        let bytes = Array(line.utf8)
        var cells: [Substring] = []
        var cellStart = 0
        var index = 0
        var backslashes = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "|"), backslashes % 2 == 0 {
                cells.append(trimmed(bytes[cellStart..<index]))
                cellStart = index + 1
            }
            backslashes = byte == UInt8(ascii: "\\") ? backslashes + 1 : 0
            index += 1
        }
        cells.append(trimmed(bytes[cellStart...]))
        // A leading pipe leaves an empty first cell, a trailing one an empty last cell: neither is a cell.
        if cells.count > 1, cells.first?.isEmpty == true,
            bytes.first(where: { $0 != 0x20 && $0 != 0x09 }) == UInt8(ascii: "|")
        {
            cells.removeFirst()
        }
        if cells.count > 1, cells.last?.isEmpty == true, trimmed(bytes[...]).utf8.last == UInt8(ascii: "|") {
            cells.removeLast()
        }
        return cells
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> Substring {
        let start = bytes.firstIndex { $0 != 0x20 && $0 != 0x09 } ?? bytes.endIndex
        let end = bytes.lastIndex { $0 != 0x20 && $0 != 0x09 }.map { $0 + 1 } ?? start
        return Substring(String(decoding: bytes[start..<max(start, end)], as: UTF8.self))
    }
}
