import Foundation

/// Small conversions between HTML and plain text, on UTF-8 bytes so they stay
/// fast on large pages.
package enum HTMLText {
    /// The text of an HTML fragment: tags removed, the entities cmark writes decoded,
    /// whitespace collapsed; cut at a word boundary near `limit` characters.
    /// Reads only as much of the HTML as the excerpt needs.
    package static func excerpt(fromHTML html: String, limit: Int = 160) -> String {
        var text: [UInt8] = []
        var characters = 0
        var inTag = false
        var lastWasSpace = true
        for byte in html.utf8 {
            if inTag {
                if byte == UInt8(ascii: ">") { inTag = false }
                continue
            }
            if byte == UInt8(ascii: "<") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n")
                || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
            {
                if byte == UInt8(ascii: "<") { inTag = true }
                if !lastWasSpace {
                    text.append(UInt8(ascii: " "))
                    characters += 1
                }
                lastWasSpace = true
            } else {
                text.append(byte)
                if byte & 0xC0 != 0x80 { characters += 1 }
                lastWasSpace = false
            }
            if characters > limit + 40 { break }  // Entities shrink when decoded; keep a margin.
        }
        return cut(decodeEntities(String(decoding: text, as: UTF8.self)).trimmingWhitespace, limit: limit)
    }

    /// Plain text with its white space collapsed, cut at a word boundary near `limit` characters (no limit: whole).
    package static func excerpt(fromText text: String, limit: Int?) -> String {
        var collapsed: [UInt8] = []
        var characters = 0
        var lastWasSpace = true
        for byte in text.utf8 {
            if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D {
                if !lastWasSpace {
                    collapsed.append(0x20)
                    characters += 1
                }
                lastWasSpace = true
            } else {
                collapsed.append(byte)
                if byte & 0xC0 != 0x80 { characters += 1 }
                lastWasSpace = false
            }
            if let limit, characters > limit + 1 { break }  // Enough to know where to cut.
        }
        let whole = String(decoding: collapsed, as: UTF8.self).trimmingWhitespace
        guard let limit else { return whole }
        return cut(whole, limit: limit)
    }

    private static func cut(_ text: String, limit: Int) -> String {
        guard text.count > limit else { return text }
        let cut = text.prefix(limit)
        let end = cut.lastIndex(of: " ") ?? cut.endIndex
        return String(cut[..<end]) + "…"
    }

    /// Escapes text for XML and HTML content and attributes, dropping the
    /// control characters XML 1.0 forbids.
    package static func escaped(_ text: String) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count + text.utf8.count / 8)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): result.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): result.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): result.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): result.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): result.append(contentsOf: "&#39;".utf8)
            case UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): result.append(byte)
            case 0..<0x20: continue
            default: result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The five entities cmark writes, decoded; any other `&` is left as it is.
    private static func decodeEntities(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        let entities: [(name: [UInt8], character: UInt8)] = [
            (Array("&lt;".utf8), UInt8(ascii: "<")), (Array("&gt;".utf8), UInt8(ascii: ">")),
            (Array("&quot;".utf8), UInt8(ascii: "\"")), (Array("&#39;".utf8), UInt8(ascii: "'")),
            (Array("&amp;".utf8), UInt8(ascii: "&")),
        ]
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        outer: while index < bytes.count {
            if bytes[index] == UInt8(ascii: "&") {
                for entity in entities where bytes[index...].starts(with: entity.name) {
                    result.append(entity.character)
                    index += entity.name.count
                    continue outer
                }
            }
            result.append(bytes[index])
            index += 1
        }
        return String(decoding: result, as: UTF8.self)
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
