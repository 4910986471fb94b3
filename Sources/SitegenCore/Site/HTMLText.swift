import Foundation

/// Small conversions between HTML and plain text.
public enum HTMLText {
    /// The text of an HTML fragment: tags removed, the entities cmark writes decoded,
    /// whitespace collapsed; cut at a word boundary near `limit` characters.
    public static func excerpt(fromHTML html: String, limit: Int = 160) -> String {
        var text = ""
        var inTag = false
        var lastWasSpace = true
        for character in html {
            if inTag {
                if character == ">" { inTag = false }
                continue
            }
            if character == "<" {
                inTag = true
                if !lastWasSpace { text.append(" ") }
                lastWasSpace = true
            } else if character.isWhitespace {
                if !lastWasSpace { text.append(" ") }
                lastWasSpace = true
            } else {
                text.append(character)
                lastWasSpace = false
            }
        }
        text = decodeEntities(text).trimmingWhitespace
        guard text.count > limit else { return text }
        let cut = text.prefix(limit)
        let end = cut.lastIndex(of: " ") ?? cut.endIndex
        return String(cut[..<end]) + "…"
    }

    /// Escapes text for XML and HTML content and attributes, dropping the
    /// control characters XML 1.0 forbids.
    public static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            if character.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" && $0 != "\n" && $0 != "\r" }) {
                continue
            }
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }

    private static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text.replacingAll("&lt;", with: "<").replacingAll("&gt;", with: ">")
            .replacingAll("&quot;", with: "\"").replacingAll("&#39;", with: "'").replacingAll("&amp;", with: "&")
    }
}

extension String {
    /// The string with every occurrence of `target` replaced.
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty, contains(target) else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.range(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
