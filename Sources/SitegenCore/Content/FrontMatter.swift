/// Where the YAML front matter and the body sit in a content file's bytes.
package struct FrontMatter: Sendable, Equatable {
    /// Byte range of the YAML text between the `---` lines (empty when the file has none).
    package var yamlRange: Range<Int>
    /// 1-based line of the file on which the YAML text starts.
    package var yamlFirstLine: Int
    /// Byte range of the body after the closing `---` line.
    package var bodyRange: Range<Int>
    /// Whether the file had front matter at all.
    package var isPresent: Bool
    /// Whether the file starts with a UTF-8 byte order mark.
    package var hasByteOrderMark: Bool

    /// Finds the front matter: an opening `---` line (after an optional BOM),
    /// then YAML, then a closing `---` or `...` line. A file that does not start
    /// with `---` has no front matter and is all body.
    package static func locate(in bytes: [UInt8]) throws(TextProblem) -> FrontMatter {
        let start = bytes.startIndex
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let hasBOM = bytes.count >= 3 && zip(bytes.prefix(3), bom).allSatisfy { $0 == $1 }
        let contentStart = start + (hasBOM ? 3 : 0)
        guard let firstLineEnd = Self.lineEnd(in: bytes, from: contentStart),
            Self.isFence(bytes, contentStart..<firstLineEnd.contentEnd, allowDots: false)
        else {
            return FrontMatter(
                yamlRange: contentStart..<contentStart, yamlFirstLine: 1,
                bodyRange: contentStart..<bytes.endIndex, isPresent: false, hasByteOrderMark: hasBOM)
        }
        guard let closed = frontMatter(yamlStart: firstLineEnd.next, in: bytes, yamlFirstLine: 2, hasBOM: hasBOM) else {
            throw TextProblem(
                line: 1, column: 1,
                "front matter is not closed; add a line \"---\" after the last field (or remove this line if the file has no front matter)"
            )
        }
        return closed
    }

    /// Front matter that is not on the first line because blank (or only
    /// whitespace) lines come before its `---`: how many there are, and where
    /// the front matter would be without them. `nil` unless the file starts
    /// with blank lines and then a `---` line that a later `---` or `...` line closes.
    package static func afterBlankLines(in bytes: [UInt8]) -> (blankLines: Int, frontMatter: FrontMatter)? {
        let hasBOM = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        var lineStart = bytes.startIndex + (hasBOM ? 3 : 0)
        var blankLines = 0
        while let end = Self.lineEnd(in: bytes, from: lineStart) {
            let line = lineStart..<end.contentEnd
            if Self.isFence(bytes, line, allowDots: false) {
                guard blankLines > 0 else { return nil }
                return frontMatter(yamlStart: end.next, in: bytes, yamlFirstLine: blankLines + 2, hasBOM: hasBOM)
                    .map { (blankLines, $0) }
            }
            guard bytes[line].allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) else { return nil }
            blankLines += 1
            lineStart = end.next
        }
        return nil
    }

    /// The front matter whose YAML starts at `yamlStart` (after the opening line), up to the first closing line.
    private static func frontMatter(yamlStart: Int, in bytes: [UInt8], yamlFirstLine: Int, hasBOM: Bool) -> FrontMatter?
    {
        var lineStart = yamlStart
        while lineStart < bytes.endIndex {
            let end =
                Self.lineEnd(in: bytes, from: lineStart)
                ?? (contentEnd: bytes.endIndex, next: bytes.endIndex)
            if Self.isFence(bytes, lineStart..<end.contentEnd, allowDots: true) {
                return FrontMatter(
                    yamlRange: yamlStart..<lineStart, yamlFirstLine: yamlFirstLine,
                    bodyRange: end.next..<bytes.endIndex, isPresent: true, hasByteOrderMark: hasBOM)
            }
            lineStart = end.next
        }
        return nil
    }

    /// The end of the line starting at `from`: where its content ends (before
    /// `\r\n` or `\n`) and where the next line starts; `nil` only for an empty tail.
    private static func lineEnd(in bytes: [UInt8], from: Int) -> (contentEnd: Int, next: Int)? {
        guard from < bytes.endIndex else { return nil }
        guard let newline = bytes[from...].firstIndex(of: UInt8(ascii: "\n")) else {
            return (bytes.endIndex, bytes.endIndex)
        }
        let contentEnd = newline > from && bytes[newline - 1] == UInt8(ascii: "\r") ? newline - 1 : newline
        return (contentEnd, newline + 1)
    }

    /// `---` (or `...` when closing), optionally followed by spaces or tabs.
    private static func isFence(_ bytes: [UInt8], _ range: Range<Int>, allowDots: Bool) -> Bool {
        guard range.count >= 3 else { return false }
        let marker = bytes[range.lowerBound]
        guard marker == UInt8(ascii: "-") || (allowDots && marker == UInt8(ascii: ".")) else { return false }
        let fence = range.lowerBound..<(range.lowerBound + 3)
        guard bytes[fence].allSatisfy({ $0 == marker }) else { return false }
        return bytes[fence.upperBound..<range.upperBound].allSatisfy {
            $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t")
        }
    }
}

extension FrontMatter {
    /// The layout of a file that is all YAML (after an optional BOM).
    package init(wholeYAMLFile bytes: [UInt8]) {
        let hasBOM = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        let start = hasBOM ? 3 : 0
        self.init(
            yamlRange: start..<bytes.count, yamlFirstLine: 1, bodyRange: bytes.count..<bytes.count,
            isPresent: true, hasByteOrderMark: hasBOM)
    }
}
