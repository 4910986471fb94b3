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

    /// Appends `string` with `& < > " '` written as HTML entities.
    private mutating func appendEscapingHTML(_ string: String) {
        let bytes = string.utf8
        var chunkStart = bytes.startIndex
        var index = chunkStart
        while index != bytes.endIndex {
            let entity: String?
            switch bytes[index] {
            case UInt8(ascii: "&"): entity = "&amp;"
            case UInt8(ascii: "<"): entity = "&lt;"
            case UInt8(ascii: ">"): entity = "&gt;"
            case UInt8(ascii: "\""): entity = "&quot;"
            case UInt8(ascii: "'"): entity = "&#39;"
            default: entity = nil
            }
            let next = bytes.index(after: index)
            if let entity {
                text += string[chunkStart..<index]
                text += entity
                chunkStart = next
            }
            index = next
        }
        text += string[chunkStart..<bytes.endIndex]
    }
}
