import Foundation

/// The links written as they are in templates' text (`<a href="/menu/">`), checked like
/// Markdown's: each must arrive at a page, an asset, a published file or a kept entry of
/// the site, on every page rendered with the template.
///
/// Only literal values are looked at: a value holding a tag (`href="{{site.root}}menu/"`)
/// is made at render time and left alone, as are fragments (`#main`), URLs with a scheme,
/// and the preview's own files (`/_sitegen/`).
///
/// The attributes are found by a scan of the template's source rather than an HTML parser:
/// the source is HTML with Mustache tags cut into it anywhere (inside attribute values,
/// between attributes), which no HTML parser reads as written, while the scan only needs to
/// know tags, attributes and their quotes, comments and the raw text of `script` and `style`.
/// After a `{{=…=}}` tag changes the delimiters, the rest of a template is not scanned.
struct TemplateLinks: Sendable {
    /// A link written in a template: the attribute's value and where it starts.
    struct Link: Sendable, Hashable {
        var written: String
        var line: Int
        var column: Int
    }

    /// The checkable links of each template that has any, by template name.
    let links: [String: [Link]]

    /// The links of templates' sources, by template name.
    init(sources: [String: String]) {
        var links: [String: [Link]] = [:]
        for (name, source) in sources {
            let found = Self.links(in: source).filter { Self.isChecked($0.written) }
            if !found.isEmpty { links[name] = found }
        }
        self.links = links
    }

    /// Every `href` and `src` value of `source`'s HTML tags that holds no Mustache tag.
    static func links(in source: String) -> [Link] {
        var scan = AttributeScan(Array(source.utf8))
        return scan.links()
    }

    /// Whether a written link names a place of the site that can be checked.
    private static func isChecked(_ written: String) -> Bool {
        guard let first = written.first, first != "#", first != "?" else { return false }
        if written.hasPrefix("//") || written.hasPrefix("/_sitegen/") { return false }
        // A scheme (`https:`, `mailto:`, `data:`): letters, digits, `+`, `-`, `.`, then `:` before any `/`.
        if let colon = written.firstIndex(of: ":"), !written[..<colon].contains("/") { return false }
        return true
    }
}

/// A scan of a template's source for the `href` and `src` values of its HTML tags.
private struct AttributeScan {
    let bytes: [UInt8]
    var position = 0
    var line = 1
    var lineStart = 0
    var found: [TemplateLinks.Link] = []

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func links() -> [TemplateLinks.Link] {
        while position < bytes.count {
            if starts("{{") {
                guard skipMustacheTag() else { return found }
            } else if starts("<!--") {
                skip(past: "-->")
            } else if byte == UInt8(ascii: "<"), position + 1 < bytes.count, isLetter(bytes[position + 1]) {
                advance()
                let name = word().lowercased()
                guard scanAttributes() else { return found }
                if name == "script" || name == "style" { skip(past: "</" + name, caseInsensitive: true) }
            } else {
                advance()
            }
        }
        return found
    }

    private var byte: UInt8 { bytes[position] }

    private func starts(_ text: String, caseInsensitive: Bool = false) -> Bool {
        let pattern = Array(text.utf8)
        guard position + pattern.count <= bytes.count else { return false }
        for (offset, expected) in pattern.enumerated() {
            let actual = bytes[position + offset]
            if actual == expected { continue }
            if caseInsensitive, isLetter(actual), actual | 0x20 == expected | 0x20 { continue }
            return false
        }
        return true
    }

    private func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r") || byte == 0x0C
    }

    private mutating func advance() {
        if byte == UInt8(ascii: "\n") {
            line += 1
            lineStart = position + 1
        }
        position += 1
    }

    private mutating func skip(past text: String, caseInsensitive: Bool = false) {
        while position < bytes.count && !starts(text, caseInsensitive: caseInsensitive) { advance() }
        for _ in 0..<text.utf8.count where position < bytes.count { advance() }
    }

    /// Skips a Mustache tag; `false` after a delimiter change (the rest is not scanned).
    private mutating func skipMustacheTag() -> Bool {
        if starts("{{=") { return false }
        skip(past: starts("{{{") ? "}}}" : "}}")
        return true
    }

    /// A tag or attribute name.
    private mutating func word() -> String {
        let start = position
        while position < bytes.count, !Self.isSpace(byte), byte != UInt8(ascii: ">"), byte != UInt8(ascii: "/"),
            byte != UInt8(ascii: "="), !starts("{{")
        {
            advance()
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// The attributes of a tag up to its `>`, noting `href` and `src` values; `false` after a delimiter change.
    /// Moves over an attribute's value up to the byte that ends it, stepping over Mustache tags:
    /// whether it met one, or `nil` when a tag never closes.
    private mutating func skipValue(endingAt ends: (UInt8) -> Bool) -> Bool? {
        var holdsTag = false
        while position < bytes.count, !ends(byte) {
            if starts("{{") {
                holdsTag = true
                guard skipMustacheTag() else { return nil }
            } else {
                advance()
            }
        }
        return holdsTag
    }

    private mutating func scanAttributes() -> Bool {
        while position < bytes.count {
            if byte == UInt8(ascii: ">") {
                advance()
                return true
            }
            if starts("{{") {
                guard skipMustacheTag() else { return false }
                continue
            }
            if Self.isSpace(byte) || byte == UInt8(ascii: "/") {
                advance()
                continue
            }
            let name = word().lowercased()
            if name.isEmpty {
                advance()  // A stray `=`.
                continue
            }
            while position < bytes.count, Self.isSpace(byte) { advance() }
            guard position < bytes.count, byte == UInt8(ascii: "=") else { continue }
            advance()
            while position < bytes.count, Self.isSpace(byte) { advance() }
            guard position < bytes.count else { break }
            let holdsTag: Bool
            let start: Int
            let end: Int
            var (valueLine, valueColumn) = (line, column)
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                let quote = byte
                advance()
                (valueLine, valueColumn) = (line, column)  // The value's first character.
                start = position
                guard let tagged = skipValue(endingAt: { $0 == quote }) else { return false }
                holdsTag = tagged
                end = position
                if position < bytes.count { advance() }
            } else {
                start = position
                guard let tagged = skipValue(endingAt: { Self.isSpace($0) || $0 == UInt8(ascii: ">") }) else {
                    return false
                }
                holdsTag = tagged
                end = position
            }
            if (name == "href" || name == "src") && !holdsTag {
                let value = String(decoding: bytes[start..<end], as: UTF8.self)
                found.append(TemplateLinks.Link(written: value, line: valueLine, column: valueColumn))
            }
        }
        return true
    }

    /// The 1-based column of the current position, in characters.
    private var column: Int {
        bytes[lineStart..<position].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    }
}
