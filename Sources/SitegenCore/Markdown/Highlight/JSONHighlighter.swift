/// Highlights JSON: keys (a string followed by `:`) apart from string values,
/// numbers, and `true`, `false`, `null` as keywords. `//` and `/* */` comments,
/// which JSON itself lacks, are highlighted too, since examples often carry them.
/// A string ends at the end of its line even unterminated, as JSON strings cannot
/// hold line breaks.
enum JSONHighlighter {
    static func html(_ code: String) -> String {
        var scanner = HighlightScanner(code)
        while let byte = scanner.byte() {
            let start = scanner.position
            if CodeByte.isWhitespace(byte) {
                scanner.emit(nil, upTo: scanner.index(from: start, while: CodeByte.isWhitespace))
            } else if byte == UInt8(ascii: "\"") {
                let end = stringEnd(from: start, in: scanner)
                let next = scanner.index(from: end, while: CodeByte.isWhitespace)
                scanner.emit(scanner.byte(at: next) == UInt8(ascii: ":") ? .attribute : .string, upTo: end)
            } else if CodeByte.isDigit(byte) || (byte == UInt8(ascii: "-") && CodeByte.isDigit(scanner.byte(1))) {
                scanner.emit(.number, upTo: scanner.numberEnd(from: start + 1))
            } else if CodeByte.isLetter(byte) {
                let end = scanner.index(from: start, while: CodeByte.isWordByte)
                let isLiteral = ["true", "false", "null"].contains(scanner.text(start..<end))
                scanner.emit(isLiteral ? .keyword : nil, upTo: end)
            } else if scanner.matches("//") {
                scanner.emit(.comment, upTo: scanner.lineEnd(from: start))
            } else if scanner.matches("/*") {
                scanner.emit(.comment, upTo: scanner.index(after: "*/", from: start + 2))
            } else {
                scanner.emit(nil, count: 1)
            }
        }
        return scanner.finish()
    }

    /// The end of the string opening at `start`: past its closing quote, or at the end of its line.
    private static func stringEnd(from start: Int, in scanner: HighlightScanner) -> Int {
        var index = start + 1
        while let byte = scanner.byte(at: index) {
            if byte == UInt8(ascii: "\"") { return index + 1 }
            if byte == UInt8(ascii: "\n") { return index }
            index += byte == UInt8(ascii: "\\") && scanner.byte(at: index + 1) != UInt8(ascii: "\n") ? 2 : 1
        }
        return scanner.count
    }
}
