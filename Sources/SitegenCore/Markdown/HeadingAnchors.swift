/// Every heading gets an `id` made from its text, as GitHub makes them:
/// lower-cased, white space to `-`, everything but letters, digits, `-` and
/// `_` dropped (letters of any script kept), `-1`, `-2` … added to repeats;
/// and a `#` link to itself after its text, which the theme shows on hover
/// and focus. The headings are also collected for a table of contents.
enum HeadingAnchors {
    /// Marks the start of a heading's text in cmark's output, where `finish` puts the `id`.
    private static let markStart = "\u{E000}", markEnd = "\u{E001}"

    static func apply(to document: MarkdownNode, context: inout MarkdownContext) {
        var counts: [String: Int] = [:]
        for id in context.reservedIDs { counts[id] = 1 }
        for heading in document.descendants where heading.kind == .heading {
            let text = heading.plainText
            let base = slug(text)
            var id = base
            while let seen = counts[id] {
                counts[id] = seen + 1
                id = "\(base)-\(seen)"
            }
            counts[id, default: 0] += 1
            heading.prepend(.raw(.customInline, enter: markStart + String(context.anchors.count) + markEnd))
            heading.append(
                .raw(.customInline, enter: " <a class=\"heading-anchor\" href=\"#\(id)\" aria-labelledby=\"\(id)\">#</a>"))
            context.anchors.append(id)
            context.headings.append((heading.headingLevel, id, text))
        }
    }

    /// A heading's `id`: `Hello, World!` → `hello-world`, `스크럼 회고` → `스크럼-회고`.
    static func slug(_ text: String) -> String {
        var slug = ""
        for character in text.lowercased() {
            if character.isLetter || character.isNumber || character == "-" || character == "_" {
                slug.append(character)
            } else if character.isWhitespace {
                slug.append("-")
            }
        }
        return slug.isEmpty ? "section" : slug
    }

    /// cmark's HTML with each marked heading's opening tag given its `id`: `<h2>` + mark → `<h2 id="…">`.
    static func finish(_ html: String, anchors: [String]) -> String {
        guard !anchors.isEmpty else { return html }
        let bytes = Array(html.utf8)
        let start = Array(markStart.utf8), end = Array(markEnd.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + anchors.count * 24)
        var copied = 0
        var position = 0
        while let mark = ByteSearch.find(start, in: bytes, from: position) {
            guard let close = ByteSearch.find(end, in: bytes, from: mark + start.count),
                let index = Int(String(decoding: bytes[(mark + start.count)..<close], as: UTF8.self)), index < anchors.count
            else { break }
            // The four bytes before the mark are the heading's `<hN>`.
            if mark >= 4, bytes[mark - 4] == UInt8(ascii: "<"), bytes[mark - 3] == UInt8(ascii: "h"), bytes[mark - 1] == UInt8(ascii: ">") {
                result += bytes[copied..<(mark - 1)]
                result += Array(" id=\"\(anchors[index])\">".utf8)
            } else {
                result += bytes[copied..<mark]
            }
            position = close + end.count
            copied = position
        }
        result += bytes[copied...]
        return String(decoding: result, as: UTF8.self)
    }
}
