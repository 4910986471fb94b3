/// Highlights POSIX shell and bash: reserved words where a command starts,
/// comments (a `#` only at the start of a word: `a#b` is one word), single-quoted
/// strings as written, double-quoted strings with the parameters (`$HOME`, `${x}`)
/// and command substitutions (`$(…)`, `` `…` ``) inside them, here-documents,
/// and `NAME=` assignments.
///
/// Approximations: a `${…}` is one variable to its matching brace, quotes inside
/// it included; a here-document's body is a string whether or not its delimiter
/// was quoted (no parameters inside); `in` is a keyword only after `for`, `case`
/// or `select` on the same line.
struct ShellHighlighter {
    private enum Context {
        /// Commands: the block itself, `$(…)` waiting for its `)` or `` `…` `` for its backtick.
        case code(Closer)
        case doubleQuoted
    }

    private enum Closer {
        case none
        case parenthesis(open: Int)
        case backtick
    }

    /// A here-document announced by `<<WORD` (or `<<-WORD`), whose body starts on the next line.
    private struct HereDocument {
        var delimiter: [UInt8]
        var stripsTabs: Bool
    }

    private var scanner: HighlightScanner
    private var contexts: [Context] = [.code(.none)]
    /// Whether the next word is where a command starts, where reserved words count.
    private var atCommandStart = true
    /// Whether the current word started as an assignment, so the word after it starts a command.
    private var inAssignment = false
    /// Whether `for`, `case` or `select` was seen, so an `in` is a keyword.
    private var expectsIn = false
    private var hereDocuments: [HereDocument] = []

    static func html(_ code: String) -> String {
        var highlighter = ShellHighlighter(scanner: HighlightScanner(code))
        while !highlighter.scanner.isAtEnd {
            switch highlighter.contexts[highlighter.contexts.count - 1] {
            case .code(let closer): highlighter.scanCode(closer: closer)
            case .doubleQuoted: highlighter.scanDoubleQuoted()
            }
        }
        return highlighter.scanner.finish()
    }

    private init(scanner: HighlightScanner) {
        self.scanner = scanner
    }

    /// Writes one token of commands.
    private mutating func scanCode(closer: Closer) {
        let start = scanner.position
        guard let byte = scanner.byte() else { return }
        switch byte {
        case UInt8(ascii: "\n"):
            scanner.emit(nil, count: 1)
            startCommand()
            expectsIn = false
            if !hereDocuments.isEmpty { scanHereDocumentBodies() }
        case _ where CodeByte.isBlank(byte):
            scanner.emit(nil, upTo: scanner.index(from: start, while: CodeByte.isBlank))
            if inAssignment { startCommand() }
        case UInt8(ascii: "#") where isWordStart(start):
            let kind: TokenKind = start == 0 && scanner.matches("#!") ? .meta : .comment
            scanner.emit(kind, upTo: scanner.lineEnd(from: start))
        case UInt8(ascii: "'"):
            let close = scanner.index(from: start + 1) { $0 != UInt8(ascii: "'") }
            scanner.emit(.string, upTo: close + 1)
            atCommandStart = false
        case UInt8(ascii: "\""):
            scanner.emit(.string, count: 1)
            contexts.append(.doubleQuoted)
            atCommandStart = false
        case UInt8(ascii: "$"):
            atCommandStart = false  // Before the scan: a `$(` inside starts a command of its own.
            scanDollar(kindOfText: nil)
        case UInt8(ascii: "`"):
            scanner.emit(.punctuation, count: 1)
            if case .backtick = closer {
                contexts.removeLast()
                atCommandStart = false
            } else {
                contexts.append(.code(.backtick))
                startCommand()
            }
        case UInt8(ascii: "\\"):
            scanner.emit(nil, count: 2)  // An escaped character, or a line continuation.
            atCommandStart = false
        case UInt8(ascii: ";"), UInt8(ascii: "&"), UInt8(ascii: "|"):
            scanner.emit(nil, count: 1)
            startCommand()
            expectsIn = false
        case UInt8(ascii: "("):
            if case .parenthesis(let open) = closer {
                contexts[contexts.count - 1] = .code(.parenthesis(open: open + 1))
            }
            scanner.emit(nil, count: 1)
            startCommand()
        case UInt8(ascii: ")"):
            if case .parenthesis(let open) = closer {
                if open == 0 {
                    contexts.removeLast()
                    scanner.emit(.punctuation, count: 1)
                    atCommandStart = false
                    return
                }
                contexts[contexts.count - 1] = .code(.parenthesis(open: open - 1))
            }
            scanner.emit(nil, count: 1)
            startCommand()  // After a `case` pattern's `)` comes a command.
        case UInt8(ascii: "<") where scanner.matches("<<<"):
            scanner.emit(nil, count: 3)  // A here-string: the word after it is an ordinary word.
            atCommandStart = false
        case UInt8(ascii: "<") where scanner.matches("<<"):
            scanHereDocumentOperator()
        case UInt8(ascii: "<"), UInt8(ascii: ">"):
            scanner.emit(nil, count: 1)
            atCommandStart = false
        default:
            scanWord()
        }
    }

    private mutating func startCommand() {
        atCommandStart = true
        inAssignment = false
    }

    /// Whether a word starts at `index`: the input's start, or after a blank or an operator.
    private func isWordStart(_ index: Int) -> Bool {
        guard let previous = scanner.byte(at: index - 1) else { return true }
        return CodeByte.isWhitespace(previous) || Self.operatorBytes.contains(previous)
    }

    /// Whether a word ends at `index`: the input's end, or before a blank or an operator.
    private func isWordEnd(_ index: Int) -> Bool {
        guard let next = scanner.byte(at: index) else { return true }
        return CodeByte.isWhitespace(next) || Self.operatorBytes.contains(next)
    }

    private static let operatorBytes: Set<UInt8> = Set(";&|()<>".utf8)

    /// Bytes that end a plain run of a word: blanks, operators, quotes, `$`, backticks and backslashes.
    private static let wordBreaks: Set<UInt8> = Set(" \t\r\n\u{0B}\u{0C};&|()<>'\"$`\\".utf8)

    /// A run of a word with nothing special in it: a reserved word, an assignment's name or plain text.
    private mutating func scanWord() {
        let start = scanner.position
        let end = max(scanner.index(from: start) { !Self.wordBreaks.contains($0) }, start + 1)
        let word = scanner.text(start..<end)
        let wholeWord = isWordStart(start) && isWordEnd(end)
        if atCommandStart && wholeWord && Self.keywords.contains(word) {
            scanner.emit(.keyword, upTo: end)
            atCommandStart = Self.keywordsBeforeCommands.contains(word)
            if ["for", "case", "select"].contains(word) { expectsIn = true }
        } else if expectsIn && wholeWord && word == "in" {
            scanner.emit(.keyword, upTo: end)
            expectsIn = false
            atCommandStart = false
        } else if atCommandStart && wholeWord && ["{", "}", "!", "[[", "]]"].contains(word) {
            scanner.emit(nil, upTo: end)
        } else if atCommandStart, isWordStart(start), let equals = assignmentNameEnd(from: start, to: end) {
            scanner.emit(.variable, upTo: equals)
            scanner.emit(nil, upTo: end)
            atCommandStart = false
            inAssignment = true
        } else {
            scanner.emit(nil, upTo: end)
            atCommandStart = false
        }
    }

    /// Where `NAME` ends in a word `NAME=…` (or `NAME+=…`), if the word is an assignment.
    private func assignmentNameEnd(from start: Int, to end: Int) -> Int? {
        guard CodeByte.isASCIILetter(scanner.byte(at: start)) else { return nil }
        let nameEnd = scanner.index(from: start, while: CodeByte.isASCIIWordByte)
        if nameEnd < end && scanner.byte(at: nameEnd) == UInt8(ascii: "=") { return nameEnd }
        if nameEnd + 1 < end && scanner.matches("+=", at: nameEnd) { return nameEnd }
        return nil
    }

    /// At `$`: a parameter, a command substitution, a `$'…'` string, or a lone `$`.
    /// `kindOfText` is the kind of the text around it, for a lone `$` (a string's, inside quotes).
    private mutating func scanDollar(kindOfText: TokenKind?) {
        let start = scanner.position
        let next = scanner.byte(1)
        switch next {
        case UInt8(ascii: "("):
            scanner.emit(.punctuation, count: 2)
            contexts.append(.code(.parenthesis(open: 0)))
            startCommand()
        case UInt8(ascii: "{"):
            var depth = 0
            var index = start + 1
            while let byte = scanner.byte(at: index) {
                index += 1
                if byte == UInt8(ascii: "\\") {
                    index += 1
                } else if byte == UInt8(ascii: "{") {
                    depth += 1
                } else if byte == UInt8(ascii: "}") {
                    depth -= 1
                    if depth == 0 { break }
                }
            }
            scanner.emit(.variable, upTo: index)
        case UInt8(ascii: "'") where kindOfText == nil:
            var index = start + 2
            while let byte = scanner.byte(at: index), byte != UInt8(ascii: "'") {
                index += byte == UInt8(ascii: "\\") ? 2 : 1
            }
            scanner.emit(.string, upTo: index + 1)
        case UInt8(ascii: "\"") where kindOfText == nil:
            scanner.emit(.string, count: 2)
            contexts.append(.doubleQuoted)
        case _ where CodeByte.isASCIILetter(next):
            scanner.emit(.variable, upTo: scanner.index(from: start + 1, while: CodeByte.isASCIIWordByte))
        case _ where CodeByte.isDigit(next) || next.map(Self.specialParameters.contains) == true:
            scanner.emit(.variable, count: 2)
        default:
            scanner.emit(kindOfText, count: 1)
        }
    }

    private static let specialParameters: Set<UInt8> = Set("@*#?$!-".utf8)

    /// Writes a double-quoted string's text up to its closing quote or to what opens inside it.
    private mutating func scanDoubleQuoted() {
        var index = scanner.position
        while let byte = scanner.byte(at: index) {
            switch byte {
            case UInt8(ascii: "\\"):
                index += 2
                continue
            case UInt8(ascii: "\""):
                scanner.emit(.string, upTo: index + 1)
                contexts.removeLast()
                return
            case UInt8(ascii: "$"):
                scanner.emit(.string, upTo: index)
                scanDollar(kindOfText: .string)
                return
            case UInt8(ascii: "`"):
                scanner.emit(.string, upTo: index)
                scanner.emit(.punctuation, count: 1)
                contexts.append(.code(.backtick))
                startCommand()
                return
            default:
                index += 1
            }
        }
        scanner.emit(.string, upTo: index)
    }

    /// At `<<`: the operator, then its delimiter word (quotes removed) as the
    /// here-document's name; the body is written at the end of the line.
    private mutating func scanHereDocumentOperator() {
        let start = scanner.position
        var index = start + 2
        let stripsTabs = scanner.byte(at: index) == UInt8(ascii: "-")
        if stripsTabs { index += 1 }
        let wordStart = scanner.index(from: index, while: CodeByte.isBlank)
        let wordEnd = scanner.index(from: wordStart) { !CodeByte.isWhitespace($0) && !Self.operatorBytes.contains($0) }
        let delimiter = scanner.bytes[wordStart..<wordEnd].filter {
            $0 != UInt8(ascii: "'") && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\")
        }
        guard !delimiter.isEmpty else {
            scanner.emit(nil, count: 2)
            return
        }
        scanner.emit(nil, upTo: wordStart)
        scanner.emit(.meta, upTo: wordEnd)
        hereDocuments.append(HereDocument(delimiter: delimiter, stripsTabs: stripsTabs))
        atCommandStart = false
    }

    /// Right after a line feed: the bodies of the line's here-documents, in order,
    /// each a string up to its delimiter line (or the end of the input).
    private mutating func scanHereDocumentBodies() {
        for document in hereDocuments {
            var lineStart = scanner.position
            while lineStart < scanner.count {
                let lineEnd = scanner.lineEnd(from: lineStart)
                let tabsEnd = scanner.index(from: lineStart) { $0 == UInt8(ascii: "\t") }
                let textStart = document.stripsTabs ? tabsEnd : lineStart
                var textEnd = lineEnd
                if textEnd > textStart && scanner.byte(at: textEnd - 1) == UInt8(ascii: "\r") { textEnd -= 1 }
                if scanner.bytes[textStart..<textEnd].elementsEqual(document.delimiter) {
                    scanner.emit(.string, upTo: lineStart)
                    scanner.emit(nil, upTo: textStart)
                    scanner.emit(.meta, upTo: textEnd)
                    scanner.emit(nil, upTo: lineEnd + 1)
                    break
                }
                lineStart = lineEnd + 1
            }
            scanner.emit(.string, upTo: lineStart)
        }
        hereDocuments.removeAll()
    }

    private static let keywords: Set<String> = [
        "if", "then", "elif", "else", "fi", "case", "esac", "for", "select", "while", "until", "do", "done",
        "function", "time", "coproc",
        // Builtins that read as part of the language.
        "export", "local", "readonly", "declare", "return", "break", "continue", "exit",
    ]

    /// Reserved words after which a command starts.
    private static let keywordsBeforeCommands: Set<String> = [
        "if", "then", "elif", "else", "while", "until", "do", "time",
    ]
}
