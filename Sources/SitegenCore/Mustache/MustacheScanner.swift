/// The current tag delimiters, `{{` and `}}` until a set-delimiter tag changes them.
struct TagDelimiters: Sendable {
    let open: [UInt8]
    let close: [UInt8]

    static let standard = TagDelimiters(open: Array("{{".utf8), close: Array("}}".utf8))
}

/// Splits template source into text, line breaks and tags, following
/// set-delimiter tags. Works on UTF-8 bytes; columns count characters.
struct MustacheScanner {
    private let bytes: [UInt8]

    init(_ source: String) {
        bytes = Array(source.utf8)
    }

    /// Every token of the source, in order.
    func tokens() throws(TemplateSyntaxError) -> [MustacheToken] {
        var tokens: [MustacheToken] = []
        var delimiters = TagDelimiters.standard
        var position = 0
        var line = 1
        var lineStart = 0
        var textStart = 0

        while position < bytes.count {
            if bytes[position] == Byte.newline {
                let breakStart =
                    position > textStart && bytes[position - 1] == Byte.carriageReturn ? position - 1 : position
                appendText(textStart..<breakStart, to: &tokens)
                tokens.append(MustacheToken(kind: .newline, text: string(breakStart..<position + 1)))
                position += 1
                line += 1
                lineStart = position
                textStart = position
            } else if matches(delimiters.open, at: position) {
                appendText(textStart..<position, to: &tokens)
                let at = (line: line, column: column(of: position, lineStart: lineStart))
                let tag = try scanTag(at: position, delimiters: delimiters, location: at)
                tokens.append(tag.token)
                for index in position..<tag.end where bytes[index] == Byte.newline {
                    line += 1
                    lineStart = index + 1
                }
                delimiters = tag.delimiters ?? delimiters
                position = tag.end
                textStart = position
            } else {
                position += 1
            }
        }
        appendText(textStart..<bytes.count, to: &tokens)
        return tokens
    }

    // MARK: - Tags

    private typealias Location = (line: Int, column: Int)

    /// Reads the tag whose opening delimiter starts at `start`.
    private func scanTag(
        at start: Int, delimiters: TagDelimiters, location: Location
    ) throws(TemplateSyntaxError) -> (token: MustacheToken, end: Int, delimiters: TagDelimiters?) {
        let contentStart = start + delimiters.open.count
        let first = contentStart < bytes.count ? bytes[contentStart] : 0
        let unclosed = TemplateSyntaxError(line: location.line, column: location.column, "unclosed tag")

        if first == Byte.openBrace {
            guard let end = find([Byte.closeBrace] + delimiters.close, from: contentStart + 1) else { throw unclosed }
            let token = try tag(.variable(escaped: false), content: contentStart + 1..<end, location: location)
            return (token, end + 1 + delimiters.close.count, nil)
        }
        if first == Byte.equals {
            guard let end = find([Byte.equals] + delimiters.close, from: contentStart) else { throw unclosed }
            let newDelimiters = try parseDelimiters(contentStart + 1..<max(contentStart + 1, end), location: location)
            var token = MustacheToken(kind: .delimiters, text: "")
            (token.line, token.column) = location
            return (token, end + 1 + delimiters.close.count, newDelimiters)
        }
        guard let end = find(delimiters.close, from: contentStart) else { throw unclosed }
        let kind: MustacheToken.Kind
        switch first {
        case Byte.hash: kind = .section
        case Byte.caret: kind = .inverted
        case Byte.slash: kind = .close
        case Byte.bang: kind = .comment
        case Byte.greaterThan: kind = .partial
        case Byte.lessThan: kind = .parent
        case Byte.dollar: kind = .block
        case Byte.ampersand: kind = .variable(escaped: false)
        default: kind = .variable(escaped: true)
        }
        let nameStart = kind == .variable(escaped: true) ? contentStart : contentStart + 1
        let token = try tag(kind, content: nameStart..<max(nameStart, end), location: location)
        return (token, end + delimiters.close.count, nil)
    }

    /// A tag token with its trimmed name; `*` marks a dynamic partial or parent name.
    private func tag(
        _ kind: MustacheToken.Kind, content: Range<Int>, location: Location
    ) throws(TemplateSyntaxError) -> MustacheToken {
        var token = MustacheToken(kind: kind, text: kind == .comment ? "" : trimmed(content))
        (token.line, token.column) = location
        if kind == .comment { return token }
        if [.partial, .parent, .close].contains(kind), token.text.hasPrefix("*") {
            token.isDynamic = true
            token.text = String(token.text.dropFirst().drop(while: { $0 == " " || $0 == "\t" }))
        }
        if token.text.isEmpty {
            throw TemplateSyntaxError(line: location.line, column: location.column, "empty tag name")
        }
        return token
    }

    /// The two new delimiters of `{{=open close=}}`.
    private func parseDelimiters(_ content: Range<Int>, location: Location) throws(TemplateSyntaxError) -> TagDelimiters
    {
        let parts = bytes[content].split(whereSeparator: Byte.isWhitespace)
        guard parts.count == 2, !parts.contains(where: { $0.contains(Byte.equals) }) else {
            throw TemplateSyntaxError(
                line: location.line, column: location.column,
                "bad set-delimiter tag: expected two delimiters, like {{=<% %>=}}"
            )
        }
        return TagDelimiters(open: Array(parts[0]), close: Array(parts[1]))
    }

    // MARK: - Bytes

    private func appendText(_ range: Range<Int>, to tokens: inout [MustacheToken]) {
        if !range.isEmpty { tokens.append(MustacheToken(kind: .text, text: string(range))) }
    }

    private func string(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    private func trimmed(_ range: Range<Int>) -> String {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, Byte.isWhitespace(bytes[lower]) { lower += 1 }
        while upper > lower, Byte.isWhitespace(bytes[upper - 1]) { upper -= 1 }
        return string(lower..<upper)
    }

    /// 1-based column of `position`, counting characters from the line start.
    private func column(of position: Int, lineStart: Int) -> Int {
        string(lineStart..<position).count + 1
    }

    private func matches(_ pattern: [UInt8], at position: Int) -> Bool {
        guard position + pattern.count <= bytes.count else { return false }
        for offset in pattern.indices where bytes[position + offset] != pattern[offset] { return false }
        return true
    }

    private func find(_ pattern: [UInt8], from start: Int) -> Int? {
        var position = start
        while position + pattern.count <= bytes.count {
            if matches(pattern, at: position) { return position }
            position += 1
        }
        return nil
    }
}

/// ASCII bytes the scanner looks for.
private enum Byte {
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
    static let equals = UInt8(ascii: "=")
    static let hash = UInt8(ascii: "#")
    static let caret = UInt8(ascii: "^")
    static let slash = UInt8(ascii: "/")
    static let bang = UInt8(ascii: "!")
    static let greaterThan = UInt8(ascii: ">")
    static let lessThan = UInt8(ascii: "<")
    static let dollar = UInt8(ascii: "$")
    static let ampersand = UInt8(ascii: "&")

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == newline || byte == carriageReturn
    }
}
