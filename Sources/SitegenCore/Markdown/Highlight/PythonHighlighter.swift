/// Highlights Python: keywords (and the soft keywords `match`, `case` and `type`
/// where they start a statement), builtin and capitalised names as types,
/// decorators, numbers, `#` comments, and strings with any prefix (`r`, `b`, `f`,
/// `rb` …), triple-quoted ones spanning lines. In f-strings (and t-strings) each
/// `{…}` is highlighted as code, quotes and f-strings inside it included, however
/// deep; `{{` and `}}` stay text.
///
/// Approximations: a format spec after `:` inside `{…}` reads as code; a
/// single-quoted string ends at the end of its line, unterminated, as Python reads it.
struct PythonHighlighter {
    private enum Context {
        /// Code: the block itself, or an f-string's `{…}` waiting for the `}` that closes it.
        case code(openBraces: Int)
        case string(quote: UInt8, triple: Bool, formatted: Bool)
    }

    private var scanner: HighlightScanner
    private var contexts: [Context] = [.code(openBraces: 0)]
    /// Whether nothing but indentation came yet on this line, where decorators and soft keywords count.
    private var atStatementStart = true

    static func html(_ code: String) -> String {
        var highlighter = PythonHighlighter(scanner: HighlightScanner(code))
        while !highlighter.scanner.isAtEnd {
            switch highlighter.contexts[highlighter.contexts.count - 1] {
            case .code(let openBraces): highlighter.scanCode(openBraces: openBraces)
            case .string(let quote, let triple, let formatted):
                highlighter.scanString(quote: quote, triple: triple, formatted: formatted)
            }
        }
        return highlighter.scanner.finish()
    }

    private init(scanner: HighlightScanner) {
        self.scanner = scanner
    }

    private mutating func scanCode(openBraces: Int) {
        let start = scanner.position
        guard let byte = scanner.byte() else { return }
        if byte == UInt8(ascii: "\n") {
            scanner.emit(nil, count: 1)
            atStatementStart = true
            return
        }
        if CodeByte.isBlank(byte) {
            scanner.emit(nil, upTo: scanner.index(from: start, while: CodeByte.isBlank))
            return
        }
        let statementStart = atStatementStart
        atStatementStart = false
        switch byte {
        case UInt8(ascii: "#"):
            scanner.emit(.comment, upTo: scanner.lineEnd(from: start))
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            openString(prefixLength: 0, formatted: false)
        case UInt8(ascii: "@") where statementStart && CodeByte.isLetter(scanner.byte(1)):
            let end = scanner.index(from: start + 1) { CodeByte.isWordByte($0) || $0 == UInt8(ascii: ".") }
            scanner.emit(.meta, upTo: end)
        case _ where CodeByte.isDigit(byte) || (byte == UInt8(ascii: ".") && CodeByte.isDigit(scanner.byte(1))):
            scanner.emit(.number, upTo: scanner.numberEnd(from: start))
        case _ where CodeByte.isLetter(byte):
            scanWord(atStatementStart: statementStart)
        case UInt8(ascii: "{"):
            contexts[contexts.count - 1] = .code(openBraces: openBraces + 1)
            scanner.emit(nil, count: 1)
        case UInt8(ascii: "}"):
            if openBraces > 0 {
                contexts[contexts.count - 1] = .code(openBraces: openBraces - 1)
                scanner.emit(nil, count: 1)
            } else if contexts.count > 1 {
                contexts.removeLast()  // The `{…}` is over; its f-string goes on.
                scanner.emit(.punctuation, count: 1)
            } else {
                scanner.emit(nil, count: 1)
            }
        case UInt8(ascii: "\\"):
            scanner.emit(nil, count: 2)  // A line continuation.
            atStatementStart = statementStart
        default:
            scanner.emit(nil, count: 1)
        }
    }

    private mutating func scanWord(atStatementStart statementStart: Bool) {
        let start = scanner.position
        let end = scanner.index(from: start + 1, while: CodeByte.isWordByte)
        let word = scanner.text(start..<end)
        let next = scanner.byte(at: end)
        if end - start <= 2, next == UInt8(ascii: "\"") || next == UInt8(ascii: "'"), Self.isStringPrefix(word) {
            let lowered = word.lowercased()
            openString(prefixLength: end - start, formatted: lowered.contains("f") || lowered.contains("t"))
            return
        }
        let kind: TokenKind?
        let isSoftKeyword = statementStart && Self.softKeywords.contains(word) && startsSoftKeywordStatement(after: end)
        if Self.keywords.contains(word) || isSoftKeyword {
            kind = .keyword
        } else if Self.builtinTypes.contains(word) || CodeByte.isUppercase(scanner.byte()) {
            kind = .type
        } else {
            kind = nil
        }
        scanner.emit(kind, upTo: end)
    }

    /// Whether a soft keyword ending at `end` starts a statement (`match point:`)
    /// rather than being a name (`match = 1`, `match.group()`): a blank follows, then
    /// something that is not an operator.
    private func startsSoftKeywordStatement(after end: Int) -> Bool {
        guard CodeByte.isBlank(scanner.byte(at: end)) else { return false }
        let next = scanner.byte(at: scanner.index(from: end, while: CodeByte.isBlank))
        guard let next else { return false }
        return !"=.,:)]}\n+-*/%<>!|&^".utf8.contains(next)
    }

    private static func isStringPrefix(_ word: String) -> Bool {
        ["r", "u", "b", "f", "t", "br", "rb", "fr", "rf", "tr", "rt"].contains(word.lowercased())
    }

    /// Writes a string's prefix and opening quotes and enters it.
    private mutating func openString(prefixLength: Int, formatted: Bool) {
        let quoteIndex = scanner.position + prefixLength
        let quote = scanner.bytes[quoteIndex]
        let triple = isTripleQuote(quote, at: quoteIndex)
        scanner.emit(.string, upTo: quoteIndex + (triple ? 3 : 1))
        contexts.append(.string(quote: quote, triple: triple, formatted: formatted))
    }

    private func isTripleQuote(_ quote: UInt8, at index: Int) -> Bool {
        (0..<3).allSatisfy { scanner.byte(at: index + $0) == quote }
    }

    /// Writes a string's text up to its closing quotes, its line's end (single
    /// quotes) or, in an f-string, a `{` that opens a code context.
    private mutating func scanString(quote: UInt8, triple: Bool, formatted: Bool) {
        var index = scanner.position
        while let byte = scanner.byte(at: index) {
            if byte == UInt8(ascii: "\\") {
                // Even in a raw string a backslash keeps the next quote from closing it.
                let next = scanner.byte(at: index + 1)
                index += formatted && (next == UInt8(ascii: "{") || next == UInt8(ascii: "}")) ? 1 : 2
            } else if byte == quote && (!triple || isTripleQuote(quote, at: index)) {
                scanner.emit(.string, upTo: index + (triple ? 3 : 1))
                contexts.removeLast()
                return
            } else if byte == UInt8(ascii: "\n") && !triple {
                break
            } else if formatted && (byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}")) {
                if scanner.byte(at: index + 1) == byte {
                    index += 2  // `{{` and `}}` are text.
                } else if byte == UInt8(ascii: "{") {
                    scanner.emit(.string, upTo: index)
                    scanner.emit(.punctuation, upTo: index + 1)
                    contexts.append(.code(openBraces: 0))
                    return
                } else {
                    index += 1
                }
            } else {
                index += 1
            }
        }
        scanner.emit(.string, upTo: index)
        contexts.removeLast()
    }

    private static let keywords: Set<String> = [
        "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue",
        "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in",
        "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with", "yield",
    ]

    private static let softKeywords: Set<String> = ["match", "case", "type"]

    private static let builtinTypes: Set<String> = [
        "bool", "bytearray", "bytes", "complex", "dict", "float", "frozenset", "int", "list", "memoryview",
        "object", "range", "set", "str", "tuple", "type",
    ]
}
