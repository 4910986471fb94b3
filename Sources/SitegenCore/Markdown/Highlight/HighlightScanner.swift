/// A cursor over a code block's UTF-8 bytes that writes them out as HTML.
///
/// A highlighter looks ahead with the reading methods, then hands on each run
/// with `emit(_:upTo:)`, saying what kind of token it is (nil for plain text).
/// The scanner keeps the promises every highlighter relies on: neighbouring runs
/// of one kind share one span, no span is empty, a span never starts or ends
/// inside a character, and every byte is written, escaped, exactly once — so the
/// HTML's text is the input, whatever the highlighter made of it.
struct HighlightScanner {
    /// The code, as UTF-8.
    let bytes: [UInt8]
    /// Everything before this index has been written.
    private(set) var position = 0
    private var html: [UInt8] = []
    private var openKind: TokenKind?

    init(_ code: String) {
        bytes = Array(code.utf8)
        html.reserveCapacity(bytes.count + bytes.count / 2 + 16)
    }

    var isAtEnd: Bool { position >= bytes.count }

    var count: Int { bytes.count }

    // MARK: Reading

    /// The byte `offset` places after the cursor; nil past either end.
    func byte(_ offset: Int = 0) -> UInt8? {
        byte(at: position + offset)
    }

    /// The byte at `index`; nil past either end.
    func byte(at index: Int) -> UInt8? {
        index >= 0 && index < bytes.count ? bytes[index] : nil
    }

    /// Whether the bytes at `index` spell `literal`.
    func matches(_ literal: StaticString, at index: Int) -> Bool {
        literal.withUTF8Buffer { expected in
            guard index >= 0, index + expected.count <= bytes.count else { return false }
            for offset in 0..<expected.count where bytes[index + offset] != expected[offset] { return false }
            return true
        }
    }

    /// Whether the bytes `offset` places after the cursor spell `literal`.
    func matches(_ literal: StaticString, offset: Int = 0) -> Bool {
        matches(literal, at: position + offset)
    }

    /// Whether the bytes at `index` spell `word`, ignoring the case of ASCII letters.
    func matchesIgnoringCase(_ word: [UInt8], at index: Int) -> Bool {
        guard index >= 0, index + word.count <= bytes.count else { return false }
        for offset in 0..<word.count where bytes[index + offset] | 0x20 != word[offset] | 0x20 { return false }
        return true
    }

    /// The first index from `start` on whose byte fails `predicate`, or the end.
    func index(from start: Int, while predicate: (UInt8) -> Bool) -> Int {
        var index = max(start, 0)
        while index < bytes.count && predicate(bytes[index]) { index += 1 }
        return index
    }

    /// The index of the first line feed from `start` on, or the end.
    func lineEnd(from start: Int) -> Int {
        index(from: start) { $0 != UInt8(ascii: "\n") }
    }

    /// The index just past the first `literal` from `start` on, or the end when there is none:
    /// where a comment or a string closed by `literal` ends, terminated or not.
    func index(after literal: StaticString, from start: Int) -> Int {
        let first = literal.withUTF8Buffer { $0[0] }
        var index = max(start, 0)
        while index < bytes.count {
            if bytes[index] == first && matches(literal, at: index) { return index + literal.utf8CodeUnitCount }
            index += 1
        }
        return bytes.count
    }

    /// The index just past a C-like number starting at `start`: digits, letters
    /// and `_` (hex digits, suffixes, units), a `.` followed by a digit, and a sign
    /// right after an exponent's `e` (or `p` in hexadecimal).
    func numberEnd(from start: Int) -> Int {
        let hexadecimal = matches("0x", at: start) || matches("0X", at: start)
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if CodeByte.isASCIIWordByte(byte) {
                index += 1
            } else if byte == UInt8(ascii: "."), CodeByte.isDigit(self.byte(at: index + 1)) {
                index += 1
            } else if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-"), index > start,
                let exponent = self.byte(at: index - 1).map({ $0 | 0x20 }),
                exponent == (hexadecimal ? UInt8(ascii: "p") : UInt8(ascii: "e")),
                CodeByte.isDigit(self.byte(at: index + 1))
            {
                index += 1
            } else {
                break
            }
        }
        return index
    }

    /// The bytes of `range` as text, for looking words up.
    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range.clamped(to: 0..<bytes.count)], as: UTF8.self)
    }

    // MARK: Writing

    /// Writes the bytes from the cursor up to `end` as one run of `kind` (nil: plain text).
    /// An `end` at or before the cursor writes nothing; one inside a character is moved past it.
    mutating func emit(_ kind: TokenKind?, upTo end: Int) {
        var end = min(end, bytes.count)
        guard end > position else { return }
        while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
        if kind != openKind {
            if openKind != nil { html.append(contentsOf: "</span>".utf8) }
            if let kind {
                html.append(contentsOf: "<span class=\"".utf8)
                html.append(contentsOf: kind.cssClass.utf8)
                html.append(contentsOf: "\">".utf8)
            }
            openKind = kind
        }
        for byte in bytes[position..<end] {
            switch byte {
            case UInt8(ascii: "&"): html.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): html.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): html.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): html.append(contentsOf: "&quot;".utf8)
            default: html.append(byte)
            }
        }
        position = end
    }

    /// Writes `fragment`, the HTML another highlighter made of the bytes from the cursor up to `end`, as
    /// it is. A span of the kind open here that starts the fragment continues the open one.
    mutating func emitHTML(_ fragment: String, upTo end: Int) {
        var fragment = Substring(fragment)
        if let openKind {
            let opening = "<span class=\"\(openKind.cssClass)\">"
            if fragment.hasPrefix(opening) {
                fragment = fragment.dropFirst(opening.count)
            } else {
                html.append(contentsOf: "</span>".utf8)
            }
        }
        html.append(contentsOf: fragment.utf8)
        openKind = nil
        position = max(position, min(end, bytes.count))
    }

    /// Writes the next `count` bytes as one run of `kind` (nil: plain text).
    mutating func emit(_ kind: TokenKind?, count: Int) {
        emit(kind, upTo: position + count)
    }

    /// The HTML: whatever the highlighter left unwritten as plain text, and the last span closed.
    mutating func finish() -> String {
        emit(nil, upTo: bytes.count)
        if openKind != nil { html.append(contentsOf: "</span>".utf8) }
        openKind = nil
        return String(decoding: html, as: UTF8.self)
    }
}

extension HighlightScanner {
    /// Past the closing quote of the string whose opening quote is at `start`, a backslash escaping the
    /// next byte; at the end of the line when unterminated (strings that cannot span lines: CSS, JavaScript).
    func lineStringEnd(from start: Int) -> Int {
        let quote = bytes[start]
        var index = start + 1
        while let byte = byte(at: index) {
            if byte == quote { return index + 1 }
            if byte == UInt8(ascii: "\n") { return index }
            index += byte == UInt8(ascii: "\\") ? 2 : 1
        }
        return count
    }
}
