/// Highlights HTML (and XML): tag names, attribute names and values, comments,
/// character references (`&amp;`, `&#169;`), doctypes and processing instructions.
///
/// Approximations: the content of `<script>`, `<style>`, `<textarea>` and
/// `<title>` stays plain up to its closing tag (no JavaScript or CSS inside);
/// a `<![CDATA[…]]>` section is one string.
struct HTMLHighlighter {
    private var scanner: HighlightScanner
    /// Set between a tag's name and its `>`.
    private var inTag = false
    /// The name of the opening tag being read when it holds raw text, such as `script`.
    private var rawTextElement: [UInt8]?

    static func html(_ code: String) -> String {
        var highlighter = HTMLHighlighter(scanner: HighlightScanner(code))
        while !highlighter.scanner.isAtEnd {
            if highlighter.inTag {
                highlighter.scanInsideTag()
            } else {
                highlighter.scanText()
            }
        }
        return highlighter.scanner.finish()
    }

    private init(scanner: HighlightScanner) {
        self.scanner = scanner
    }

    private mutating func scanText() {
        let start = scanner.position
        guard let byte = scanner.byte() else { return }
        if byte == UInt8(ascii: "<") {
            if scanner.matches("<!--") {
                scanner.emit(.comment, upTo: scanner.index(after: "-->", from: start + 4))
            } else if scanner.matches("<![CDATA[") {
                scanner.emit(.string, upTo: scanner.index(after: "]]>", from: start + 9))
            } else if scanner.matches("<!") || scanner.matches("<?") {
                scanner.emit(.meta, upTo: scanner.index(after: ">", from: start + 2))
            } else if scanner.matches("</"), isNameStart(scanner.byte(2)) {
                scanner.emit(nil, count: 2)
                scanTagName(opening: false)
            } else if isNameStart(scanner.byte(1)) {
                scanner.emit(nil, count: 1)
                scanTagName(opening: true)
            } else {
                scanner.emit(nil, count: 1)
            }
        } else if byte == UInt8(ascii: "&") {
            if let end = characterReferenceEnd(from: start) {
                scanner.emit(.meta, upTo: end)
            } else {
                scanner.emit(nil, count: 1)
            }
        } else {
            scanner.emit(nil, upTo: scanner.index(from: start) { $0 != UInt8(ascii: "<") && $0 != UInt8(ascii: "&") })
        }
    }

    private func isNameStart(_ byte: UInt8?) -> Bool {
        CodeByte.isASCIILetter(byte)
    }

    private mutating func scanTagName(opening: Bool) {
        let start = scanner.position
        let end = scanner.index(from: start) {
            CodeByte.isWordByte($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".")
        }
        let name = Array(scanner.bytes[start..<end])
        scanner.emit(.tag, upTo: end)
        inTag = true
        rawTextElement = opening && Self.rawTextElements.contains { $0.elementsEqualIgnoringCase(name) } ? name : nil
    }

    private static let rawTextElements: [[UInt8]] = ["script", "style", "textarea", "title"].map { Array($0.utf8) }

    /// The end of the character reference at `start` (`&name;`, `&#123;`, `&#x1F;`), if it is one.
    private func characterReferenceEnd(from start: Int) -> Int? {
        var index = start + 1
        if scanner.byte(at: index) == UInt8(ascii: "#") {
            index += 1
            let hexadecimal = scanner.byte(at: index).map { $0 | 0x20 } == UInt8(ascii: "x")
            if hexadecimal { index += 1 }
            let digitsEnd = scanner.index(from: index) { hexadecimal ? CodeByte.isHexDigit($0) : CodeByte.isDigit($0) }
            guard digitsEnd > index, digitsEnd - index <= 8 else { return nil }
            index = digitsEnd
        } else {
            guard isNameStart(scanner.byte(at: index)) else { return nil }
            let nameEnd = scanner.index(from: index, while: CodeByte.isASCIIWordByte)
            guard nameEnd - index <= 32 else { return nil }
            index = nameEnd
        }
        return scanner.byte(at: index) == UInt8(ascii: ";") ? index + 1 : nil
    }

    /// One part of a tag after its name: blanks, an attribute name, `=` and its value, or the tag's end.
    private mutating func scanInsideTag() {
        let start = scanner.position
        guard let byte = scanner.byte() else { return }
        if CodeByte.isWhitespace(byte) {
            scanner.emit(nil, upTo: scanner.index(from: start, while: CodeByte.isWhitespace))
        } else if byte == UInt8(ascii: ">") || scanner.matches("/>") {
            scanner.emit(nil, count: byte == UInt8(ascii: ">") ? 1 : 2)
            inTag = false
            if byte == UInt8(ascii: ">"), let element = rawTextElement { scanRawText(closedBy: element) }
            rawTextElement = nil
        } else if byte == UInt8(ascii: "=") {
            scanner.emit(nil, upTo: scanner.index(from: start + 1, while: CodeByte.isWhitespace))
            scanAttributeValue()
        } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            scanAttributeValue()
        } else if byte == UInt8(ascii: "/") {
            scanner.emit(nil, count: 1)
        } else {
            let end = scanner.index(from: start) { !Self.attributeNameBreaks.contains($0) }
            scanner.emit(.attribute, upTo: max(end, start + 1))
        }
    }

    private static let attributeNameBreaks: Set<UInt8> = Set(" \t\r\n\u{0C}=>/\"'".utf8)

    /// A quoted value (which may span lines; unterminated, it runs to the end) or an unquoted one.
    private mutating func scanAttributeValue() {
        let start = scanner.position
        guard let quote = scanner.byte() else { return }
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            let close = scanner.index(from: start + 1) { $0 != quote }
            scanner.emit(.string, upTo: close + 1)
        } else if quote != UInt8(ascii: ">") {
            let end = scanner.index(from: start) { !CodeByte.isWhitespace($0) && $0 != UInt8(ascii: ">") }
            scanner.emit(.string, upTo: end)
        }
    }

    /// The content of a raw-text element, plain up to `</name` in any case, or to the end.
    private mutating func scanRawText(closedBy name: [UInt8]) {
        var index = scanner.position
        while index < scanner.count {
            if scanner.matches("</", at: index) && scanner.matchesIgnoringCase(name, at: index + 2) { break }
            index += 1
        }
        scanner.emit(nil, upTo: index)
    }
}

extension Array where Element == UInt8 {
    /// Whether two ASCII names are the same but for the case of their letters.
    fileprivate func elementsEqualIgnoringCase(_ other: [UInt8]) -> Bool {
        count == other.count && zip(self, other).allSatisfy { $0 | 0x20 == $1 | 0x20 }
    }
}
