/// `$…$` and `$$…$$` in Markdown text, found as GitHub finds them, before
/// cmark's inline parsing can change the TeX (`\,` would become `,`, `_`
/// emphasis). cmark's first parse says where text is (not code, raw HTML or
/// a link's destination); the dollars in that text are matched in the source
/// itself: a `$` escaped as `\$` is a dollar; an inline opener is followed by
/// no space, its closer follows no space and is followed by no digit (so
/// `$5 and $10` is no math); `$$…$$` is shown as a block. Each expression's
/// bytes are then put out of cmark's reach: the text is parsed again with
/// them replaced by placeholder bytes of the same length and lines (every
/// place in the text stays where it was), which become the math's HTML.
enum MathSpans {
    /// An expression found in the text.
    struct Span {
        var tex: String
        var display: Bool
        /// Where its opening `$` is.
        var line: Int
        var column: Int
        /// The byte offsets of the text it covers (line breaks and container markers between its lines left out).
        var offsets: [Int]
    }

    /// The placeholder's first byte, last byte and the bytes between.
    static let opener: UInt8 = 0x02
    static let closer: UInt8 = 0x03
    static let filler: UInt8 = 0x1A

    /// The expressions in `document`'s paragraphs and headings, in document order.
    static func find(in document: MarkdownNode, source: [UInt8], lineStarts: [Int]) -> [Span] {
        var spans: [Span] = []
        for block in document.descendants where block.kind == .paragraph || block.kind == .heading {
            spans += find(inBlock: block, source: source, lineStarts: lineStarts)
        }
        return spans
    }

    /// The text with each span's bytes replaced by the placeholder.
    static func protected(_ source: [UInt8], _ spans: [Span]) -> String {
        var bytes = source
        for span in spans {
            for offset in span.offsets { bytes[offset] = filler }
            bytes[span.offsets.first!] = opener
            bytes[span.offsets.last!] = closer
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The byte offset each line starts at.
    static func lineStarts(of source: [UInt8]) -> [Int] {
        var starts = [0]
        for (offset, byte) in source.enumerated() where byte == 0x0A { starts.append(offset + 1) }
        return starts
    }

    private static func find(inBlock block: MarkdownNode, source: [UInt8], lineStarts: [Int]) -> [Span] {
        // Where each line's inline content starts, and the columns of text on it.
        var contentStart: [Int: Int] = [:]
        var text: [Int: [ClosedRange<Int>]] = [:]
        for node in block.descendants {
            let start = node.start
            guard start.line > 0, start.column > 0 else { continue }
            contentStart[start.line] = min(contentStart[start.line] ?? .max, start.column)
            if node.kind == .text, node.end.line == start.line, node.end.column >= start.column {
                text[start.line, default: []].append(start.column...node.end.column)
            }
        }
        // The block's inline text as one run of bytes, each with its offset in the source and whether it
        // is text; the lines are joined by a line break, and a line whose content is unknown by a barrier.
        var bytes: [UInt8] = []
        var offsets: [Int] = []
        var inText: [Bool] = []
        let lines = block.start.line...max(block.start.line, block.end.line)
        for line in lines where line <= lineStarts.count {
            let lineStart = lineStarts[line - 1]
            var lineEnd = line < lineStarts.count ? lineStarts[line] - 1 : source.count
            if lineEnd > lineStart, source[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            if let column = contentStart[line] {
                let ranges = text[line] ?? []
                for offset in min(lineStart + column - 1, lineEnd)..<lineEnd {
                    bytes.append(source[offset])
                    offsets.append(offset)
                    let column = offset - lineStart + 1
                    inText.append(ranges.contains { $0.contains(column) })
                }
            } else {
                bytes.append(0)
                offsets.append(-1)
                inText.append(false)
            }
            if line < lines.upperBound {
                bytes.append(0x0A)
                offsets.append(-1)
                inText.append(false)
            }
        }
        return spans(in: bytes, inText: inText).map { range, display in
            let delimiter = display ? 2 : 1
            let tex = String(
                decoding: bytes[(range.lowerBound + delimiter)..<(range.upperBound - delimiter)], as: UTF8.self)
            let first = offsets[range.lowerBound]
            let line = lineStarts.lastIndex { $0 <= first }! + 1
            return Span(
                tex: tex.trimmingWhitespace, display: display, line: line, column: first - lineStarts[line - 1] + 1,
                offsets: offsets[range].filter { $0 >= 0 })
        }
    }

    /// The ranges of `bytes` that are math, delimiters included, and whether each is shown as a block.
    private static func spans(in bytes: [UInt8], inText: [Bool]) -> [(Range<Int>, Bool)] {
        let dollar = UInt8(ascii: "$")
        let backslash = UInt8(ascii: "\\")
        func isSpace(_ index: Int) -> Bool {
            index < 0 || index >= bytes.count || [0x20, 0x09, 0x0A, 0].contains(bytes[index])
        }
        func isDelimiter(_ index: Int) -> Bool { index < bytes.count && bytes[index] == dollar && inText[index] }
        /// The index of the closing delimiter after `start`, skipping what a backslash escapes.
        func closing(from start: Int, display: Bool) -> Int? {
            var index = start
            while index < bytes.count, bytes[index] != 0 {
                if bytes[index] == backslash {
                    index += 2
                    continue
                }
                if display {
                    if isDelimiter(index), isDelimiter(index + 1) { return index }
                } else if index + 1 < bytes.count, bytes[index] == dollar, bytes[index + 1] == dollar {
                    index += 2  // `$$` ends no inline math.
                    continue
                } else if isDelimiter(index), !isSpace(index - 1),
                    !(index + 1 < bytes.count && (0x30...0x39).contains(bytes[index + 1]))
                {
                    return index
                }
                index += 1
            }
            return nil
        }
        var found: [(Range<Int>, Bool)] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == backslash, inText[index] {
                index += 2
                continue
            }
            guard isDelimiter(index) else {
                index += 1
                continue
            }
            if isDelimiter(index + 1) {
                if let end = closing(from: index + 2, display: true),
                    bytes[(index + 2)..<end].contains(where: { ![0x20, 0x09, 0x0A].contains($0) })
                {
                    found.append((index..<(end + 2), true))
                    index = end + 2
                } else {
                    index += 2
                }
                continue
            }
            if !isSpace(index + 1), let end = closing(from: index + 1, display: false) {
                found.append((index..<(end + 1), false))
                index = end + 1
                continue
            }
            index += 1
        }
        return found
    }
}
