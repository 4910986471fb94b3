/// Highlights YAML: mapping keys (plain or quoted, in block and flow style),
/// scalars (numbers, `true`/`false`/`null`/`~` and the YAML 1.1 `yes`/`no`/`on`/`off`
/// as keywords, other values as strings), comments, `- ` and `? ` indicators,
/// anchors and aliases, tags, document markers and directives, and the lines of
/// block scalars (`|`, `>`) as strings.
///
/// Approximations: a block scalar's lines are those more indented than the line
/// holding its `|` or `>` (an explicit indentation indicator is not used); a quoted
/// scalar may span lines and, unterminated, runs to the end of the input.
struct YAMLHighlighter {
    private var scanner: HighlightScanner
    /// How many `[` and `{` are open: inside them `,` `[` `]` `{` `}` end a plain scalar.
    private var flowDepth = 0
    private var atLineStart = true
    /// The indentation of the current line.
    private var lineIndent = 0
    /// Set while inside a block scalar: the indentation of the line that opened it.
    private var blockScalarParentIndent: Int?

    static func html(_ code: String) -> String {
        var highlighter = YAMLHighlighter(scanner: HighlightScanner(code))
        while !highlighter.scanner.isAtEnd {
            if highlighter.atLineStart {
                highlighter.scanLineStart()
            } else {
                highlighter.scanToken()
            }
        }
        return highlighter.scanner.finish()
    }

    private init(scanner: HighlightScanner) {
        self.scanner = scanner
    }

    /// A line's indentation, then a block scalar's line as a string, or a document marker or directive.
    private mutating func scanLineStart() {
        atLineStart = false
        let start = scanner.position
        let indentEnd = scanner.index(from: start) { $0 == UInt8(ascii: " ") }
        lineIndent = indentEnd - start
        let lineEnd = scanner.lineEnd(from: start)
        if let parentIndent = blockScalarParentIndent {
            let isBlank = scanner.index(from: start, while: CodeByte.isBlank) == lineEnd
            if isBlank || lineIndent > parentIndent {
                scanner.emit(nil, upTo: indentEnd)
                scanner.emit(.string, upTo: lineEnd)
                return
            }
            blockScalarParentIndent = nil
        }
        scanner.emit(nil, upTo: indentEnd)
        guard lineIndent == 0 else { return }
        if (scanner.matches("---") || scanner.matches("...")) && CodeByte.isWhitespaceOrEnd(scanner.byte(3)) {
            scanner.emit(.meta, count: 3)
            flowDepth = 0
        } else if scanner.matches("%") {
            scanner.emit(.meta, upTo: lineEnd)
        }
    }

    private mutating func scanToken() {
        let start = scanner.position
        guard let byte = scanner.byte() else { return }
        let next = scanner.byte(1)
        switch byte {
        case UInt8(ascii: "\n"):
            scanner.emit(nil, count: 1)
            atLineStart = true
        case _ where CodeByte.isBlank(byte):
            scanner.emit(nil, upTo: scanner.index(from: start, while: CodeByte.isBlank))
        case UInt8(ascii: "#") where start == 0 || CodeByte.isWhitespace(scanner.byte(at: start - 1)):
            scanner.emit(.comment, upTo: scanner.lineEnd(from: start))
        case _ where Self.blockIndicators.contains(byte) && CodeByte.isWhitespaceOrEnd(next):
            scanner.emit(nil, count: 1)
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            flowDepth += 1
            scanner.emit(nil, count: 1)
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
            flowDepth = max(flowDepth - 1, 0)
            scanner.emit(nil, count: 1)
        case UInt8(ascii: ",") where flowDepth > 0:
            scanner.emit(nil, count: 1)
        case UInt8(ascii: "'"), UInt8(ascii: "\""):
            let end = quotedEnd(from: start)
            scanner.emit(isKey(at: end) ? .attribute : .string, upTo: end)
        case _ where (byte == UInt8(ascii: "&") || byte == UInt8(ascii: "*")) && !CodeByte.isWhitespaceOrEnd(next):
            scanner.emit(.variable, upTo: scanner.index(from: start + 1) { !isEndOfName($0) })
        case UInt8(ascii: "!"):
            scanner.emit(.meta, upTo: scanner.index(from: start + 1) { !isEndOfName($0) })
        case UInt8(ascii: "|"), UInt8(ascii: ">"):
            let headerEnd = scanner.index(from: start + 1) {
                $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") || CodeByte.isDigit($0)
            }
            if CodeByte.isWhitespaceOrEnd(scanner.byte(at: headerEnd)) {
                scanner.emit(.meta, upTo: headerEnd)
                blockScalarParentIndent = lineIndent
            } else {
                scanPlainScalar()
            }
        default:
            scanPlainScalar()
        }
    }

    /// Whether a byte ends an anchor's, an alias's or a tag's name.
    private func isEndOfName(_ byte: UInt8) -> Bool {
        CodeByte.isWhitespace(byte) || (flowDepth > 0 && Self.flowIndicators.contains(byte))
    }

    private static let flowIndicators: Set<UInt8> = Set(",[]{}".utf8)

    /// `- ` (a sequence item), `? ` (a complex key) and `: ` (a value), when a blank follows.
    private static let blockIndicators: Set<UInt8> = Set("-?:".utf8)

    /// Whether a scalar ending at `end` is a key: a `:` follows, then a blank or the end
    /// of the line (in flow style, also right before the next indicator).
    private func isKey(at end: Int) -> Bool {
        let colon = scanner.index(from: end, while: CodeByte.isBlank)
        guard scanner.byte(at: colon) == UInt8(ascii: ":") else { return false }
        let after = scanner.byte(at: colon + 1)
        return CodeByte.isWhitespaceOrEnd(after) || (flowDepth > 0 && after.map(Self.flowIndicators.contains) == true)
    }

    /// Past the closing quote of the quoted scalar at `start`, or the end of the input.
    private func quotedEnd(from start: Int) -> Int {
        let quote = scanner.bytes[start]
        var index = start + 1
        while let byte = scanner.byte(at: index) {
            if byte == UInt8(ascii: "\\") && quote == UInt8(ascii: "\"") {
                index += 2
            } else if byte == quote {
                if quote == UInt8(ascii: "'") && scanner.byte(at: index + 1) == quote {
                    index += 2  // '' is a quote inside single quotes.
                } else {
                    return index + 1
                }
            } else {
                index += 1
            }
        }
        return scanner.count
    }

    /// A plain scalar, up to the end of its line, a `: ` that makes it a key, a ` #`
    /// comment or, in flow style, an indicator; trailing blanks stay plain.
    private mutating func scanPlainScalar() {
        let start = scanner.position
        var index = start
        var endsAtColon = false
        while let byte = scanner.byte(at: index), byte != UInt8(ascii: "\n") {
            if byte == UInt8(ascii: ":") && index > start && isKey(at: index) {
                endsAtColon = true
                break
            }
            if CodeByte.isBlank(byte) && scanner.byte(at: index + 1) == UInt8(ascii: "#") { break }
            if flowDepth > 0 && Self.flowIndicators.contains(byte) && index > start { break }
            index += 1
        }
        var end = index
        while end > start + 1 && CodeByte.isBlank(scanner.byte(at: end - 1)) { end -= 1 }
        let text = scanner.text(start..<end)
        let kind: TokenKind
        if endsAtColon {
            kind = .attribute
        } else if Self.keywords.contains(text.lowercased()) {
            kind = .keyword
        } else if Self.isNumber(text) {
            kind = .number
        } else {
            kind = .string
        }
        scanner.emit(kind, upTo: max(end, start + 1))
    }

    private static let keywords: Set<String> = ["true", "false", "null", "~", "yes", "no", "on", "off"]

    /// Integers (`12`, `-3`, `1_000`, `0x1F`, `0o17`), decimals and exponents (`1.5`, `.5`, `1e3`),
    /// `.inf` and `.nan`. Dates and times (`2024-05-01`, `1:30`) are strings.
    private static func isNumber(_ text: String) -> Bool {
        var digits = Substring(text)
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        let lowered = digits.lowercased()
        if lowered == ".inf" || lowered == ".nan" { return true }
        if lowered.hasPrefix("0x") || lowered.hasPrefix("0o") {
            return lowered.count > 2 && lowered.dropFirst(2).allSatisfy { $0.isHexDigit || $0 == "_" }
        }
        var sawDigit = false
        var sawDot = false
        var sawExponent = false
        var previous: Character = " "
        for character in lowered {
            switch character {
            case "0"..."9": sawDigit = true
            case "_" where sawDigit: break
            case "." where !sawDot && !sawExponent: sawDot = true
            case "e" where sawDigit && !sawExponent: sawExponent = true
            case "+" where previous == "e", "-" where previous == "e": break
            default: return false
            }
            previous = character
        }
        return sawDigit && previous != "e" && previous != "+" && previous != "-"
    }
}
