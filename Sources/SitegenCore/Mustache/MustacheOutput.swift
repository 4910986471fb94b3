/// The output buffer of a render. Indentation is written lazily: a line start
/// only notes the indentation, and a deeper line start before anything is
/// written (a standalone partial on a block's first line) replaces it.
///
/// It holds UTF-8 bytes, made a string once at the end: a list page appends a
/// few thousand pieces, and appending to a `String` costs several times
/// appending bytes (it keeps the string's flags and counts up to date). The
/// bytes are copied into room the buffer already has: `Array.append(contentsOf:)`
/// cost several times the copy for the short pieces most writes are.
struct MustacheOutput {
    /// Everything rendered so far, as UTF-8, in its first `count` bytes; the rest is room to write
    /// into. Only whole strings are appended, so the rendered part is always valid.
    private var buffer: [UInt8]
    private var count = 0
    /// Indentation to write before the next output, if any.
    private var pendingIndentation = ""

    /// An output that continues `text`, with room for `capacity` bytes.
    init(_ text: String, capacity: Int = 0) {
        buffer = Array(repeating: 0, count: max(capacity, text.utf8.count, 64))
        append(text)
    }

    /// Everything rendered so far.
    var text: String { String(decoding: buffer[..<count], as: UTF8.self) }

    /// Everything rendered, as UTF-8 (not checked again, as `text` is), taken out of the output,
    /// which is left empty: the bytes are not copied.
    mutating func takeUTF8() -> [UInt8] {
        var bytes: [UInt8] = []
        swap(&bytes, &buffer)
        bytes.removeSubrange(count...)
        count = 0
        return bytes
    }

    /// Notes `indentation` for the next write, when the output is at a line start.
    mutating func startLine(indentation: String) {
        guard !indentation.isEmpty, count == 0 || buffer[count - 1] == UInt8(ascii: "\n") else { return }
        pendingIndentation = indentation
    }

    /// Appends literal text given as UTF-8 (a template's, which holds only whole strings).
    mutating func write(_ literal: UnsafeRawBufferPointer) {
        flushIndentation()
        append(literal.assumingMemoryBound(to: UInt8.self))
    }

    /// Appends the text of a value, HTML-escaped for `{{name}}` tags.
    mutating func write(_ value: TemplateValue, escaped: Bool) {
        switch value {
        case .null, .list, .object:
            return
        case .string(let string):
            flushIndentation()
            if escaped { appendEscapingHTML(string) } else { append(string) }
        case .int(let number):
            flushIndentation()
            append(String(number))
        case .bool, .double:
            flushIndentation()
            append(value.interpolatedText)
        case .lazy(let lazy):
            write(lazy.value, escaped: escaped)
        }
    }

    private mutating func flushIndentation() {
        guard !pendingIndentation.isEmpty else { return }
        append(pendingIndentation)
        pendingIndentation = ""
    }

    private mutating func append(_ string: String) {
        string.withBorrowedUTF8 { append($0) }
    }

    private mutating func append(_ piece: UnsafeBufferPointer<UInt8>) {
        guard let source = piece.baseAddress else { return }
        let start = count
        reserve(piece.count)
        count += piece.count
        buffer.withUnsafeMutableBufferPointer {
            $0.baseAddress!.advanced(by: start).update(from: source, count: piece.count)
        }
    }

    /// Makes room for `extra` more bytes: twice the room, or, for a piece bigger than what is
    /// written (a big post's body), the piece and an eighth more, so the rest of the page fits.
    private mutating func reserve(_ extra: Int) {
        let needed = count + extra
        guard needed > buffer.count else { return }
        buffer.append(contentsOf: repeatElement(0, count: max(needed + extra / 8, buffer.count * 2) - buffer.count))
    }

    /// Appends `string` with `& < > " '` written as HTML entities.
    private mutating func appendEscapingHTML(_ string: String) {
        string.withBorrowedUTF8 { utf8 in
            // Room for the text and the entities of some HTML, made at once rather than doubled into.
            reserve(utf8.count + utf8.count / 4)
            var chunkStart = 0
            var offset = 0
            while offset < utf8.count {
                // Eight bytes at a time while none needs an entity, as in most text; else one at a time.
                let end = offset + 8
                if end <= utf8.count,
                    !Self.mayNeedEntity(UnsafeRawPointer(utf8.baseAddress! + offset).loadUnaligned(as: UInt64.self))
                {
                    offset = end
                    continue
                }
                for byteOffset in offset..<min(end, utf8.count) {
                    guard let entity = Self.entity(for: utf8[byteOffset]) else { continue }
                    append(UnsafeBufferPointer(rebasing: utf8[chunkStart..<byteOffset]))
                    append(entity)
                    chunkStart = byteOffset + 1
                }
                offset = end
            }
            append(UnsafeBufferPointer(rebasing: utf8[chunkStart...]))
        }
    }

    /// Whether any of the eight bytes of `word` is one `entity(for:)` replaces: each is
    /// compared with all eight at once (a byte of `word ^ repeated` is zero where they match).
    @inline(__always)
    static func mayNeedEntity(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        func has(_ byte: UInt8) -> UInt64 {
            let matched = word ^ (ones &* UInt64(byte))
            return (matched &- ones) & ~matched & (ones << 7)
        }
        return has(UInt8(ascii: "&")) | has(UInt8(ascii: "<")) | has(UInt8(ascii: ">")) | has(UInt8(ascii: "\""))
            | has(UInt8(ascii: "'")) != 0
    }

    /// The entity that stands for `byte` in escaped text, if it needs one.
    @inline(__always)
    private static func entity(for byte: UInt8) -> String? {
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): "&quot;"
        case UInt8(ascii: "'"): "&#39;"
        default: nil
        }
    }
}
