/// Writes a value as YAML in the simplest form that reads back as the same
/// value: plain when that is safe, else quoted, and double-quoted with escapes
/// when the text holds line breaks or other characters YAML cannot show plainly.
package enum YAMLScalarWriter {
    /// The YAML for a field's new value, given what kind of value the field
    /// holds, and what YAML reads it back as. Numbers and flags are written
    /// plain in their usual form (`007` → `7`); one that does not look like its
    /// kind is written as text, so the model's check reports the user's own words.
    package static func value(_ text: String, as kind: FieldValueKind) -> (yaml: String, readsAs: YAMLScalarValue) {
        switch (kind, YAMLScalarValue(plain: text)) {
        case (.wholeNumber, .int(let number)): return (String(number), .int(number))
        case (.flag, .bool(let flag)): return (String(flag), .bool(flag))
        default: return (self.text(text), .string(text))
        }
    }

    /// The YAML for a value a collection's field holds, read from `written` (the text given on the
    /// command line): numbers and flags plain, a list in flow style, a date as written, anything
    /// else as text; each reads back as the same typed value.
    package static func yaml(for value: FieldValue, written: String) -> String {
        switch value {
        case .integer(let number): return String(number)
        case .number(let number): return FieldValue.numberText(number)
        case .boolean(let flag): return flag ? "true" : "false"
        case .list(let items): return flowList(items)
        case .date: return text(written.trimmingWhitespace)
        case .text, .markdown, .url, .image, .choice: return text(written)
        }
    }

    /// The YAML for text (a value or a key) that must read back as that same text.
    package static func text(_ text: String) -> String {
        if text.unicodeScalars.contains(where: needsEscape) { return doubleQuoted(text) }
        guard needsQuotes(text) else { return text }
        return quoted(text)
    }

    /// The YAML for text as an item of a flow list (`[a, b]`), where a comma,
    /// a bracket, a brace or a colon inside a plain item would end it or break the list.
    package static func flowText(_ text: String) -> String {
        let yaml = self.text(text)
        guard yaml == text, text.contains(where: flowIndicators.contains) else { return yaml }
        return quoted(text)
    }

    /// A flow list of texts, one line: `[scrum, "a, b"]`.
    package static func flowList(_ items: [String]) -> String {
        "[" + items.map(flowText).joined(separator: ", ") + "]"
    }

    /// Single quotes when the text holds double quotes or backslashes but no single quote, else double quotes.
    private static func quoted(_ text: String) -> String {
        if (text.contains("\"") || text.contains("\\")) && !text.contains("'") { return "'\(text)'" }
        return doubleQuoted(text)
    }

    /// Characters that end a plain scalar inside `[…]` or `{…}`, or make it read as a mapping there.
    private static let flowIndicators: Set<Character> = [",", "[", "]", "{", "}", ":"]

    /// Characters that start a YAML construct when they open a plain scalar.
    private static let indicators: Set<Character> = [
        "-", "?", ":", ",", "[", "]", "{", "}", "#", "&", "*", "!", "|", ">", "'", "\"", "%", "@", "`",
    ]

    /// Words that YAML 1.1 tools (and some 1.2 ones) read as booleans or null.
    private static let reservedWords: Set<String> = [
        "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF",
        "true", "True", "TRUE", "false", "False", "FALSE", "null", "Null", "NULL", "~",
    ]

    private static func needsQuotes(_ text: String) -> Bool {
        guard let first = text.first, let last = text.last else { return true }
        if first.isWhitespace || last.isWhitespace || indicators.contains(first) { return true }
        if text.contains(": ") || text.contains(" #") || last == ":" { return true }
        if reservedWords.contains(text) || looksNumeric(text) { return true }
        if case .string = YAMLScalarValue(plain: text) { return false }
        return true
    }

    /// Numbers in any notation some YAML reader accepts: `12`, `1_000`, `0x1F`,
    /// `0o17`, `1e3`, `.5`, `1:30`, `.inf`. Dates such as `2024-05-01` are not numbers.
    private static func looksNumeric(_ text: String) -> Bool {
        var rest = Substring(text)
        if let sign = rest.first, sign == "+" || sign == "-" { rest = rest.dropFirst() }
        let lowered = rest.lowercased()
        if [".inf", ".nan"].contains(lowered) { return true }
        for prefix in ["0x", "0o", "0b"] where lowered.hasPrefix(prefix) && lowered.count > 2 {
            if lowered.dropFirst(2).allSatisfy({ $0.isHexDigit || $0 == "_" }) { return true }
        }
        guard let first = rest.first, first.isASCII, first.isNumber || first == "." else { return false }
        guard rest.contains(where: { $0.isASCII && $0.isNumber }) else { return false }
        var previous: Character = " "
        for character in rest {
            switch character {
            case "0"..."9", "_", ".", ":", "e", "E": break
            case "+", "-": if previous != "e" && previous != "E" { return false }
            default: return false
            }
            previous = character
        }
        return true
    }

    /// Characters outside YAML's printable set, plus line separators and the
    /// byte order mark, which must be escaped in double quotes.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF: return true
        default: return false
        }
    }

    private static func doubleQuoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case "\0": result += "\\0"
            case "\u{85}": result += "\\N"
            case "\u{2028}": result += "\\L"
            case "\u{2029}": result += "\\P"
            default:
                if needsEscape(scalar) {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    let (prefix, width) = scalar.value < 0x100 ? ("\\x", 2) : ("\\u", 4)
                    result += prefix + String(repeating: "0", count: width - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
