/// Text from the file system (names) or from files, made safe to print on a
/// diagnostic's line: a control character would end the line or move the
/// cursor, so a file named `a.md\nsite.yml:1:1: error: …` could forge a line
/// of its own. Each is shown escaped, as Swift writes it (`\n`, `\u{1B}`), and
/// so is a byte that is not UTF-8 (`\xE9`).
package enum DiagnosticText {
    /// `text` with every control character escaped.
    package static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) { result += escape(scalar) } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }

    /// A name's bytes as text: its UTF-8 read as such, every other byte shown as `\xHH`, control characters escaped.
    package static func escaped(_ bytes: [UInt8]) -> String {
        var result = ""
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let width =
                lead < 0x80 ? 1 : lead >> 5 == 0b110 ? 2 : lead >> 4 == 0b1110 ? 3 : lead >> 3 == 0b11110 ? 4 : 0
            if width > 0, index + width <= bytes.count,
                let scalar = String(validating: bytes[index..<index + width], as: UTF8.self)
            {
                result += escaped(scalar)
                index += width
            } else {
                result += "\\x" + (lead < 0x10 ? "0" : "") + String(lead, radix: 16, uppercase: true)
                index += 1
            }
        }
        return result
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    private static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        default: return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }
}
