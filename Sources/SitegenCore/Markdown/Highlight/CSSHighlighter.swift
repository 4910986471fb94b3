/// Highlights CSS: selectors (element names as tags, `.class` and `#id` as types,
/// pseudo-classes as keywords, attribute names), property names, values (numbers
/// with their units, `#colours`, strings, `url(…)`, `var(--name)`, `!important`),
/// at-rules and comments. Nested rules are told from declarations by what ends
/// them: a statement reaching `{` before `;` or `}` is a selector, so a block of
/// bare declarations (`color: red;`) reads as declarations too.
///
/// Approximation: strings end at the end of their line, as CSS reads them.
struct CSSHighlighter {
    private enum Mode {
        case selector
        case propertyName
        case value
        /// After `@media`, `@import` …: read like a value, with `(name: value)` features.
        case atRulePrelude
    }

    private var scanner: HighlightScanner
    private var mode = Mode.selector
    /// Set at the start of each statement: its mode is chosen at its first token.
    private var startsStatement = true
    private var blockDepth = 0
    /// Set between a selector's `[` and `]`.
    private var inAttributeSelector = false
    /// The last statement end found by looking ahead, and what it made the statement.
    private var lookedAhead: (end: Int, isSelector: Bool)?

    static func html(_ code: String) -> String {
        var highlighter = CSSHighlighter(scanner: HighlightScanner(code))
        while !highlighter.scanner.isAtEnd { highlighter.scanToken() }
        return highlighter.scanner.finish()
    }

    private init(scanner: HighlightScanner) {
        self.scanner = scanner
    }

    private mutating func scanToken() {
        let start = scanner.position
        guard let byte = scanner.byte() else { return }
        if CodeByte.isWhitespace(byte) {
            scanner.emit(nil, upTo: scanner.index(from: start, while: CodeByte.isWhitespace))
            return
        }
        if scanner.matches("/*") {
            scanner.emit(.comment, upTo: scanner.index(after: "*/", from: start + 2))
            return
        }
        if startsStatement {
            startsStatement = false
            inAttributeSelector = false
            mode = byte == UInt8(ascii: "@") ? .atRulePrelude : (isSelector(from: start) ? .selector : .propertyName)
        }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ";"):
            if byte == UInt8(ascii: "{") { blockDepth += 1 }
            if byte == UInt8(ascii: "}") { blockDepth = max(blockDepth - 1, 0) }
            scanner.emit(nil, count: 1)
            startsStatement = true
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            scanner.emit(.string, upTo: scanner.lineStringEnd(from: start))
        case UInt8(ascii: "@") where isIdentifierStart(at: start + 1):
            scanner.emit(.keyword, upTo: identifierEnd(from: start + 1))
        default:
            switch mode {
            case .selector: scanSelectorToken()
            case .propertyName: scanPropertyNameToken()
            case .value, .atRulePrelude: scanValueToken()
            }
        }
    }

    /// Whether the statement starting at `start` is a selector: it reaches a `{`
    /// before any `;` or `}` (skipping comments and strings), or it is a top-level
    /// statement that ends with the input. A statement starting before the end the
    /// last lookahead found (the tokens went past something lookahead skipped, such
    /// as a `/*` inside an unquoted `url(`) shares its answer, so lookahead never
    /// reads a byte twice.
    private mutating func isSelector(from start: Int) -> Bool {
        if let lookedAhead, start < lookedAhead.end { return lookedAhead.isSelector }
        var index = start
        var isSelector = blockDepth == 0
        while let byte = scanner.byte(at: index) {
            if scanner.matches("/*", at: index) {
                index = scanner.index(after: "*/", from: index + 2)
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                index = scanner.lineStringEnd(from: index)
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: ";") || byte == UInt8(ascii: "}") {
                isSelector = byte == UInt8(ascii: "{")
                break
            } else {
                index += 1
            }
        }
        lookedAhead = (index, isSelector)
        return isSelector
    }

    private mutating func scanSelectorToken() {
        let start = scanner.position
        let byte = scanner.bytes[start]
        if isIdentifierStart(at: start) {
            scanner.emit(inAttributeSelector ? .attribute : .tag, upTo: identifierEnd(from: start))
        } else if (byte == UInt8(ascii: ".") || byte == UInt8(ascii: "#")) && isIdentifierStart(at: start + 1) {
            scanner.emit(.type, upTo: identifierEnd(from: start + 1))
        } else if byte == UInt8(ascii: ":") {
            let name = scanner.byte(1) == UInt8(ascii: ":") ? start + 2 : start + 1
            if isIdentifierStart(at: name) {
                scanner.emit(.keyword, upTo: identifierEnd(from: name))
            } else {
                scanner.emit(nil, upTo: name)
            }
        } else if CodeByte.isDigit(byte) {
            scanner.emit(.number, upTo: numberEnd(from: start))
        } else {
            if byte == UInt8(ascii: "[") { inAttributeSelector = true }
            if byte == UInt8(ascii: "]") { inAttributeSelector = false }
            scanner.emit(nil, count: 1)
        }
    }

    private mutating func scanPropertyNameToken() {
        let start = scanner.position
        if isIdentifierStart(at: start) {
            scanner.emit(.attribute, upTo: identifierEnd(from: start))
        } else {
            if scanner.bytes[start] == UInt8(ascii: ":") { mode = .value }
            scanner.emit(nil, count: 1)
        }
    }

    private mutating func scanValueToken() {
        let start = scanner.position
        let byte = scanner.bytes[start]
        if startsNumber(at: start) {
            scanner.emit(.number, upTo: numberEnd(from: start))
        } else if byte == UInt8(ascii: "#"), CodeByte.isWordByte(scanner.byte(1)) {
            scanner.emit(.number, upTo: scanner.index(from: start + 1, while: CodeByte.isWordByte))
        } else if byte == UInt8(ascii: "!"), isIdentifierStart(at: start + 1) {
            scanner.emit(.keyword, upTo: identifierEnd(from: start + 1))
        } else if isIdentifierStart(at: start) {
            let end = identifierEnd(from: start)
            let colon = scanner.index(from: end, while: CodeByte.isBlank)
            let isFeatureName = mode == .atRulePrelude && scanner.matches(":", at: colon)
            if scanner.matches("--", at: start) {
                scanner.emit(.variable, upTo: end)
            } else if isFeatureName {
                scanner.emit(.attribute, upTo: end)
            } else if end == start + 3 && scanner.matchesIgnoringCase(Self.urlFunction, at: start) {
                scanURL()
            } else {
                scanner.emit(nil, upTo: end)
            }
        } else {
            scanner.emit(nil, count: 1)
        }
    }

    private static let urlFunction = Array("url(".utf8)

    /// `url(` and an unquoted address up to `)` as a string; a quoted address is read as a string token.
    private mutating func scanURL() {
        let start = scanner.position
        let addressStart = scanner.index(from: start + 4, while: CodeByte.isWhitespace)
        scanner.emit(nil, upTo: addressStart)
        let first = scanner.byte(at: addressStart)
        guard first != nil, first != UInt8(ascii: "\""), first != UInt8(ascii: "'") else { return }
        let end = scanner.index(from: addressStart) { $0 != UInt8(ascii: ")") && $0 != UInt8(ascii: "\n") }
        var addressEnd = end
        while addressEnd > addressStart && CodeByte.isBlank(scanner.byte(at: addressEnd - 1)) { addressEnd -= 1 }
        scanner.emit(.string, upTo: addressEnd)
    }

    /// A digit, or a `.` or sign before one, where no name is going on (`h1` is a name).
    private func startsNumber(at index: Int) -> Bool {
        var digit = index
        if scanner.byte(at: digit) == UInt8(ascii: "+") || scanner.byte(at: digit) == UInt8(ascii: "-") { digit += 1 }
        if scanner.byte(at: digit) == UInt8(ascii: ".") { digit += 1 }
        return CodeByte.isDigit(scanner.byte(at: digit)) && !isNameByte(scanner.byte(at: index - 1))
    }

    /// Past a number and its unit: `12px`, `-0.5em`, `50%`, `1.5`.
    private func numberEnd(from start: Int) -> Int {
        var index = start
        if scanner.byte(at: index) == UInt8(ascii: "+") || scanner.byte(at: index) == UInt8(ascii: "-") { index += 1 }
        index = scanner.index(from: index) { CodeByte.isDigit($0) || $0 == UInt8(ascii: ".") }
        if scanner.byte(at: index) == UInt8(ascii: "%") { return index + 1 }
        return isIdentifierStart(at: index) ? identifierEnd(from: index) : index
    }

    private func isNameByte(_ byte: UInt8?) -> Bool {
        CodeByte.isWordByte(byte) || byte == UInt8(ascii: "-")
    }

    /// Whether a name starts at `index`: a letter, `_`, an escape, or `-` before one of those (or a second `-`).
    private func isIdentifierStart(at index: Int) -> Bool {
        var first = index
        if scanner.byte(at: first) == UInt8(ascii: "-") {
            first += 1
            if scanner.byte(at: first) == UInt8(ascii: "-") { return true }
        }
        return CodeByte.isLetter(scanner.byte(at: first)) || isEscape(at: first)
    }

    /// Past a name: letters, digits, `-`, `_` and escaped characters (`\:`).
    private func identifierEnd(from start: Int) -> Int {
        var index = start
        while let byte = scanner.byte(at: index) {
            if isNameByte(byte) {
                index += 1
            } else if isEscape(at: index) {
                index += 2
            } else {
                break
            }
        }
        return index
    }

    /// Whether a backslash at `index` escapes the character after it (a line break cannot be escaped in a name).
    private func isEscape(at index: Int) -> Bool {
        scanner.matches("\\", at: index) && index + 1 < scanner.count && !scanner.matches("\n", at: index + 1)
    }

}
