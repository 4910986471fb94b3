/// The output buffer of a render. Indentation is written lazily: a line start
/// only notes the indentation, and a deeper line start before anything is
/// written (a standalone partial on a block's first line) replaces it.
struct MustacheOutput {
    /// Everything rendered so far.
    var text: String
    /// Indentation to write before the next output, if any.
    private var pendingIndentation = ""

    init(_ text: String) {
        self.text = text
    }

    /// Notes `indentation` for the next write, when the output is at a line start.
    mutating func startLine(indentation: String) {
        guard !indentation.isEmpty, text.isEmpty || text.utf8.last == UInt8(ascii: "\n") else { return }
        pendingIndentation = indentation
    }

    /// Appends literal text.
    mutating func write(_ literal: String) {
        flushIndentation()
        text += literal
    }

    /// Appends the text of a value, HTML-escaped for `{{name}}` tags.
    mutating func write(_ value: TemplateValue, escaped: Bool) {
        switch value {
        case .null, .list, .object:
            return
        case .string(let string):
            flushIndentation()
            if escaped { appendEscapingHTML(string) } else { text += string }
        case .int(let number):
            flushIndentation()
            text += String(number)
        case .bool, .double:
            flushIndentation()
            text += value.interpolatedText
        case .lazy(let lazy):
            write(lazy.value, escaped: escaped)
        }
    }

    private mutating func flushIndentation() {
        guard !pendingIndentation.isEmpty else { return }
        text += pendingIndentation
        pendingIndentation = ""
    }

    /// Appends `string` with `& < > " '` written as HTML entities. Most texts have none of
    /// them and are appended whole after one pass over their bytes.
    private mutating func appendEscapingHTML(_ string: String) {
        var string = string
        // Offsets of the bytes to escape: each an ASCII byte, so the text between them is whole characters.
        let special = string.withUTF8 { bytes in bytes.indices.filter { Self.entity(for: bytes[$0]) != nil } }
        guard !special.isEmpty else {
            text += string
            return
        }
        let utf8 = string.utf8
        var chunkStart = utf8.startIndex
        for offset in special {
            let index = utf8.index(utf8.startIndex, offsetBy: offset)
            text += string[chunkStart..<index]
            text += Self.entity(for: utf8[index])!
            chunkStart = utf8.index(after: index)
        }
        text += string[chunkStart...]
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
