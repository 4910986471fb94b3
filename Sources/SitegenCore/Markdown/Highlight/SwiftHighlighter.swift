/// Highlights Swift: keywords, capitalised names as types, `@attributes` and
/// `#directives`, numbers, nested block comments, and strings in every form —
/// multi-line `"""`, raw `#"…"#` — with each interpolation highlighted as code,
/// however deeply strings and interpolations nest.
///
/// Approximations: regex literals (`/…/`, `#/…/#`) are not recognised, so their
/// text reads as code; a keyword after a `.` (`.default`) is a member name, except
/// `init`, `self` and `Type`; contextual keywords other than the accessor names
/// (`get`, `set`, `willSet`, `didSet`) and common modifiers stay plain.
struct SwiftHighlighter {
    private enum Context {
        /// Code: the block itself, or an interpolation waiting for the `)` that closes it.
        case code(openParentheses: Int)
        /// A string's text, closed by `"` (or `"""`) and `hashes` `#`s.
        case string(hashes: Int, multiline: Bool)
    }

    private var scanner: HighlightScanner
    /// The innermost context last; an explicit stack, so nesting costs no recursion.
    private var contexts: [Context] = [.code(openParentheses: 0)]

    static func html(_ code: String) -> String {
        var highlighter = SwiftHighlighter(scanner: HighlightScanner(code))
        while !highlighter.scanner.isAtEnd {
            switch highlighter.contexts[highlighter.contexts.count - 1] {
            case .code(let openParentheses): highlighter.scanCode(openParentheses: openParentheses)
            case .string(let hashes, let multiline): highlighter.scanString(hashes: hashes, multiline: multiline)
            }
        }
        return highlighter.scanner.finish()
    }

    private init(scanner: HighlightScanner) {
        self.scanner = scanner
    }

    /// Writes one token of code.
    private mutating func scanCode(openParentheses: Int) {
        let start = scanner.position
        guard let byte = scanner.byte() else { return }
        if CodeByte.isWhitespace(byte) {
            scanner.emit(nil, upTo: scanner.index(from: start, while: CodeByte.isWhitespace))
        } else if scanner.matches("//") {
            scanner.emit(.comment, upTo: scanner.lineEnd(from: start))
        } else if scanner.matches("/*") {
            scanner.emit(.comment, upTo: nestedCommentEnd(from: start))
        } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "#") {
            scanStringOpenerOrDirective()
        } else if byte == UInt8(ascii: "@"), CodeByte.isLetter(scanner.byte(1)) {
            scanner.emit(.meta, upTo: scanner.index(from: start + 1, while: CodeByte.isWordByte))
        } else if CodeByte.isDigit(byte) {
            scanner.emit(.number, upTo: scanner.numberEnd(from: start))
        } else if CodeByte.isLetter(byte) || byte == UInt8(ascii: "$") {
            scanWord()
        } else if byte == UInt8(ascii: "`") {
            // A quoted name such as `default` is a name, not a keyword.
            let close = scanner.index(from: start + 1) { $0 != UInt8(ascii: "`") && $0 != UInt8(ascii: "\n") }
            scanner.emit(nil, upTo: scanner.byte(at: close) == UInt8(ascii: "`") ? close + 1 : close)
        } else if byte == UInt8(ascii: "(") {
            contexts[contexts.count - 1] = .code(openParentheses: openParentheses + 1)
            scanner.emit(nil, count: 1)
        } else if byte == UInt8(ascii: ")") {
            if openParentheses > 0 {
                contexts[contexts.count - 1] = .code(openParentheses: openParentheses - 1)
                scanner.emit(nil, count: 1)
            } else if contexts.count > 1 {
                contexts.removeLast()  // The interpolation is over; its string goes on.
                scanner.emit(.punctuation, count: 1)
            } else {
                scanner.emit(nil, count: 1)
            }
        } else {
            scanner.emit(nil, count: 1)
        }
    }

    /// At `"` or `#`: a string's opening quotes (after the `#`s of a raw string),
    /// a directive such as `#if` or `#selector`, or a lone `#`.
    private mutating func scanStringOpenerOrDirective() {
        let start = scanner.position
        let quote = scanner.index(from: start) { $0 == UInt8(ascii: "#") }
        if scanner.byte(at: quote) == UInt8(ascii: "\"") {
            let multiline = scanner.matches("\"\"\"", at: quote)
            scanner.emit(.string, upTo: quote + (multiline ? 3 : 1))
            contexts.append(.string(hashes: quote - start, multiline: multiline))
        } else if quote == start + 1, CodeByte.isLetter(scanner.byte(1)) {
            scanner.emit(.meta, upTo: scanner.index(from: start + 1, while: CodeByte.isWordByte))
        } else {
            scanner.emit(nil, upTo: quote)
        }
    }

    /// Writes string text up to the string's end, or up to an interpolation's `\(`,
    /// which opens a code context. A single-line string ends at the end of its line
    /// even unterminated, as the compiler reads it, so one stray quote does not turn
    /// the rest of the block into a string.
    private mutating func scanString(hashes: Int, multiline: Bool) {
        var index = scanner.position
        while let byte = scanner.byte(at: index) {
            if byte == UInt8(ascii: "\\") {
                let afterHashes = index + 1 + hashes
                guard hashesRun(from: index + 1, count: hashes) else {
                    index += 1  // In a raw string, a backslash without its `#`s is text.
                    continue
                }
                let escaped = scanner.byte(at: afterHashes)
                if escaped == UInt8(ascii: "(") {
                    scanner.emit(.string, upTo: index)
                    scanner.emit(.punctuation, upTo: afterHashes + 1)
                    contexts.append(.code(openParentheses: 0))
                    return
                }
                index = escaped == UInt8(ascii: "\n") && !multiline ? afterHashes : afterHashes + 1
            } else if byte == UInt8(ascii: "\"") {
                let quotes = multiline ? 3 : 1
                let closesQuotes = !multiline || scanner.matches("\"\"\"", at: index)
                if closesQuotes && hashesRun(from: index + quotes, count: hashes) {
                    scanner.emit(.string, upTo: index + quotes + hashes)
                    contexts.removeLast()
                    return
                }
                index += 1
            } else if byte == UInt8(ascii: "\n") && !multiline {
                break
            } else {
                index += 1
            }
        }
        scanner.emit(.string, upTo: index)
        contexts.removeLast()
    }

    private func hashesRun(from start: Int, count: Int) -> Bool {
        (0..<count).allSatisfy { scanner.byte(at: start + $0) == UInt8(ascii: "#") }
    }

    /// The end of a block comment, counting the comments nested inside it; the end
    /// of the input when it is not closed.
    private func nestedCommentEnd(from start: Int) -> Int {
        var depth = 0
        var index = start
        while index < scanner.count {
            if scanner.matches("/*", at: index) {
                depth += 1
                index += 2
            } else if scanner.matches("*/", at: index) {
                depth -= 1
                index += 2
                if depth == 0 { return index }
            } else {
                index += 1
            }
        }
        return scanner.count
    }

    private mutating func scanWord() {
        let start = scanner.position
        let end = scanner.index(from: start + 1) { CodeByte.isWordByte($0) }
        let word = scanner.text(start..<end)
        let isMember = scanner.byte(at: start - 1) == UInt8(ascii: ".")
        if Self.keywords.contains(word) && (!isMember || Self.keywordsAfterDot.contains(word)) {
            scanner.emit(.keyword, upTo: end)
        } else if CodeByte.isUppercase(scanner.byte()) {
            scanner.emit(.type, upTo: end)
        } else {
            scanner.emit(nil, upTo: end)
        }
    }

    private static let keywordsAfterDot: Set<String> = ["init", "self", "Type"]

    private static let keywords: Set<String> = [
        // Declarations
        "actor", "associatedtype", "class", "deinit", "enum", "extension", "func", "import", "init",
        "inout", "let", "macro", "operator", "precedencegroup", "protocol", "struct", "subscript",
        "typealias", "var",
        // Modifiers
        "async", "borrowing", "consuming", "convenience", "dynamic", "fileprivate", "final", "indirect",
        "internal", "isolated", "lazy", "mutating", "nonisolated", "nonmutating", "open", "override",
        "package", "private", "public", "required", "rethrows", "sending", "static", "throws",
        "unowned", "weak", "some", "any", "get", "set", "willSet", "didSet",
        // Statements
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for",
        "guard", "if", "in", "repeat", "return", "switch", "throw", "where", "while",
        // Expressions
        "as", "await", "consume", "copy", "discard", "each", "false", "is", "nil", "self", "Self", "super",
        "true", "try", "Type",
    ]
}
