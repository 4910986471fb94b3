/// The output buffer of a render. Indentation is written lazily: a line start
/// only notes the indentation, and a deeper line start before anything is
/// written (a standalone partial on a block's first line) replaces it.
///
/// It holds UTF-8 bytes, made a string once at the end: a list page appends a
/// few thousand pieces, and appending to a `String` costs several times
/// appending bytes (it keeps the string's flags and counts up to date).
struct MustacheOutput {
    /// Everything rendered so far, as UTF-8: only whole strings are appended, so it is always valid.
    private var bytes: [UInt8]
    /// Indentation to write before the next output, if any.
    private var pendingIndentation = ""

    /// An output that continues `text`, with room for `capacity` bytes.
    init(_ text: String, capacity: Int = 0) {
        bytes = []
        bytes.reserveCapacity(max(capacity, text.utf8.count))
        append(text)
    }

    /// Everything rendered so far.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Everything rendered so far, as UTF-8 (not checked again, as `text` is).
    var utf8: [UInt8] { bytes }

    /// Notes `indentation` for the next write, when the output is at a line start.
    mutating func startLine(indentation: String) {
        guard !indentation.isEmpty, bytes.last == nil || bytes.last == UInt8(ascii: "\n") else { return }
        pendingIndentation = indentation
    }

    /// Appends literal text.
    mutating func write(_ literal: String) {
        flushIndentation()
        append(literal)
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
        var string = string
        string.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends `string` with `& < > " '` written as HTML entities.
    private mutating func appendEscapingHTML(_ string: String) {
        var string = string
        string.withUTF8 { utf8 in
            var chunkStart = 0
            for (offset, byte) in utf8.enumerated() {
                guard let entity = Self.entity(for: byte) else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[chunkStart..<offset]))
                bytes.append(contentsOf: entity.utf8)
                chunkStart = offset + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[chunkStart...]))
        }
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
