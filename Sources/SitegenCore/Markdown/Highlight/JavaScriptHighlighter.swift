/// Highlights JavaScript: keywords, capitalised names as types, numbers, strings,
/// template literals with each `${…}` highlighted as code (templates inside it
/// included, however deep), line and block comments, decorators and a shebang.
///
/// Regex literals are approximated the usual way: a `/` starts one where a value
/// is expected — at the start, after an operator, an opening bracket, a `,` or
/// `;`, a `}` or a keyword such as `return` — and not after a name, a number or a
/// closing `)` or `]`, where it divides. A regex ends at its closing `/` (one inside
/// `[…]` does not count) and its flags, or at the end of its line. Strings in quotes
/// end at the end of their line too, as the language reads them.
struct JavaScriptHighlighter {
    private enum Context {
        /// Code: the block itself, or a template's `${…}` waiting for the `}` that closes it.
        case code(openBraces: Int)
        case template
    }

    private var scanner: HighlightScanner
    private var contexts: [Context] = [.code(openBraces: 0)]
    /// Whether a value may come next, so that a `/` starts a regex rather than dividing.
    private var expectsValue = true

    static func html(_ code: String) -> String {
        var highlighter = JavaScriptHighlighter(scanner: HighlightScanner(code))
        while !highlighter.scanner.isAtEnd {
            switch highlighter.contexts[highlighter.contexts.count - 1] {
            case .code(let openBraces): highlighter.scanCode(openBraces: openBraces)
            case .template: highlighter.scanTemplate()
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
        if CodeByte.isWhitespace(byte) {
            scanner.emit(nil, upTo: scanner.index(from: start, while: CodeByte.isWhitespace))
            return
        }
        if scanner.matches("//") || (start == 0 && scanner.matches("#!")) {
            scanner.emit(start == 0 && byte == UInt8(ascii: "#") ? .meta : .comment, upTo: scanner.lineEnd(from: start))
            return
        }
        if scanner.matches("/*") {
            scanner.emit(.comment, upTo: scanner.index(after: "*/", from: start + 2))
            return
        }
        var valueFollows = false
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            scanner.emit(.string, upTo: scanner.lineStringEnd(from: start))
        case UInt8(ascii: "`"):
            scanner.emit(.string, count: 1)
            contexts.append(.template)
        case UInt8(ascii: "/") where expectsValue:
            scanner.emit(.string, upTo: regexEnd(from: start))
        case _ where CodeByte.isDigit(byte) || (byte == UInt8(ascii: ".") && CodeByte.isDigit(scanner.byte(1))):
            scanner.emit(.number, upTo: scanner.numberEnd(from: start))
        case _ where CodeByte.isLetter(byte) || byte == UInt8(ascii: "$"):
            valueFollows = scanWord()
        case UInt8(ascii: "@") where CodeByte.isLetter(scanner.byte(1)):
            scanner.emit(.meta, upTo: scanner.index(from: start + 1, while: CodeByte.isWordByte))
        case UInt8(ascii: "#") where CodeByte.isLetter(scanner.byte(1)):
            scanner.emit(nil, upTo: scanner.index(from: start + 1, while: CodeByte.isWordByte))  // A private field.
        case UInt8(ascii: "{"):
            contexts[contexts.count - 1] = .code(openBraces: openBraces + 1)
            scanner.emit(nil, count: 1)
            valueFollows = true
        case UInt8(ascii: "}"):
            if openBraces > 0 {
                contexts[contexts.count - 1] = .code(openBraces: openBraces - 1)
                scanner.emit(nil, count: 1)
                valueFollows = true
            } else if contexts.count > 1 {
                contexts.removeLast()  // The `${…}` is over; its template goes on.
                scanner.emit(.punctuation, count: 1)
            } else {
                scanner.emit(nil, count: 1)
                valueFollows = true
            }
        case UInt8(ascii: ")"), UInt8(ascii: "]"):
            scanner.emit(nil, count: 1)
        default:
            scanner.emit(nil, count: 1)
            valueFollows = true
        }
        expectsValue = valueFollows
    }

    /// A name or keyword; returns whether a value may follow it (after `return`, `typeof` …).
    private mutating func scanWord() -> Bool {
        let start = scanner.position
        let end = scanner.index(from: start + 1) { CodeByte.isWordByte($0) || $0 == UInt8(ascii: "$") }
        let word = scanner.text(start..<end)
        let dot = UInt8(ascii: ".")
        // After `a.` a keyword is a property's name; after a `...` spread it is still a keyword.
        let isProperty = scanner.byte(at: start - 1) == dot && scanner.byte(at: start - 2) != dot
        if !isProperty && Self.keywords.contains(word) {
            scanner.emit(.keyword, upTo: end)
            return !Self.valueKeywords.contains(word)
        }
        scanner.emit(CodeByte.isUppercase(scanner.byte()) ? .type : nil, upTo: end)
        return false
    }

    /// Writes a template's text up to its closing backtick or to a `${`, which opens a code context.
    private mutating func scanTemplate() {
        var index = scanner.position
        while let byte = scanner.byte(at: index) {
            if byte == UInt8(ascii: "\\") {
                index += 2
            } else if byte == UInt8(ascii: "`") {
                scanner.emit(.string, upTo: index + 1)
                contexts.removeLast()
                expectsValue = false
                return
            } else if byte == UInt8(ascii: "$") && scanner.byte(at: index + 1) == UInt8(ascii: "{") {
                scanner.emit(.string, upTo: index)
                scanner.emit(.punctuation, upTo: index + 2)
                contexts.append(.code(openBraces: 0))
                expectsValue = true
                return
            } else {
                index += 1
            }
        }
        scanner.emit(.string, upTo: index)
    }

    /// Past the regex at `start` and its flags, or at the end of its line.
    private func regexEnd(from start: Int) -> Int {
        var index = start + 1
        var inClass = false
        while let byte = scanner.byte(at: index), byte != UInt8(ascii: "\n") {
            if byte == UInt8(ascii: "\\") {
                index += scanner.byte(at: index + 1) == UInt8(ascii: "\n") ? 1 : 2
                continue
            }
            if byte == UInt8(ascii: "[") { inClass = true }
            if byte == UInt8(ascii: "]") { inClass = false }
            index += 1
            if byte == UInt8(ascii: "/") && !inClass {
                return scanner.index(from: index, while: CodeByte.isASCIILetter)
            }
        }
        return index
    }

    private static let keywords: Set<String> = [
        "async", "await", "break", "case", "catch", "class", "const", "continue", "debugger", "default",
        "delete", "do", "else", "export", "extends", "false", "finally", "for", "from", "function", "get",
        "if", "import", "in", "instanceof", "let", "new", "null", "of", "return", "set", "static", "super",
        "switch", "this", "throw", "true", "try", "typeof", "undefined", "var", "void", "while", "with",
        "yield",
    ]

    /// Keywords that are values themselves, after which a `/` divides.
    private static let valueKeywords: Set<String> = ["false", "null", "super", "this", "true", "undefined"]
}
